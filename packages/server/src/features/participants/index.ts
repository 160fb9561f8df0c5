/** What other features may use of this one; everything else in the folder is its own. */
export { createActivations, newAccountLogin, sendActivation } from './activation';
export type { EstablishmentFacts } from './establishment.queries';
export {
  acceptsCheckupType,
  checkupTypesOf,
  findEstablishment,
  findEstablishments,
  listScopeEstablishments,
} from './establishment.queries';
export type { ParticipantRecord } from './participant.queries';
export { checkForm, formColumns } from './participant-form';
export { PARTICIPANTS_CHANNEL } from './participant-page-cache';
