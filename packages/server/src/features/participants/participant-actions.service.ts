import { formatPersonName } from '@portail/contract/rules/person-name';
import type { Message } from '@portail/contract/schemas/common';
import {
  PARTICIPANT_MESSAGES,
  type SelectionRefusal,
  type TerminateSelectionReply,
  type TransferRequest,
} from '@portail/contract/schemas/participants';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enumItems, mutations, participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { BusinessError, errorMessage, HttpError, infoMessage, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { recordTransfer } from '../notifications';
import { activeDuplicates, possibleDuplicates } from './duplicates';
import { acceptsCheckupType, findEstablishment } from './establishment.queries';
import { lockParticipant, type ParticipantRecord } from './participant.queries';
import { loadEnumItems } from './participant-form';
import { namesInScope } from './participant-selection.queries';
import type { ParticipantDeps, RequestContext } from './participant-write.service';

const refuse = (errorCode: string) => new BusinessError([errorMessage(errorCode)]);

/** The movement type of a transfer request: the `typeMouvement` item of code MUT. */
const TRANSFER_MOVEMENT_CODE = 'MUT';

/**
 * Runs a state change on one participant of the caller's scope inside `tx`: locks the row first, so
 * the checks of `change` read a state no one else can alter before the commit, and records the audit
 * row in the same transaction. Out of scope and unknown both answer 404, revealing nothing.
 */
async function changeLockedParticipant(
  tx: DbOrTx,
  ctx: RequestContext,
  id: number,
  action: string,
  change: (tx: DbOrTx, current: ParticipantRecord) => Promise<Record<string, unknown>>,
): Promise<void> {
  const current = await lockParticipant(tx, ctx.caller, id);
  if (!current) throw notFound();
  if (current.lockedByExternalSystem) throw refuse(PARTICIPANT_MESSAGES.locked);
  const details = await change(tx, current);
  await audit(tx, {
    actorUserId: ctx.caller.userId,
    action,
    targetType: 'participant',
    targetId: current.id,
    participantId: current.id,
    details,
    ip: ctx.ip,
  });
}

/** `changeLockedParticipant` in a transaction of its own. */
async function withLockedParticipant(
  deps: ParticipantDeps,
  ctx: RequestContext,
  id: number,
  action: string,
  change: (tx: DbOrTx, current: ParticipantRecord) => Promise<Record<string, unknown>>,
): Promise<void> {
  await deps.db.transaction((tx) => changeLockedParticipant(tx, ctx, id, action, change));
}

/** A terminate's or a transfer's reason: an active item of motifmouvement, else a field error. */
async function requireMovementReason(tx: DbOrTx, reasonId: number): Promise<void> {
  const reason = (await loadEnumItems(tx, [reasonId])).get(reasonId);
  if (reason?.namespace !== 'motifmouvement' || !reason.active)
    throw new FieldErrors([{ field: 'motifMouvement', defaultMessage: 'errors.invalid' }]);
}

const TERMINATED = 'PARTICIPANT_TERMINATED';

/**
 * The terminate rules on a locked record of the caller's scope (docs/participants.md#terminate), then
 * the change: active to inactive with a reason, never during a check-up or a pending transfer. Returns
 * the audit row's details. One participant (`terminateParticipant`) or many (`terminateSelection`).
 */
async function terminateLocked(
  tx: DbOrTx,
  current: ParticipantRecord,
  reasonId: number,
): Promise<Record<string, unknown>> {
  if (!current.active) throw refuse(PARTICIPANT_MESSAGES.inactive);
  if (current.checkupInProgress) throw refuse(PARTICIPANT_MESSAGES.terminateCheckupInProgress);
  // A pending transfer would move a terminated participant once accepted: it is cancelled first.
  if (current.transferInProgress) throw refuse(PARTICIPANT_MESSAGES.terminateTransferInProgress);
  const after = { active: false, terminationDate: centreToday(), terminationReasonId: reasonId };
  await tx
    .update(participants)
    .set({ ...after, updatedAt: new Date() })
    .where(eq(participants.id, current.id));
  return {
    before: {
      active: true,
      terminationDate: current.terminationDate,
      terminationReasonId: current.terminationReasonId,
    },
    after,
  };
}

/** POST adherents/{id}/resilier (docs/participants.md#terminate): active to inactive with a reason, never during a check-up. */
export async function terminateParticipant(
  deps: ParticipantDeps,
  ctx: RequestContext,
  id: number,
  reasonId: number,
): Promise<Message[]> {
  await withLockedParticipant(deps, ctx, id, TERMINATED, async (tx, current) => {
    await requireMovementReason(tx, reasonId);
    return terminateLocked(tx, current, reasonId);
  });
  return [infoMessage(PARTICIPANT_MESSAGES.terminated)];
}

/** Participants terminated per transaction by a bulk terminate, each in a savepoint of its own. */
export const TERMINATE_BATCH = 100;

/**
 * POST adherentsCorrespondant/resilier (issue 22, docs/participants.md#bulk-actions): the selected
 * participants of the caller's scope, each checked with the terminate rules and terminated or refused
 * with the rule's messages. An id the caller does not reach is refused as unknown before any lock, so
 * it is never touched. Ids are locked in ascending order, a batch per transaction, each participant
 * in a savepoint: a refusal undoes that participant's change only, and two bulk terminates at once
 * cannot deadlock. Audit rows are those of the single terminate.
 */
export async function terminateSelection(
  deps: ParticipantDeps,
  ctx: RequestContext,
  ids: readonly number[],
  reasonId: number,
): Promise<TerminateSelectionReply> {
  await requireMovementReason(deps.db, reasonId);
  const ordered = [...new Set(ids)].sort((a, b) => a - b);
  const names = await namesInScope(deps.db, ctx.caller, ordered);
  const refused: SelectionRefusal[] = [];
  let terminated = 0;
  const unknown = (id: number): SelectionRefusal => ({
    id,
    nom: null,
    prenom: null,
    messages: [errorMessage(PARTICIPANT_MESSAGES.notFound)],
  });
  for (let start = 0; start < ordered.length; start += TERMINATE_BATCH) {
    const batch = ordered.slice(start, start + TERMINATE_BATCH);
    const done = await deps.db.transaction(async (tx) => {
      let count = 0;
      for (const id of batch) {
        const name = names.get(id);
        if (!name) {
          refused.push(unknown(id));
          continue;
        }
        try {
          await tx.transaction((savepoint) =>
            changeLockedParticipant(savepoint, ctx, id, TERMINATED, (inner, current) =>
              terminateLocked(inner, current, reasonId),
            ),
          );
          count++;
        } catch (error) {
          if (error instanceof BusinessError) refused.push({ id, ...name, messages: error.messages });
          // Moved out of the scope since the names were read (an accepted transfer): unknown now.
          else if (error instanceof HttpError && error.statusCode === 404) refused.push(unknown(id));
          else throw error;
        }
      }
      return count;
    });
    terminated += done;
  }
  return { terminated, refused };
}

/** POST adherents/{id}/adherer (docs/participants.md#terminate): inactive to active again, unless that person is already active. */
export async function readmitParticipant(
  deps: ParticipantDeps,
  ctx: RequestContext,
  id: number,
): Promise<Message[]> {
  await withLockedParticipant(deps, ctx, id, 'PARTICIPANT_READMITTED', async (tx, current) => {
    if (current.active) throw refuse(PARTICIPANT_MESSAGES.alreadyActive);
    const identity = {
      lastName: current.lastName,
      firstName: current.firstName,
      birthDate: current.birthDate,
    };
    const duplicates = await activeDuplicates(tx, ctx.caller, identity, current.id);
    if (duplicates.inScope) throw refuse(PARTICIPANT_MESSAGES.duplicate);
    const after = {
      active: true,
      membershipDate: centreToday(),
      terminationDate: null,
      terminationReasonId: null,
    };
    await tx
      .update(participants)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(participants.id, current.id));
    return {
      before: {
        active: false,
        membershipDate: current.membershipDate,
        terminationDate: current.terminationDate,
        terminationReasonId: current.terminationReasonId,
      },
      after,
      ...possibleDuplicates(duplicates),
    };
  });
  return [infoMessage(PARTICIPANT_MESSAGES.readmitted)];
}

/** A unique violation of mutations_one_in_progress_key (drizzle wraps the driver's error as its cause). */
function isSecondTransfer(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 4 && e !== null && typeof e === 'object'; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return constraint === undefined || constraint === 'mutations_one_in_progress_key';
    e = cause;
  }
  return false;
}

/**
 * POST adherents/{id}/muter (docs/participants.md#terminate, docs/participants.md#edit; docs/participants.md#transfer): asks the destination establishment to take the
 * participant. The request row and the participant's pending-transfer flag are written together;
 * the row lock serialises two correspondants asking at once, and the partial unique index on
 * in-progress transfers backs it, its violation answering as the business error it is.
 */
export async function transferParticipant(
  deps: ParticipantDeps,
  ctx: RequestContext,
  id: number,
  body: TransferRequest,
): Promise<Message[]> {
  const comment = body.commentaireMouvement || null;
  try {
    await withLockedParticipant(deps, ctx, id, 'PARTICIPANT_TRANSFER_REQUESTED', async (tx, current) => {
      await requireMovementReason(tx, body.motifMouvement);
      if (!current.active) throw refuse(PARTICIPANT_MESSAGES.inactive);
      if (current.transferInProgress) throw refuse(PARTICIPANT_MESSAGES.transferInProgress);
      const destination = await findEstablishment(tx, body.etablissementDestination);
      if (!destination) throw refuse(PARTICIPANT_MESSAGES.destinationUnknown);
      if (destination.id === current.establishmentId) throw refuse(PARTICIPANT_MESSAGES.sameEstablishment);
      if (destination.terminationDate !== null) throw refuse(PARTICIPANT_MESSAGES.destinationClosed);
      if (
        current.checkupTypeId !== null &&
        !(await acceptsCheckupType(tx, destination.id, current.checkupTypeId))
      )
        throw refuse(PARTICIPANT_MESSAGES.destinationCheckupType);
      const [movement] = await tx
        .select({ id: enumItems.id })
        .from(enumItems)
        .where(and(eq(enumItems.namespace, 'typeMouvement'), eq(enumItems.code, TRANSFER_MOVEMENT_CODE)))
        .limit(1);
      const { profile } = ctx.caller;
      const [created] = await tx
        .insert(mutations)
        .values({
          authorUserId: ctx.caller.userId,
          authorName: formatPersonName(profile.lastName, profile.firstName),
          participantId: current.id,
          sourceEstablishmentId: current.establishmentId,
          sourceCompanyId: current.companyId,
          sourceGroupId: current.groupId,
          destinationEstablishmentId: destination.id,
          destinationCompanyId: destination.companyId,
          destinationGroupId: destination.groupId,
          movementTypeId: movement?.id ?? null,
          reasonId: body.motifMouvement,
          reasonComment: comment,
          checkupInProgress: current.checkupInProgress,
          takeoverRequested: body.priseEnChargeBilanEnCours && current.checkupInProgress,
        })
        .returning({ id: mutations.id });
      if (created) await recordTransfer(tx, created.id, 'TRANSFER_REQUESTED', ctx.caller.userId);
      await tx
        .update(participants)
        .set({ transferInProgress: true, updatedAt: new Date() })
        .where(eq(participants.id, current.id));
      return {
        mutationId: created?.id,
        destinationEstablishmentId: destination.id,
        reasonId: body.motifMouvement,
        reasonComment: comment,
      };
    });
  } catch (error) {
    if (isSecondTransfer(error)) throw refuse(PARTICIPANT_MESSAGES.transferInProgress);
    throw error;
  }
  return [infoMessage(PARTICIPANT_MESSAGES.transferRequested)];
}
