import type { ApiRoute } from './route';

/** To be declared (issue 21): the legal routes. */
export const legalApi = {} satisfies Record<string, ApiRoute>;
