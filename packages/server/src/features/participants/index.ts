/** What other features may use of this one; everything else in the folder is its own. */
export { activationMail, createActivations, newAccountLogin, sendActivation } from './activation';
export { scopeNamesakes } from './duplicates';
export type { EstablishmentFacts } from './establishment.queries';
export {
  acceptsCheckupType,
  checkupTypesOf,
  findEstablishment,
  findEstablishments,
  listScopeEstablishments,
} from './establishment.queries';
export type { ParticipantRecord } from './participant.queries';
export type { EnumItemFacts } from './participant-form';
export { checkForm, formColumns, loadEnumItems } from './participant-form';
export { PARTICIPANTS_CHANNEL } from './participant-page-cache';
export type {
  CreatedParticipant,
  FormFacts,
  FormVerdict,
  RequestContext,
  UpdatedValues,
} from './participant-write.service';
export {
  changes,
  creationVerdict,
  insertParticipant,
  saveParticipant,
  scopedEstablishment,
  updateVerdict,
} from './participant-write.service';
export { participantForCaller } from './participants.service';
