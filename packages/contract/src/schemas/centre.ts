import { z } from 'zod';
import { languageParam, listReply } from './common';

/**
 * The Centre area (issue 20): the centre's staff support the accounts, follow the deliveries of text
 * messages and mails, and read the audit trail. No reply ever holds a password, a code, a link's
 * secret or a message's body.
 */

export const accountKind = z.enum(['PARTICIPANT', 'CORRESPONDANT', 'STAFF']);
export type AccountKind = z.infer<typeof accountKind>;

/** Where an account stands, in the order the support screen checks them. */
export const accountState = z.enum(['DEACTIVATED', 'LOCKED', 'PENDING', 'ACTIVE']);
export type AccountState = z.infer<typeof accountState>;

/** Every action asks why: the reason goes to the audit trail with the operator's name. */
export const staffReason = z.object({ reason: z.string().trim().min(3).max(500) });
export type StaffReason = z.infer<typeof staffReason>;

export const accountSearchQuery = z.object({
  /** An identifier, a name, an e-mail, a mobile number, or `p:123` / `c:45` for a record id. */
  q: z.string().trim().min(2).max(100),
  kind: accountKind.optional(),
});

export const accountSummary = z.object({
  id: z.number().int(),
  kind: accountKind,
  login: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  participantId: z.number().int().nullable(),
  correspondantId: z.number().int().nullable(),
  state: accountState,
});
export type AccountSummary = z.infer<typeof accountSummary>;
export const accountSearchReply = z.object({
  items: z.array(accountSummary),
  /** True when more accounts matched than the page shows: the operator narrows the search. */
  more: z.boolean(),
});
export type AccountSearchReply = z.infer<typeof accountSearchReply>;

export const signInEvent = z.object({
  at: z.string(),
  /** SIGN_IN, SIGN_IN_FAILED, ACCOUNT_LOCKED, CODE_FAILED, … as the audit trail names them. */
  action: z.string(),
  ip: z.string().nullable(),
  /** The browser and system read from the user agent (never the raw header). */
  browser: z.string().nullable(),
});

export const openSession = z.object({
  /** A short, stable label of the session (not its id, which signs tokens). */
  label: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  confirmed: z.boolean(),
});

/** QUEUED until a first attempt, RETRYING after a failed one, DEAD once every attempt failed. */
export const DELIVERY_STATUSES = ['QUEUED', 'SENT', 'RETRYING', 'DEAD'] as const;
export const deliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;
/** What a message is for: the centre's staff filter deliveries by it and never see the body. */
export const MESSAGE_PURPOSES = [
  'SIGN_IN_CODE',
  'REGISTRATION',
  'PASSWORD',
  'CONTACT',
  'LOGIN_REMINDER',
  'DOCUMENTS',
  'NOTIFICATION',
  'OTHER',
] as const;
export const messagePurpose = z.enum(MESSAGE_PURPOSES);
export type MessagePurpose = z.infer<typeof messagePurpose>;
export const deliveryChannel = z.enum(['SMS', 'MAIL', 'LETTER']);

export const delivery = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: deliveryChannel,
  purpose: messagePurpose,
  recipient: z.string(),
  status: deliveryStatus,
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The provider's answer to the last failed attempt. */
  lastError: z.string().nullable(),
  userId: z.number().int().nullable(),
  login: z.string().nullable(),
});
export type Delivery = z.infer<typeof delivery>;

export const accountCard = accountSummary.extend({
  englishOnly: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Since when the account is locked, and after what (three wrong passwords, or codes). */
  lockedAt: z.string().nullable(),
  lockedAfter: z.string().nullable(),
  /** Until when the account stays locked unless unlocked (LOCK_DURATION_S after lockedAt). */
  lockedUntil: z.string().nullable(),
  /** A registration link waiting to be used, and until when it works. */
  registrationLinkExpiresAt: z.string().nullable(),
  signIns: z.array(signInEvent),
  sessions: z.array(openSession),
  /** What the centre's staff did to the account, newest first, with who did it and why. */
  staffActions: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      by: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  messages: z.array(delivery),
  /**
   * The account's sign-in factors (docs/second-factors.md): passkeys, an authenticator app, whether the
   * holder turned the text-message code off. Counts only: nothing that would let anyone use them.
   */
  factors: z.object({ passkeys: z.number().int(), app: z.boolean(), smsOff: z.boolean() }),
  /** The actions the state allows (the screen offers these only). */
  actions: z.array(
    z.enum([
      'UNLOCK',
      'END_SESSIONS',
      'REGISTRATION_LINK',
      'RESET_LINK',
      'DEACTIVATE',
      'REACTIVATE',
      'RESET_FACTORS',
    ]),
  ),
});
export type AccountCard = z.infer<typeof accountCard>;
export type AccountAction = AccountCard['actions'][number];

export const accountActionPath = z.enum([
  'unlock',
  'end-sessions',
  'registration-link',
  'reset-link',
  'deactivate',
  'reactivate',
  'reset-factors',
]);
export type AccountActionPath = z.infer<typeof accountActionPath>;

export const deliveryQuery = z.object({
  status: deliveryStatus.optional(),
  channel: z.enum(['SMS', 'MAIL']).optional(),
  purpose: messagePurpose.optional(),
  /** One account's messages (users.id, as the support card links them). */
  account: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Part of a recipient's address or number. */
  recipient: z.string().trim().min(1).max(100).optional(),
  /** Days, inclusive, in the centre's time zone (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export type DeliveryQuery = z.infer<typeof deliveryQuery>;
export const deliveryList = listReply(delivery).extend({
  /** Messages by status over the whole outbox (the filters' counters). */
  counts: z.record(deliveryStatus, z.number().int()),
});
export type DeliveryList = z.infer<typeof deliveryList>;

/**
 * The audit trail as the data-protection officer searches it (administrators): families of actions
 * the search offers, each the actions it stands for (`FHIR_` stands for every call of a system client).
 */
export const AUDIT_ACTION_GROUPS = {
  DOCUMENTS: [
    'DOCUMENT_VIEWED',
    'DOCUMENT_DOWNLOADED',
    'DOCUMENTS_SENT',
    'DOCUMENTS_SEND_FAILED',
    'SHEET_VIEWED',
    'SHEET_DOWNLOADED',
  ],
  SIGN_IN: [
    'SIGN_IN',
    'SIGN_IN_FAILED',
    'SIGN_IN_REFUSED_LOCKED',
    'SIGN_IN_REFUSED_TEXTS',
    'SIGN_IN_CONFIRMED',
    'ACCOUNT_LOCKED',
    'CODE_FAILED',
    'CODE_LOCKED',
    'CODE_THROTTLED',
    'SECOND_STEP_FAILED',
    'PASSKEY_SIGN_IN_FAILED',
    'REAUTHENTICATION_FAILED',
    'REFRESH_REUSE',
    'SIGN_OUT',
  ],
  RECORD: [
    'PARTICIPANT_CREATED',
    'PARTICIPANT_UPDATED',
    'CHECKUP_CREATED',
    'CHECKUP_UPDATED',
    'MUTATION_ACCEPTED',
    'MAMMOGRAM_DATE_RECORDED',
    'WITHDRAWAL_CONSENT_RECORDED',
    'FHIR_DOCUMENT_CREATED',
    'FHIR_DOCUMENT_UPDATED',
  ],
  ACCOUNT: [
    'PASSWORD_CHANGED',
    'PASSWORD_CHANGE_REFUSED',
    'PASSWORD_RESET',
    'PASSWORD_LINK_SENT',
    'PASSWORD_LINK_NOT_SENT',
    'PASSWORD_LINK_INVALID',
    'SECRET_QUESTION_CHANGED',
    'SECOND_FACTOR_ADDED',
    'SECOND_FACTOR_REMOVED',
    'SMS_CODE_TURNED_OFF',
    'SMS_CODE_TURNED_ON',
    'RECOVERY_CODE_USED',
    'RECOVERY_CODES_RENEWED',
    'CONTACT_CHANGE_REQUESTED',
    'CONTACT_CHANGE_CANCELLED',
    'CONTACT_CODE_FAILED',
    'USER_CONTACT_CHANGED',
    'REGISTRATION_LINK_SENT',
    'REGISTRATION_LINK_RESENT',
    'REGISTRATION_CODE_SENT',
    'REGISTRATION_COMPLETED',
    'ACTIVATION_CODE_ISSUED',
    'RECOVERY_QUESTION_ASKED',
    'RECOVERY_ANSWER_ACCEPTED',
    'RECOVERY_ANSWER_REFUSED',
    'RECOVERY_LOGIN_SENT',
  ],
  STAFF: [
    'STAFF_ACCOUNT_VIEWED',
    'STAFF_UNLOCK',
    'STAFF_END_SESSIONS',
    'STAFF_REGISTRATION_LINK',
    'STAFF_RESET_LINK',
    'STAFF_RESET_FACTORS',
    'STAFF_DEACTIVATE',
    'STAFF_REACTIVATE',
    'STAFF_RESEND_MESSAGE',
    'AUDIT_SEARCHED',
    'AUDIT_EVENT_VIEWED',
    'AUDIT_EXPORTED',
    'CONTENT_SHEET_ADDED',
    'CONTENT_SHEET_CHANGED',
    'CONTENT_LEGAL_ADDED',
    'CONTENT_LEGAL_CHANGED',
  ],
  INTEGRATION: ['FHIR_', 'SYSTEM_TOKEN_ISSUED', 'SYSTEM_TOKEN_REFUSED', 'INTEGRATION_'],
} as const;
export const auditActionGroup = z.enum(
  Object.keys(AUDIT_ACTION_GROUPS) as [
    keyof typeof AUDIT_ACTION_GROUPS,
    ...(keyof typeof AUDIT_ACTION_GROUPS)[],
  ],
);
export type AuditActionGroup = z.infer<typeof auditActionGroup>;

/** The most rows one CSV export holds: past it, the officer narrows the period. */
export const AUDIT_EXPORT_MAX = 50_000;

export const auditQuery = z.object({
  /** The participant whose data the action concerned (their record id). */
  participant: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Who acted: an account's identifier, or a system client's name or id. */
  actor: z.string().trim().min(1).max(100).optional(),
  /** A family of actions, or one action as the trail names it (SIGN_IN, DOCUMENT_VIEWED…). */
  action: z.union([auditActionGroup, z.string().regex(/^[A-Z][A-Z_]{1,59}$/, 'errors.invalid')]).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditQuery = z.infer<typeof auditQuery>;
/** The export's column titles follow the language asked for. */
export const auditExportQuery = auditQuery.omit({ page: true, size: true }).extend({ langue: languageParam });

export const auditActor = z.object({
  /** USER: an account of the portal; CLIENT: a system client of the integration API; NONE: nobody signed in. */
  kind: z.enum(['USER', 'CLIENT', 'NONE']),
  userId: z.number().int().nullable(),
  login: z.string().nullable(),
  accountKind: accountKind.nullable(),
  name: z.string().nullable(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: auditActor,
  participantId: z.number().int().nullable(),
  participantName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = listReply(auditEntry);
export type AuditList = z.infer<typeof auditList>;
export const auditEvent = auditEntry.extend({
  /** Everything the event recorded (the trail never holds a password, a code or a link). */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/**
 * Content the centre publishes (administrators): the advice sheets and the data-protection documents.
 * A file is a PDF (its first bytes say so) of at most PUBLISHED_PDF_MAX_BYTES, sent as base64.
 */
export const PUBLISHED_PDF_MAX_BYTES = 10 * 1024 * 1024;
const TITLE_MAX = 200;
const title = z.string().trim().min(1, 'errors.required').max(TITLE_MAX, 'errors.maxlength');
const optionalTitle = z
  .string()
  .trim()
  .max(TITLE_MAX, 'errors.maxlength')
  .nullable()
  .transform((value) => (value === '' ? null : value));
/** The PDF's bytes as base64 (its size checked once decoded). */
const pdfBase64 = z
  .base64({ error: 'errors.invalid' })
  .max(Math.ceil((PUBLISHED_PDF_MAX_BYTES * 4) / 3) + 4, 'centre.content.tooLarge');

export const publishedSheet = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  /** The date the list shows and sorts by (docs/centre-staff.md#published-content: newest first). */
  publishedOn: z.string(),
  active: z.boolean(),
  size: z.number().int(),
});
export type PublishedSheet = z.infer<typeof publishedSheet>;

export const publishedLegalNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  label: z.string(),
  labelEn: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  /** A folder holds documents; a document holds a PDF of `size` bytes. */
  folder: z.boolean(),
  size: z.number().int().nullable(),
});
export type PublishedLegalNode = z.infer<typeof publishedLegalNode>;

export const publishedContent = z.object({
  sheets: z.array(publishedSheet),
  /** Every row of the data-protection tree, folders first in their order, then each one's documents. */
  legal: z.array(publishedLegalNode),
});
export type PublishedContent = z.infer<typeof publishedContent>;

export const sheetUpload = z.object({
  name: title,
  nameEn: optionalTitle.default(null),
  publishedOn: z.iso.date({ error: 'errors.date' }).optional(),
  file: pdfBase64,
});
export const sheetChange = z
  .object({
    name: title,
    nameEn: optionalTitle,
    publishedOn: z.iso.date({ error: 'errors.date' }),
    active: z.boolean(),
  })
  .partial();

export const legalUpload = z.object({
  /** The folder it goes in (null: a top-level entry). */
  parentId: z.number().int().positive().max(2_147_483_647).nullable(),
  label: title,
  labelEn: optionalTitle.default(null),
  /** Absent: a folder. */
  file: pdfBase64.optional(),
});
export const legalChange = z
  .object({ label: title, labelEn: optionalTitle, active: z.boolean(), move: z.enum(['up', 'down']) })
  .partial();
