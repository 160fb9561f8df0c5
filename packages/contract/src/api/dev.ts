import type { ApiRoute } from './route';

/** To be declared (issue 21): the dev routes. */
export const devApi = {} satisfies Record<string, ApiRoute>;
