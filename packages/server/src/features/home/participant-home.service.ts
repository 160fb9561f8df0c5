import type { Language } from '@portail/contract/constants';
import type { Message } from '@portail/contract/schemas/common';
import { DOCUMENT_MESSAGES } from '@portail/contract/schemas/documents';
import { HOME_MESSAGES, type ParticipantHome } from '@portail/contract/schemas/home';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { SessionEvents } from '../../auth/session-events';
import type { Db, DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { BusinessError, errorMessage, forbidden, infoMessage, notFound, warnMessage } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { replyLanguage } from '../../lib/language';
import {
  type CheckupVisitRow,
  findCheckupInProgress,
  findOwnRecordFacts,
  findUnreadDocuments,
  stillAhead,
  toHomeVisit,
} from './participant-home.queries';

export interface HomeRequest {
  caller: Caller;
  ip: string;
}

/** The participant's own id: these routes are the participant's, whatever else the role admits. */
function ownId(caller: Caller): number {
  if (caller.participantId === null) throw forbidden();
  return caller.participantId;
}

/** The participant's row, locked for the rest of the transaction: two tabs saving at once queue up. */
type DmcStatus = (typeof participants.$inferSelect)['dmcStatus'];

async function lockOwnRow(tx: DbOrTx, participantId: number) {
  const [row] = await tx
    .select({
      id: participants.id,
      dmcStatus: participants.dmcStatus,
      withdrawalAgreement: participants.withdrawalAgreement,
      lastMammogramDate: participants.lastMammogramDate,
    })
    .from(participants)
    .where(eq(participants.id, participantId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** GET get-detail-accueil, the participant's part (docs/home.md#correspondant-home, docs/home.md#data Home detail). */
export async function participantHomeFor(
  db: Db,
  caller: Caller,
  langue: Language = 'fr_FR',
  now: Date = new Date(),
): Promise<ParticipantHome> {
  const participantId = ownId(caller);
  const [facts, checkup] = await Promise.all([
    findOwnRecordFacts(db, participantId),
    findCheckupInProgress(db, participantId),
  ]);
  if (!facts) throw notFound();
  // Documents are the medical record's: none on the home page until it is accepted (docs/home.md#new-documents).
  const documents =
    facts.dmcStatus === 'ACCEPTED'
      ? await findUnreadDocuments(db, participantId, replyLanguage(caller, langue))
      : [];
  const visitOf = (kind: CheckupVisitRow['kind'], order: number | null = null) =>
    toHomeVisit(checkup?.visits.find((v) => v.kind === kind && v.order === order));
  const previous = caller.profile.previousLoginAt;
  return {
    profil: 'PARTICIPANT',
    premiereConnexion: previous === null,
    derniereConnexion: previous?.toISOString() ?? null,
    bilanEnCours: checkup !== null,
    accordDesistement: facts.withdrawalAgreement,
    // The same rule as POST accordDesistement: the screen does not offer what the server would refuse.
    desistementModifiable: checkup?.visits.some((visit) => stillAhead(visit, now)) ?? false,
    mammographieConcernee: facts.female,
    visite1: visitOf('VISIT', 1),
    visite2: visitOf('VISIT', 2),
    visite3: visitOf('VISIT', 3),
    mammographie: visitOf('MAMMOGRAPHY'),
    osteopathie: visitOf('OSTEOPATHY'),
    documents,
    mail: facts.email,
    refusDmc: facts.dmcStatus === 'REFUSED',
  };
}

/** GET adherents/dateMammo. */
export async function mammogramDateFor(db: Db, caller: Caller): Promise<{ date: string | null }> {
  const [row] = await db
    .select({ date: participants.lastMammogramDate })
    .from(participants)
    .where(eq(participants.id, ownId(caller)));
  if (!row) throw notFound();
  return { date: row.date };
}

/** No mammogram predates this: an earlier date is a typing slip, not a date to keep. */
const EARLIEST_MAMMOGRAM = '1900-01-01';

/** Writes the participant's own record and records the change, before and after, in the audit log. */
async function writeOwnRow(
  tx: DbOrTx,
  request: HomeRequest,
  change: Partial<typeof participants.$inferInsert>,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  const participantId = ownId(request.caller);
  await tx
    .update(participants)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(participants.id, participantId));
  await audit(tx, {
    actorUserId: request.caller.userId,
    action,
    targetType: 'participant',
    targetId: participantId,
    details,
    ip: request.ip,
  });
}

/** POST adherents/dateMammo (docs/home.md#mammogram): the last mammogram's date, not later than today at the centre. */
export async function recordMammogramDate(db: Db, request: HomeRequest, date: string): Promise<Message[]> {
  if (date > centreToday())
    throw new FieldErrors(
      [{ field: 'date', defaultMessage: 'errors.date' }],
      [errorMessage(HOME_MESSAGES.mammogramFuture)],
    );
  if (date < EARLIEST_MAMMOGRAM) throw new FieldErrors([{ field: 'date', defaultMessage: 'errors.date' }]);
  const participantId = ownId(request.caller);
  await db.transaction(async (tx) => {
    const current = await lockOwnRow(tx, participantId);
    // Only the participants it concerns (a female record) keep a mammogram date.
    const facts = await findOwnRecordFacts(tx, participantId);
    if (!facts?.female) throw new BusinessError([errorMessage(HOME_MESSAGES.mammogramNotConcerned)]);
    await writeOwnRow(tx, request, { lastMammogramDate: date }, 'MAMMOGRAM_DATE_RECORDED', {
      before: current.lastMammogramDate,
      after: date,
    });
  });
  return [infoMessage(HOME_MESSAGES.mammogramSaved)];
}

/**
 * POST adherents/accordDesistement (docs/home.md#correspondant-home, docs/home.md#withdrawal-consent). The consent lets the centre offer the participant
 * a slot freed by someone else's withdrawal, so it only means something while a check-up is in
 * progress with at least one visit (of any kind) still to come or to plan:
 * - no check-up in progress: ERROR `accueil.desistement.aucunBilan`;
 * - every visit already behind: WARN `accueil.desistement.aucuneVisite`, nothing stored;
 * - otherwise the answer is stored (ticked or not), audited, INFO `accueil.desistement.enregistre`.
 * Warnings and errors make the home card put its checkbox back.
 */
export async function recordWithdrawalConsent(
  db: Db,
  request: HomeRequest,
  agreed: boolean,
  now: Date = new Date(),
): Promise<Message[]> {
  const participantId = ownId(request.caller);
  return db.transaction(async (tx) => {
    const current = await lockOwnRow(tx, participantId);
    const checkup = await findCheckupInProgress(tx, participantId);
    if (!checkup) throw new BusinessError([errorMessage(HOME_MESSAGES.consentNoCheckup)]);
    if (!checkup.visits.some((visit) => stillAhead(visit, now)))
      return [warnMessage(HOME_MESSAGES.consentNoVisitLeft)];
    await writeOwnRow(tx, request, { withdrawalAgreement: agreed }, 'WITHDRAWAL_CONSENT_RECORDED', {
      before: current.withdrawalAgreement,
      after: agreed,
      checkupId: checkup.id,
    });
    return [infoMessage(HOME_MESSAGES.consentSaved)];
  });
}

/**
 * Moves the caller's medical record from `before` to `after` in the caller's transaction, audits it,
 * and makes every session of the account read its principal again (menus and routes follow at once).
 */
async function changeMedicalRecord(
  tx: DbOrTx,
  sessions: SessionEvents,
  request: HomeRequest,
  before: DmcStatus,
  after: DmcStatus,
  action: string,
): Promise<void> {
  await writeOwnRow(tx, request, { dmcStatus: after }, action, { before, after });
  await sessions.userChanged(tx, request.caller.userId);
}

/**
 * POST re-activate-dmc (docs/home.md#withdrawal-consent): the participant accepts the online medical record again, from "not
 * answered" or "refused". Every session of the account reloads its principal, so `dmcAccepte` and the
 * documents routes follow at once. Already accepted: a warning, nothing changes.
 */
export async function reactivateMedicalRecord(
  db: Db,
  sessions: SessionEvents,
  request: HomeRequest,
): Promise<Message[]> {
  const participantId = ownId(request.caller);
  return db.transaction(async (tx) => {
    const current = await lockOwnRow(tx, participantId);
    if (current.dmcStatus === 'ACCEPTED') return [warnMessage(DOCUMENT_MESSAGES.alreadyAccepted)];
    await changeMedicalRecord(
      tx,
      sessions,
      request,
      current.dmcStatus,
      'ACCEPTED',
      'MEDICAL_RECORD_REACTIVATED',
    );
    return [infoMessage(DOCUMENT_MESSAGES.reactivated)];
  });
}

/**
 * POST withdraw-dmc: the participant withdraws their acceptance of the online medical record, as the
 * registration text and the terms promise ("you may change your mind at any time"). The record
 * becomes "refused": the documents menu, the home's new documents and every documents and sheets
 * route close as for a refusal, and every session of the account reloads its principal at once.
 * POST re-activate-dmc accepts it again later. Not accepted: a warning, nothing changes.
 */
export async function withdrawMedicalRecord(
  db: Db,
  sessions: SessionEvents,
  request: HomeRequest,
): Promise<Message[]> {
  const participantId = ownId(request.caller);
  return db.transaction(async (tx) => {
    const current = await lockOwnRow(tx, participantId);
    if (current.dmcStatus !== 'ACCEPTED') return [warnMessage(HOME_MESSAGES.recordNotAccepted)];
    await changeMedicalRecord(
      tx,
      sessions,
      request,
      current.dmcStatus,
      'REFUSED',
      'MEDICAL_RECORD_WITHDRAWN',
    );
    return [infoMessage(HOME_MESSAGES.recordWithdrawn)];
  });
}
