import { z } from 'zod';
import { languageParam, listReply, pageQuery } from './common';

/**
 * "My activity" (docs/activity.md): who accessed or changed a participant's record, read from the
 * audit trail and told as facts the screen turns into sentences. Never an address (IP), never the
 * raw details of an event, never a recipient's full address, never another person's data.
 */

/** The filters of the screen, each a family of events. */
export const ACTIVITY_FILTERS = ['signIns', 'documents', 'recordChanges', 'staff', 'published'] as const;
export const activityFilter = z.enum(ACTIVITY_FILTERS);
export type ActivityFilter = z.infer<typeof activityFilter>;

export const ACTIVITY_KINDS = [
  'signIn',
  /**
   * The password was accepted but the text-message code of that session was never confirmed: someone
   * who is not the participant may know their password.
   */
  'signInUnconfirmed',
  'signInFailed',
  'codeFailed',
  'accountLocked',
  'passwordChanged',
  /** The holder ended one of their sessions (its browser named), or all the others (none named). */
  'sessionsEnded',
  /** The holder's sign-in factors changed (docs/second-factors.md#security-tab): added, removed, switched, used. */
  'passkeyAdded',
  'passkeyRemoved',
  'appAdded',
  'appRemoved',
  'smsCodeOff',
  'smsCodeOn',
  'recoveryCodeUsed',
  'recoveryCodesRenewed',
  'documentViewed',
  'documentDownloaded',
  'documentsSent',
  'documentsSendFailed',
  /** The participant built the archive of their data ("Mes données"). */
  'dataArchiveBuilt',
  'recordCreated',
  'recordChanged',
  'contactChanged',
  'membershipEnded',
  'membershipResumed',
  'transferRequested',
  'transferAccepted',
  'transferCancelled',
  'staffAction',
  'documentPublished',
  'documentUpdated',
] as const;
export const activityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKind>;

/** What a member of the centre's staff did on the account (the centre's support console). */
export const STAFF_ACTIONS = [
  'ACCOUNT_VIEWED',
  'UNLOCK',
  'END_SESSIONS',
  'DEACTIVATE',
  'REACTIVATE',
  'RESET_LINK',
  'REGISTRATION_LINK',
  'RESET_FACTORS',
] as const;
export const staffAction = z.enum(STAFF_ACTIONS);
export type StaffAction = z.infer<typeof staffAction>;

/** The parts of a record a change touched, named for a person (never the values). */
export const RECORD_FIELDS = [
  'civility',
  'lastName',
  'firstName',
  'maidenName',
  'birthDate',
  'gender',
  'identifier',
  'profession',
  'address',
  'landline',
  'mobile',
  'email',
  'secretaryPhone',
  'contactPerson',
  'checkup',
  'membership',
  'establishment',
  'language',
] as const;
export const recordField = z.enum(RECORD_FIELDS);
export type RecordField = z.infer<typeof recordField>;

/**
 * Who acted. `staff`: a member of the centre's staff, by role and by name, or by a stable code when the
 * centre chose pseudonyms (`pseudonym`); `system`: the centre's information system (integration API).
 */
export const activityActor = z.object({
  kind: z.enum(['self', 'correspondant', 'staff', 'system']),
  role: z.enum(['operator', 'admin']).nullable(),
  name: z.string().nullable(),
  pseudonym: z.boolean(),
});
export type ActivityActor = z.infer<typeof activityActor>;

export const activityEntry = z.object({
  /** The event's number (a stable key for the list). */
  id: z.number().int(),
  at: z.string(),
  kind: activityKind,
  actor: activityActor,
  /** The browser and system of a sign-in ("Firefox 128 · Windows 10"), never the address. */
  browser: z.string().nullable(),
  /** The titles of the documents concerned, when they are still on the participant's space. */
  documents: z.array(z.string()),
  /** How many documents the event concerned (some may no longer be shown: withdrawn). */
  documentCount: z.number().int(),
  /** The domain of the address documents were sent to ("gmail.com"), never the address. */
  recipientDomain: z.string().nullable(),
  fields: z.array(recordField),
  staffAction: staffAction.nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/** `langue`: the language of the documents' titles (the interface's, README "Languages"). */
export const activityQuery = pageQuery(20)
  .omit({ sort: true })
  .extend({ type: activityFilter.optional(), langue: languageParam });
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activityList = listReply(activityEntry);
export type ActivityList = z.infer<typeof activityList>;
