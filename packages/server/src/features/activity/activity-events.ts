import {
  type ActivityFilter,
  type ActivityKind,
  type StaffAction,
  staffAction,
} from '@portail/contract/schemas/activity';

/**
 * Which events of the audit trail "My activity" tells (docs/activity.md#events), as what kind, under
 * which filter, and where the trail finds them for a participant. Every other action stays out: the
 * screen lists what concerns the person, not the portal's housekeeping (and not its own reading).
 */
interface EventSpec {
  kind: ActivityKind;
  filter: ActivityFilter;
  /**
   * How the row names the participant: `participant` (participant_id, set on every event that
   * concerns one's record), `actor` (the participant's own account acted: sign-ins, own changes),
   * `target` (rows written before participant_id was set on them: the record, the account or the
   * document they target).
   */
  found: readonly ('participant' | 'actor' | 'targetParticipant' | 'targetUser' | 'targetDocument')[];
}

const OWN = ['actor'] as const;
const RECORD = ['participant', 'targetParticipant'] as const;
const STAFF = ['participant', 'targetUser'] as const;
const PUBLISHED = ['participant', 'targetDocument'] as const;

export const ACTIVITY_EVENTS: Readonly<Record<string, EventSpec>> = {
  SIGN_IN: { kind: 'signIn', filter: 'signIns', found: OWN },
  SIGN_IN_FAILED: { kind: 'signInFailed', filter: 'signIns', found: OWN },
  SIGN_IN_REFUSED_LOCKED: { kind: 'signInFailed', filter: 'signIns', found: OWN },
  CODE_FAILED: { kind: 'codeFailed', filter: 'signIns', found: OWN },
  CODE_LOCKED: { kind: 'codeFailed', filter: 'signIns', found: OWN },
  ACCOUNT_LOCKED: { kind: 'accountLocked', filter: 'signIns', found: OWN },
  PASSWORD_CHANGED: { kind: 'passwordChanged', filter: 'signIns', found: OWN },
  PASSWORD_RESET: { kind: 'passwordChanged', filter: 'signIns', found: OWN },
  SESSION_ENDED_BY_HOLDER: { kind: 'sessionsEnded', filter: 'signIns', found: OWN },
  OTHER_SESSIONS_ENDED_BY_HOLDER: { kind: 'sessionsEnded', filter: 'signIns', found: OWN },
  // The second factors (docs/second-factors.md): SECOND_FACTOR_ADDED and _REMOVED take their kind from
  // details.factor (activity.service.ts factorKind).
  SECOND_FACTOR_ADDED: { kind: 'passkeyAdded', filter: 'signIns', found: OWN },
  SECOND_FACTOR_REMOVED: { kind: 'passkeyRemoved', filter: 'signIns', found: OWN },
  SMS_CODE_TURNED_OFF: { kind: 'smsCodeOff', filter: 'signIns', found: OWN },
  SMS_CODE_TURNED_ON: { kind: 'smsCodeOn', filter: 'signIns', found: OWN },
  RECOVERY_CODE_USED: { kind: 'recoveryCodeUsed', filter: 'signIns', found: OWN },
  RECOVERY_CODES_RENEWED: { kind: 'recoveryCodesRenewed', filter: 'signIns', found: OWN },
  DOCUMENT_VIEWED: { kind: 'documentViewed', filter: 'documents', found: ['participant'] },
  DOCUMENT_DOWNLOADED: { kind: 'documentDownloaded', filter: 'documents', found: ['participant'] },
  DOCUMENTS_SENT: { kind: 'documentsSent', filter: 'documents', found: ['participant'] },
  DOCUMENTS_SEND_FAILED: { kind: 'documentsSendFailed', filter: 'documents', found: ['participant'] },
  MY_DATA_EXPORTED: { kind: 'dataArchiveBuilt', filter: 'documents', found: ['participant'] },
  PARTICIPANT_CREATED: { kind: 'recordCreated', filter: 'recordChanges', found: RECORD },
  PARTICIPANT_UPDATED: { kind: 'recordChanged', filter: 'recordChanges', found: RECORD },
  USER_CONTACT_CHANGED: { kind: 'contactChanged', filter: 'recordChanges', found: OWN },
  PARTICIPANT_TERMINATED: { kind: 'membershipEnded', filter: 'recordChanges', found: RECORD },
  PARTICIPANT_READMITTED: { kind: 'membershipResumed', filter: 'recordChanges', found: RECORD },
  PARTICIPANT_TRANSFER_REQUESTED: { kind: 'transferRequested', filter: 'recordChanges', found: RECORD },
  MUTATION_ACCEPTED: { kind: 'transferAccepted', filter: 'recordChanges', found: RECORD },
  MUTATION_CANCELLED: { kind: 'transferCancelled', filter: 'recordChanges', found: RECORD },
  STAFF_ACCOUNT_VIEWED: { kind: 'staffAction', filter: 'staff', found: STAFF },
  STAFF_UNLOCK: { kind: 'staffAction', filter: 'staff', found: STAFF },
  STAFF_END_SESSIONS: { kind: 'staffAction', filter: 'staff', found: STAFF },
  STAFF_DEACTIVATE: { kind: 'staffAction', filter: 'staff', found: STAFF },
  STAFF_REACTIVATE: { kind: 'staffAction', filter: 'staff', found: STAFF },
  STAFF_RESET_LINK: { kind: 'staffAction', filter: 'staff', found: STAFF },
  STAFF_REGISTRATION_LINK: { kind: 'staffAction', filter: 'staff', found: STAFF },
  STAFF_RESET_FACTORS: { kind: 'staffAction', filter: 'staff', found: STAFF },
  FHIR_DOCUMENT_CREATED: { kind: 'documentPublished', filter: 'published', found: PUBLISHED },
  FHIR_DOCUMENT_UPDATED: { kind: 'documentUpdated', filter: 'published', found: PUBLISHED },
};

export type Found = EventSpec['found'][number];

/** The actions a filter (or none: every one) finds by one way. */
export function actionsFoundBy(found: Found, filter: ActivityFilter | undefined): string[] {
  return Object.entries(ACTIVITY_EVENTS)
    .filter(([, spec]) => spec.found.includes(found) && (filter === undefined || spec.filter === filter))
    .map(([action]) => action);
}

/** STAFF_UNLOCK → UNLOCK. */
export function staffActionOf(action: string): StaffAction | null {
  if (!action.startsWith('STAFF_')) return null;
  const parsed = staffAction.safeParse(action.slice('STAFF_'.length));
  return parsed.success ? parsed.data : null;
}
