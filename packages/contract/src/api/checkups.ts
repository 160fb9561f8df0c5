import type { ApiRoute } from './route';

/** To be declared (issue 21): the checkups routes. */
export const checkupApi = {} satisfies Record<string, ApiRoute>;
