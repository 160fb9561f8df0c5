import type { ApiRoute } from './route';

/** To be declared (issue 21): the home routes. */
export const homeApi = {} satisfies Record<string, ApiRoute>;
