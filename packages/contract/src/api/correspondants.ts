import type { ApiRoute } from './route';

/** To be declared (issue 21): the correspondants routes. */
export const correspondantApi = {} satisfies Record<string, ApiRoute>;
