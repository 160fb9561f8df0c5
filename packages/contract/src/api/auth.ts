import type { ApiRoute } from './route';

/** To be declared (issue 21): the auth routes. */
export const authApi = {} satisfies Record<string, ApiRoute>;
