import type { ApiRoute } from './route';

/** To be declared (issue 21): the documents routes. */
export const documentApi = {} satisfies Record<string, ApiRoute>;
