/** What other features may use of this one; everything else in the folder is its own. */
export type { ArchivedFiles } from './participant-bundle';
export { participantBundle } from './participant-bundle';
export { ClientError, registerClient } from './system-clients';
