import type { ApiRoute } from './route';

/** To be declared (issue 21): the health routes. */
export const healthApi = {} satisfies Record<string, ApiRoute>;
