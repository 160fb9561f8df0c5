import type { ApiRoute } from './route';

/** To be declared (issue 21): the sheets routes. */
export const sheetApi = {} satisfies Record<string, ApiRoute>;
