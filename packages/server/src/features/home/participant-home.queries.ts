import type { Language } from '@portail/contract/constants';
import type { DocumentRow } from '@portail/contract/schemas/documents';
import type { HomeVisit } from '@portail/contract/schemas/home';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkups, documents, documentTypes, enumItems, participants, visits } from '../../db/schema';
import { listedDocumentColumns, toDocumentRow, visibleNow } from '../documents';

/** At most this many new documents on the home table (the lists hold the rest). */
export const HOME_DOCUMENTS_MAX = 20;

export interface OwnRecordFacts {
  dmcStatus: 'ACCEPTED' | 'REFUSED' | 'NONE';
  withdrawalAgreement: boolean;
  email: string | null;
  /** The record's sex is the `sexe` item coded F (the mammogram concerns only them). */
  female: boolean;
}

/** The `sexe` item's short code for women (docs/home.md#current-checkup: M and F). */
export const FEMALE_CODE = 'F';

/** The participant's own consents, sex and mail, read fresh (the session's copy may predate a change). */
export async function findOwnRecordFacts(db: DbOrTx, participantId: number): Promise<OwnRecordFacts | null> {
  const [row] = await db
    .select({
      dmcStatus: participants.dmcStatus,
      withdrawalAgreement: participants.withdrawalAgreement,
      email: participants.email,
      genderCode: enumItems.code,
    })
    .from(participants)
    .leftJoin(enumItems, and(eq(enumItems.id, participants.genderId), eq(enumItems.namespace, 'sexe')))
    .where(eq(participants.id, participantId));
  if (!row) return null;
  const { genderCode, ...facts } = row;
  return { ...facts, female: genderCode === FEMALE_CODE };
}

export interface CheckupVisitRow {
  kind: 'VISIT' | 'MAMMOGRAPHY' | 'OSTEOPATHY';
  order: number | null;
  typeLabel: string;
  typeLabelEn: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  expectedMinutes: number | null;
  stateLabel: string | null;
  stateLabelEn: string | null;
  stateColour: string | null;
}

/** The check-up in progress (at most one, a unique index says so) and its visits; null when none. */
export async function findCheckupInProgress(
  db: DbOrTx,
  participantId: number,
): Promise<{ id: number; visits: CheckupVisitRow[] } | null> {
  const [checkup] = await db
    .select({ id: checkups.id })
    .from(checkups)
    .where(and(eq(checkups.participantId, participantId), eq(checkups.state, 'IN_PROGRESS')));
  if (!checkup) return null;
  const rows = await db
    .select({
      kind: visits.kind,
      order: visits.visitOrder,
      typeLabel: visits.typeLabel,
      typeLabelEn: visits.typeLabelEn,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      expectedMinutes: visits.expectedDurationMinutes,
      stateLabel: visits.stateLabel,
      stateLabelEn: visits.stateLabelEn,
      stateColour: visits.stateColour,
    })
    .from(visits)
    .where(eq(visits.checkupId, checkup.id))
    .orderBy(asc(visits.visitOrder), asc(visits.id));
  return { id: checkup.id, visits: rows };
}

/** A visit the participant may still be moved earlier for: planned later than now, or not yet planned. */
export const stillAhead = (visit: CheckupVisitRow, now: Date) =>
  visit.startsAt === null || visit.startsAt > now;

export function toHomeVisit(row: CheckupVisitRow | undefined): HomeVisit | null {
  if (!row) return null;
  return {
    typeVisite: row.typeLabel,
    typeVisiteEn: row.typeLabelEn ?? row.typeLabel,
    dateRdv: row.startsAt?.toISOString() ?? null,
    heureFin: row.endsAt?.toISOString() ?? null,
    dureePrevue: row.expectedMinutes,
    libelleEtat: row.stateLabel,
    libelleEtatEn: row.stateLabelEn ?? row.stateLabel,
    couleurEtat: row.stateColour,
  };
}

/**
 * The participant's active documents not yet opened, newest first, with their type and attachments:
 * the home page's table of new documents (docs/home.md#participant-home). A held document is new from its release, not
 * before, and sorts by that instant.
 */
export async function findUnreadDocuments(
  db: DbOrTx,
  participantId: number,
  language: Language,
): Promise<DocumentRow[]> {
  const rows = await db
    .select(listedDocumentColumns)
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(
      and(
        eq(documents.participantId, participantId),
        eq(documents.active, true),
        eq(documents.unread, true),
        visibleNow,
      ),
    )
    .orderBy(desc(documents.visibleAt), desc(documents.id))
    .limit(HOME_DOCUMENTS_MAX);
  return rows.map((row) => toDocumentRow(row, language));
}
