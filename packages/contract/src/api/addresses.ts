import type { ApiRoute } from './route';

/** To be declared (issue 21): the addresses routes. */
export const addressApi = {} satisfies Record<string, ApiRoute>;
