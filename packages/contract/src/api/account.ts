import type { ApiRoute } from './route';

/** To be declared (issue 21): the account routes. */
export const accountApi = {} satisfies Record<string, ApiRoute>;
