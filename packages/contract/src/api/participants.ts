import type { ApiRoute } from './route';

/** To be declared (issue 21): the participants routes. */
export const participantApi = {} satisfies Record<string, ApiRoute>;
