import type { ApiRoute } from './route';

/** To be declared (issue 21): the recovery routes. */
export const recoveryApi = {} satisfies Record<string, ApiRoute>;
