import { originFor } from '@portail/contract/rules/participant';
import type { Message } from '@portail/contract/schemas/common';
import { MUTATION_MESSAGES } from '@portail/contract/schemas/mutations';
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { Db, DbOrTx } from '../../db/client';
import { checkups, mutations, participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, infoMessage, notFound } from '../../lib/errors';
import { recordTransfer } from '../notifications';
import { acceptsCheckupType, type EstablishmentFacts, findEstablishment } from '../participants';
import { lockMutation, lockTransferredParticipant, type MutationRecord } from './mutation.queries';

/** Refused as the participants' actions are: 409 with the message (participant-actions.service.ts). */
const refuse = (errorCode: string) => new BusinessError([errorMessage(errorCode)]);

export interface MutationRequest {
  caller: Caller;
  ip: string;
}

type ParticipantRecord = typeof participants.$inferSelect;

interface Locked {
  mutation: MutationRecord;
  atDestination: boolean;
  participant: ParticipantRecord;
}

/**
 * Runs an accept or a cancel in one transaction: the transfer's row is locked first, then its
 * participant's (the order every path here takes, so two of them cannot deadlock). Whoever comes second
 * reads the state the first committed and is told the transfer was already processed: of an accept and
 * a cancel sent at once, exactly one happens. Out of scope and unknown both answer 404.
 */
async function withLockedMutation(
  db: Db,
  ctx: MutationRequest,
  id: number,
  action: 'MUTATION_ACCEPTED' | 'MUTATION_CANCELLED',
  change: (tx: DbOrTx, locked: Locked) => Promise<{ before: object; after: object }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await lockMutation(tx, ctx.caller, id);
    if (!found) throw notFound();
    if (found.mutation.state !== 'IN_PROGRESS') throw refuse(MUTATION_MESSAGES.alreadyProcessed);
    const participant = await lockTransferredParticipant(tx, found.mutation.participantId);
    if (!participant) throw new Error(`transfer ${id} has no participant`);
    // The back office owns a locked participant: the portal changes nothing of it (docs/transfers.md#accept).
    if (participant.lockedByExternalSystem) throw refuse(MUTATION_MESSAGES.locked);
    const details = await change(tx, { ...found, participant });
    await recordTransfer(
      tx,
      id,
      action === 'MUTATION_ACCEPTED' ? 'TRANSFER_ACCEPTED' : 'TRANSFER_CANCELLED',
      ctx.caller.userId,
    );
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action,
      targetType: 'participant',
      targetId: participant.id,
      participantId: participant.id,
      details: { mutationId: id, ...details },
      ip: ctx.ip,
    });
  });
}

const closing = (ctx: MutationRequest, state: 'ACCEPTED' | 'CANCELLED') => ({
  state,
  closedAt: new Date(),
  closedByUserId: ctx.caller.userId,
});

/**
 * The participant's address follows the establishment's when they use it (docs/transfers.md#accept), and the origin follows
 * the new address as the form sets it whenever the postal code or a country changes (docs/transfers.md#accept).
 */
function addressAfterMove(participant: ParticipantRecord, address: EstablishmentFacts['address']) {
  if (!participant.useEstablishmentAddress) return {};
  const originId = originFor({
    practiceCountryId: participant.practiceCountryId,
    addressCountryId: address.addressCountryId,
    postalCode: address.addressPostalCode,
  });
  return { ...address, originId };
}

/**
 * POST mutation/{id}/accepter (docs/transfers.md#accept): the destination takes the participant. In one transaction the
 * transfer closes as accepted and the participant moves to the destination's establishment, company
 * and group (the source's correspondants lose them and the destination's gain them with the commit;
 * the list caches hear it from the participants triggers). The check-up in progress follows only when
 * its takeover was asked; otherwise it stays with the source, which opened it.
 */
export async function acceptMutation(db: Db, ctx: MutationRequest, id: number): Promise<Message[]> {
  await withLockedMutation(
    db,
    ctx,
    id,
    'MUTATION_ACCEPTED',
    async (tx, { mutation, atDestination, participant }) => {
      if (!atDestination) throw refuse(MUTATION_MESSAGES.notDestination);
      if (!participant.active) throw refuse(MUTATION_MESSAGES.participantInactive);
      const destination = await findEstablishment(tx, mutation.destinationEstablishmentId);
      if (!destination || destination.terminationDate !== null)
        throw refuse(MUTATION_MESSAGES.destinationClosed);
      // The types an establishment takes may have changed since the request: checked again.
      if (
        participant.checkupTypeId !== null &&
        !(await acceptsCheckupType(tx, destination.id, participant.checkupTypeId))
      )
        throw refuse(MUTATION_MESSAGES.destinationCheckupType);

      const closed = closing(ctx, 'ACCEPTED');
      await tx.update(mutations).set(closed).where(eq(mutations.id, mutation.id));
      const moved = {
        establishmentId: destination.id,
        companyId: destination.companyId,
        groupId: destination.groupId,
        companyName: destination.companyName,
        transferInProgress: false,
        ...addressAfterMove(participant, destination.address),
      };
      await tx
        .update(participants)
        .set({ ...moved, updatedAt: new Date() })
        .where(eq(participants.id, participant.id));
      const checkup = mutation.takeoverRequested
        ? await tx
            .update(checkups)
            .set({
              establishmentId: destination.id,
              companyId: destination.companyId,
              groupId: destination.groupId,
            })
            .where(and(eq(checkups.participantId, participant.id), eq(checkups.state, 'IN_PROGRESS')))
            .returning({ id: checkups.id })
        : [];
      const before = Object.fromEntries(
        Object.keys(moved).map((key) => [key, participant[key as keyof typeof moved]]),
      );
      return {
        before: { state: mutation.state, ...before },
        after: { state: closed.state, ...moved, checkupMovedId: checkup[0]?.id ?? null },
      };
    },
  );
  return [infoMessage(MUTATION_MESSAGES.accepted)];
}

/**
 * POST mutation/{id}/annuler (docs/transfers.md#accept): the transfer closes as cancelled and the participant stays where
 * they are, free to be transferred again. Either end may cancel while it is in progress: the source
 * withdraws its request, the destination declines it (the specification shows the button to both and
 * names no side; allowedToCancel says 1 to both).
 */
export async function cancelMutation(db: Db, ctx: MutationRequest, id: number): Promise<Message[]> {
  await withLockedMutation(db, ctx, id, 'MUTATION_CANCELLED', async (tx, { mutation, participant }) => {
    const closed = closing(ctx, 'CANCELLED');
    await tx.update(mutations).set(closed).where(eq(mutations.id, mutation.id));
    await tx
      .update(participants)
      .set({ transferInProgress: false, updatedAt: new Date() })
      .where(eq(participants.id, participant.id));
    return {
      before: { state: mutation.state, transferInProgress: participant.transferInProgress },
      after: { state: closed.state, transferInProgress: false },
    };
  });
  return [infoMessage(MUTATION_MESSAGES.cancelled)];
}
