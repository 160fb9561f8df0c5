import type { ApiRoute } from './route';

/** To be declared (issue 21): the enums routes. */
export const enumApi = {} satisfies Record<string, ApiRoute>;
