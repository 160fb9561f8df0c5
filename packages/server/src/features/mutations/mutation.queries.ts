import { formatPersonName } from '@portail/contract/rules/person-name';
import type { MutationEnumLabel, MutationRow } from '@portail/contract/schemas/mutations';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import {
  enumItems,
  establishmentCheckupTypes,
  establishments,
  mutations,
  participants,
} from '../../db/schema';

/** The two ends of a transfer, each as a scope reads it: one indexed column per level (schema/mutations.ts). */
export const sourceEnd = {
  establishmentId: mutations.sourceEstablishmentId,
  companyId: mutations.sourceCompanyId,
  groupId: mutations.sourceGroupId,
};
export const destinationEnd = {
  establishmentId: mutations.destinationEstablishmentId,
  companyId: mutations.destinationCompanyId,
  groupId: mutations.destinationGroupId,
};

export type Direction = 'INCOMING' | 'OUTGOING' | 'BOTH';

/** The transfers whose end (of that direction, or either) lies in the caller's scope. */
export function visibleTo(caller: Caller, direction: Direction = 'BOTH'): SQL {
  const incoming = scopeCondition(caller, destinationEnd);
  const outgoing = scopeCondition(caller, sourceEnd);
  if (direction === 'INCOMING') return incoming;
  if (direction === 'OUTGOING') return outgoing;
  return or(incoming, outgoing) ?? sql`false`;
}

export interface MutationFilters {
  inProgressOnly: boolean;
  direction: Direction;
}

function listCondition(caller: Caller, filters: MutationFilters): SQL | undefined {
  // `in_progress = true` rather than the state, so the (end, in_progress, requested_at) indexes answer.
  return and(
    visibleTo(caller, filters.direction),
    filters.inProgressOnly ? eq(mutations.inProgress, true) : undefined,
  );
}

const destination = alias(establishments, 'destination');
const source = alias(establishments, 'source');
const reason = alias(enumItems, 'reason');
const movementType = alias(enumItems, 'movement_type');

/** The destination takes the participant's check-up type (a participant without one goes anywhere). */
const destinationTakesType = sql<boolean>`(${participants.checkupTypeId} is null or exists (
  select 1 from ${establishmentCheckupTypes}
  where ${establishmentCheckupTypes.establishmentId} = ${mutations.destinationEstablishmentId}
    and ${establishmentCheckupTypes.checkupTypeId} = ${participants.checkupTypeId}))`;

/**
 * What the caller may do with each row (docs/transfers.md#accept), decided by the same rules the actions apply: accept
 * when in progress, the destination end is theirs and nothing stands in the way (an inactive or locked
 * participant, a destination that left the centre or does not take the check-up type); cancel when in
 * progress and the participant is not locked (the row is visible, so the caller is on one end).
 */
function rowColumns(caller: Caller) {
  return {
    id: mutations.id,
    requestedAt: mutations.requestedAt,
    authorName: mutations.authorName,
    inProgress: mutations.inProgress,
    checkupInProgress: mutations.checkupInProgress,
    takeoverRequested: mutations.takeoverRequested,
    participantId: participants.id,
    lastName: participants.lastName,
    firstName: participants.firstName,
    participantCheckupInProgress: participants.checkupInProgress,
    destinationId: destination.id,
    destinationName: destination.name,
    sourceId: source.id,
    sourceName: source.name,
    reasonId: reason.id,
    reasonLabel: reason.label,
    reasonLabelEn: reason.labelEn,
    reasonComment: mutations.reasonComment,
    typeId: movementType.id,
    typeLabel: movementType.label,
    typeLabelEn: movementType.labelEn,
    allowedToAccept: sql<boolean>`(${mutations.inProgress} and (${scopeCondition(caller, destinationEnd)})
      and ${participants.active} and not ${participants.lockedByExternalSystem}
      and ${destination.terminationDate} is null and ${destinationTakesType})`,
    incoming: sql<boolean>`(${scopeCondition(caller, destinationEnd)})`,
    outgoing: sql<boolean>`(${scopeCondition(caller, sourceEnd)})`,
    allowedToCancel: sql<boolean>`(${mutations.inProgress} and not ${participants.lockedByExternalSystem})`,
  };
}

type ListedMutation = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: DbOrTx, caller: Caller, where: SQL | undefined) {
  return db
    .select(rowColumns(caller))
    .from(mutations)
    .innerJoin(participants, eq(participants.id, mutations.participantId))
    .innerJoin(destination, eq(destination.id, mutations.destinationEstablishmentId))
    .innerJoin(source, eq(source.id, mutations.sourceEstablishmentId))
    .leftJoin(reason, eq(reason.id, mutations.reasonId))
    .leftJoin(movementType, eq(movementType.id, mutations.movementTypeId))
    .where(where);
}

function enumLabel(
  id: number | null,
  label: string | null,
  labelEn: string | null,
): MutationEnumLabel | null {
  return id === null || label === null ? null : { id, label, labelEn: labelEn ?? label };
}

/** A selected row as the contract names it (docs/transfers.md#list Mutation row). */
export function toMutationRow(row: ListedMutation): MutationRow {
  return {
    id: row.id,
    date: row.requestedAt.toISOString(),
    auteurMouvement: row.authorName,
    participant: {
      id: row.participantId,
      nom: row.lastName,
      prenom: row.firstName,
      name: formatPersonName(row.lastName, row.firstName),
      bilanEnCours: row.participantCheckupInProgress,
    },
    allowedToCancel: row.allowedToCancel ? 1 : 0,
    allowedToAccept: row.allowedToAccept,
    encours: row.inProgress,
    sens: row.incoming ? (row.outgoing ? 'INTERNE' : 'ENTRANTE') : 'SORTANTE',
    etablissementDestination: { id: row.destinationId, raisonsociale: row.destinationName },
    etablissementSource: { id: row.sourceId, raisonsociale: row.sourceName },
    motifMouvement: enumLabel(row.reasonId, row.reasonLabel, row.reasonLabelEn),
    commentaireMouvement: row.reasonComment,
    typeMouvement: enumLabel(row.typeId, row.typeLabel, row.typeLabelEn),
    bilanEnCours: row.checkupInProgress,
    demandePriseEnChargeBilan: row.takeoverRequested,
  };
}

/** One page of the caller's transfers by request date; ties by id in the same direction, so pages never overlap. */
export async function readMutationPage(
  db: DbOrTx,
  caller: Caller,
  filters: MutationFilters,
  page: { limit: number; offset: number; descending: boolean },
): Promise<MutationRow[]> {
  const direction = page.descending ? desc : asc;
  const rows = await selectRows(db, caller, listCondition(caller, filters))
    .orderBy(direction(mutations.requestedAt), direction(mutations.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toMutationRow);
}

/** How many transfers the filters keep: one count over the ends' indexes, no join. */
export async function countMutations(db: DbOrTx, caller: Caller, filters: MutationFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mutations).where(listCondition(caller, filters));
  return row?.n ?? 0;
}

/** GET mutation/{id}: the transfer if one of its ends is in the caller's scope. */
export async function findMutation(db: DbOrTx, caller: Caller, id: number): Promise<MutationRow | null> {
  const [row] = await selectRows(db, caller, and(eq(mutations.id, id), visibleTo(caller))).limit(1);
  return row ? toMutationRow(row) : null;
}

export type MutationRecord = typeof mutations.$inferSelect;

/**
 * Locks the transfer's row for the rest of the transaction (`for update`), if one of its ends is in the
 * caller's scope, with whether the destination end is theirs. A concurrent accept or cancel waits here,
 * then reads the state the first one committed.
 */
export async function lockMutation(tx: DbOrTx, caller: Caller, id: number) {
  const [row] = await tx
    .select({
      mutation: mutations,
      atDestination: sql<boolean>`(${scopeCondition(caller, destinationEnd)})`,
    })
    .from(mutations)
    .where(and(eq(mutations.id, id), visibleTo(caller)))
    .for('update');
  return row ?? null;
}

/** The participant of a transfer, locked after the transfer (always in that order, so no deadlock). */
export async function lockTransferredParticipant(tx: DbOrTx, participantId: number) {
  const [row] = await tx.select().from(participants).where(eq(participants.id, participantId)).for('update');
  return row ?? null;
}
