import type { ApiRoute } from './route';

/** To be declared (issue 21): the registration routes. */
export const registrationApi = {} satisfies Record<string, ApiRoute>;
