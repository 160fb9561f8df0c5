import type { ApiRoute } from './route';

/** To be declared (issue 21): the assistance routes. */
export const assistanceApi = {} satisfies Record<string, ApiRoute>;
