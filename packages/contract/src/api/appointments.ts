import type { ApiRoute } from './route';

/** To be declared (issue 21): the appointments routes. */
export const appointmentApi = {} satisfies Record<string, ApiRoute>;
