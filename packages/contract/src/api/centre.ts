import type { ApiRoute } from './route';

/** To be declared (issue 21): the centre routes. */
export const centreApi = {} satisfies Record<string, ApiRoute>;
