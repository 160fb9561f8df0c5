import { DEFAULT_APPOINTMENT_MANAGEMENT_ID } from '@portail/contract/constants';
import {
  CORRESPONDANT_CHECKUP_TYPE_CODES,
  EMPLOYEE_CATEGORY_CODE,
} from '@portail/contract/rules/participant';
import type { Message } from '@portail/contract/schemas/common';
import {
  PARTICIPANT_MESSAGES,
  type ParticipantCreate,
  type ParticipantCreatedReply,
  type ParticipantUpdate,
} from '@portail/contract/schemas/participants';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { enumItems, participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { BusinessError, errorMessage, infoMessage, notFound } from '../../lib/errors';
import { type FieldErrorEntry, FieldErrors } from '../../lib/field-errors';
import type { Notifier } from '../../notify/notifier';
import { createActivation, sendActivation } from './activation';
import { activeDuplicates, possibleDuplicates, terminatedInScope } from './duplicates';
import { findEstablishment } from './establishment.queries';
import { lockParticipant, type ParticipantRecord } from './participant.queries';
import { checkForm, type EnumItemFacts, formColumns } from './participant-form';

export interface ParticipantDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
}

/** Who asks, from where: what every write records in the audit log. */
export interface RequestContext {
  caller: Caller;
  ip: string;
  log: FastifyBaseLogger;
}

const refuse = (errorCode: string) => new BusinessError([errorMessage(errorCode)]);
const PROVENANCE_ERROR: FieldErrorEntry = { field: 'provenance', defaultMessage: 'errors.provenance' };
const CORRESPONDANT_TYPES: readonly string[] = CORRESPONDANT_CHECKUP_TYPE_CODES;

/** docs/participants.md#form-rules: a correspondant chooses among four check-up types only (by their short code). */
function assertCorrespondantType(items: ReadonlyMap<number, EnumItemFacts>, checkupTypeId: number): void {
  const code = items.get(checkupTypeId)?.code ?? '';
  if (!CORRESPONDANT_TYPES.includes(code)) throw refuse(PARTICIPANT_MESSAGES.checkupTypeNotAllowed);
}

async function employeeCategoryId(tx: DbOrTx): Promise<number | null> {
  const [row] = await tx
    .select({ id: enumItems.id })
    .from(enumItems)
    .where(and(eq(enumItems.namespace, 'categorie'), eq(enumItems.code, EMPLOYEE_CATEGORY_CODE)))
    .limit(1);
  return row?.id ?? null;
}

/** The establishment a new participant joins: the one named, within the caller's scope, or their own. */
function chosenEstablishment(caller: Caller, idEtablissement: number | null): number | null {
  if (idEtablissement !== null) return idEtablissement;
  const scope = caller.correspondant;
  return scope?.level === 'ETABLISSEMENT' ? scope.establishmentId : null;
}

/**
 * PUT adherentsCorrespondant/detail (docs/participants.md#edit, docs/participants.md#api): a new participant of the caller's scope, with the
 * account and activation link that let them sign in later, in one transaction with its audit row.
 * The link is mailed after the commit, so a mail failure never undoes the creation.
 */
export async function createParticipant(
  deps: ParticipantDeps,
  ctx: RequestContext,
  body: ParticipantCreate,
): Promise<ParticipantCreatedReply> {
  const today = centreToday();
  const establishmentId = chosenEstablishment(ctx.caller, body.idEtablissement);
  if (establishmentId === null)
    throw new FieldErrors([{ field: 'idEtablissement', defaultMessage: 'errors.required' }]);

  const created = await deps.db.transaction(async (tx) => {
    const establishment = await findEstablishment(tx, establishmentId, ctx.caller);
    const { errors, items } = await checkForm(tx, body, null, today);
    if (!establishment) {
      // Unknown or outside the caller's scope alike: the field is wrong, and the message says why.
      throw new FieldErrors(
        [{ field: 'idEtablissement', defaultMessage: 'errors.invalid' }, ...errors],
        [errorMessage(PARTICIPANT_MESSAGES.establishmentOutOfScope)],
      );
    }
    if (establishment.terminationDate !== null) {
      // An establishment whose contract ended takes no new participant.
      throw new FieldErrors(
        [{ field: 'idEtablissement', defaultMessage: 'errors.invalid' }, ...errors],
        [errorMessage(PARTICIPANT_MESSAGES.establishmentClosed)],
      );
    }
    const columns = formColumns(body, establishment.address);
    if (!columns) errors.push(PROVENANCE_ERROR);
    if (!columns || errors.length > 0) throw new FieldErrors(errors);
    assertCorrespondantType(items, body.typeBilan);
    const identity = { lastName: body.nom, firstName: body.prenom, birthDate: body.dateNaissance };
    const duplicates = await activeDuplicates(tx, ctx.caller, identity, null);
    if (duplicates.inScope) throw refuse(PARTICIPANT_MESSAGES.duplicate);
    const terminated = await terminatedInScope(tx, ctx.caller, identity);
    if (terminated !== null)
      throw new BusinessError([errorMessage(PARTICIPANT_MESSAGES.terminatedDuplicate, [String(terminated)])]);

    const membershipDate = body.dateAdhesion ?? today;
    const [row] = await tx
      .insert(participants)
      .values({
        ...columns,
        active: true,
        categoryId: body.categorie ?? (await employeeCategoryId(tx)),
        appointmentManagementId: body.gestionRdv ?? DEFAULT_APPOINTMENT_MANAGEMENT_ID,
        membershipDate,
        firstMembershipDate: body.datePremiereAdhesion ?? membershipDate,
        establishmentId: establishment.id,
        companyId: establishment.companyId,
        groupId: establishment.groupId,
        companyName: establishment.companyName,
      })
      .returning({ id: participants.id, lastName: participants.lastName, firstName: participants.firstName });
    if (!row) throw new Error('participant insert returned no row');
    const token = await createActivation(tx, deps.config, {
      participantId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: body.mail,
      mobile: body.telephonePortable,
    });
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'PARTICIPANT_CREATED',
      targetType: 'participant',
      targetId: row.id,
      details: { establishmentId: establishment.id, ...possibleDuplicates(duplicates) },
      ip: ctx.ip,
    });
    return { id: row.id, lastName: row.lastName, firstName: row.firstName, token };
  });

  const messages: Message[] = [infoMessage(PARTICIPANT_MESSAGES.created)];
  if (await sendActivation(deps, ctx.log, body.mail, created.token, created))
    messages.push(infoMessage(PARTICIPANT_MESSAGES.activationSent));
  return { participantcree: true, idParticipant: created.id, ciemException: { messages } };
}

/** The columns a save changed, before and after, for the audit log. */
function changes(current: ParticipantRecord, next: Partial<ParticipantRecord>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next) as [keyof ParticipantRecord, unknown][]) {
    if (key === 'updatedAt' || current[key] === value) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return { before, after };
}

/**
 * POST adherentsCorrespondant/detail (docs/participants.md#api): saves the form over a participant of the caller's
 * scope. A locked participant belongs to the back office, an inactive one is read-only (docs/participants.md#edit),
 * and the establishment changes only through a transfer.
 */
export async function updateParticipant(
  deps: ParticipantDeps,
  ctx: RequestContext,
  body: ParticipantUpdate,
): Promise<Message[]> {
  const today = centreToday();
  await deps.db.transaction(async (tx) => {
    const current = await lockParticipant(tx, ctx.caller, body.id);
    if (!current) throw notFound();
    if (current.lockedByExternalSystem) throw refuse(PARTICIPANT_MESSAGES.locked);
    if (!current.active) throw refuse(PARTICIPANT_MESSAGES.inactive);

    const establishment = await findEstablishment(tx, current.establishmentId);
    if (!establishment) throw new Error(`participant ${current.id} has no establishment`);
    const { errors, items } = await checkForm(tx, body, current, today);
    if (establishment.terminationDate !== null) {
      // An establishment whose contract ended takes no new participant.
      throw new FieldErrors(
        [{ field: 'idEtablissement', defaultMessage: 'errors.invalid' }, ...errors],
        [errorMessage(PARTICIPANT_MESSAGES.establishmentClosed)],
      );
    }
    const columns = formColumns(body, establishment.address);
    if (!columns) errors.push(PROVENANCE_ERROR);
    if (!columns || errors.length > 0) throw new FieldErrors(errors);

    if (body.typeBilan !== current.checkupTypeId) {
      if (current.checkupInProgress) throw refuse(PARTICIPANT_MESSAGES.checkupTypeLocked);
      assertCorrespondantType(items, body.typeBilan);
    }
    const identity = { lastName: body.nom, firstName: body.prenom, birthDate: body.dateNaissance };
    const sameIdentity =
      columns.lastName === current.lastName &&
      body.prenom === current.firstName &&
      body.dateNaissance === current.birthDate;
    const duplicates = sameIdentity ? null : await activeDuplicates(tx, ctx.caller, identity, current.id);
    if (duplicates?.inScope) throw refuse(PARTICIPANT_MESSAGES.duplicate);

    // Fields the form may leave empty keep what the record holds (creation gave them their defaults).
    const next = {
      ...columns,
      categoryId: body.categorie ?? current.categoryId,
      appointmentManagementId: body.gestionRdv ?? current.appointmentManagementId,
      membershipDate: body.dateAdhesion ?? current.membershipDate,
      firstMembershipDate: body.datePremiereAdhesion ?? current.firstMembershipDate,
      updatedAt: new Date(),
    };
    await tx.update(participants).set(next).where(eq(participants.id, current.id));
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'PARTICIPANT_UPDATED',
      targetType: 'participant',
      targetId: current.id,
      details: { ...changes(current, next), ...(duplicates ? possibleDuplicates(duplicates) : {}) },
      ip: ctx.ip,
    });
  });
  return [infoMessage(PARTICIPANT_MESSAGES.updated)];
}
