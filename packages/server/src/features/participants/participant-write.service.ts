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
  type ParticipantFormFields,
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
import { type EstablishmentFacts, findEstablishment } from './establishment.queries';
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

/**
 * An establishment whose contract ended takes no new participant and no change: the form says why, in
 * the words of what was asked (a creation there, or a change of one of its participants).
 */
function closedEstablishment(
  errors: FieldErrorEntry[],
  refusals: Message[],
  message: string = PARTICIPANT_MESSAGES.establishmentClosed,
) {
  return {
    fieldErrors: [{ field: 'idEtablissement', defaultMessage: 'errors.invalid' }, ...errors],
    fieldMessages: [errorMessage(message)],
    refusals,
    values: null,
  };
}
const CORRESPONDANT_TYPES: readonly string[] = CORRESPONDANT_CHECKUP_TYPE_CODES;

/** docs/participants.md#form-rules: a correspondant chooses among four check-up types only (by their short code). */
function correspondantType(items: ReadonlyMap<number, EnumItemFacts>, checkupTypeId: number): Message[] {
  const code = items.get(checkupTypeId)?.code ?? '';
  return CORRESPONDANT_TYPES.includes(code) ? [] : [errorMessage(PARTICIPANT_MESSAGES.checkupTypeNotAllowed)];
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

/** What checking a form against the database reads, kept across the rows of one file (the import's check). */
export interface FormFacts {
  /** Every reference item the form may name (checkForm's `known`). */
  items?: ReadonlyMap<number, EnumItemFacts>;
  /** Establishments by id as the caller's scope reaches them (null: unknown or outside it). */
  establishments?: Map<number, Promise<EstablishmentFacts | null>>;
}

/**
 * What the form's rules say of a write, all at once: the field errors a 400 carries with the messages
 * that explain them (an establishment outside the scope or closed), the business refusals a 409 carries
 * (a check-up type a correspondant may not choose, a locked participant), and the columns to store
 * when nothing refuses. The screens stop at the first kind that refuses; the import shows them all on
 * their cells (docs/participant-import.md#check).
 */
export interface FormVerdict<Values> {
  fieldErrors: FieldErrorEntry[];
  fieldMessages: Message[];
  refusals: Message[];
  values: Values | null;
}

/** The refusal the screens answer for a verdict that refuses, as they always did: field errors first. */
export function verdictError(verdict: FormVerdict<unknown>): FieldErrors | BusinessError | null {
  if (verdict.fieldErrors.length > 0) return new FieldErrors(verdict.fieldErrors, verdict.fieldMessages);
  if (verdict.refusals.length > 0) return new BusinessError(verdict.refusals);
  return null;
}

/** An establishment as the caller's scope reaches it (null: unknown or outside), read once per `facts`. */
export function scopedEstablishment(tx: DbOrTx, caller: Caller, id: number, facts: FormFacts) {
  const known = facts.establishments?.get(id);
  if (known) return known;
  const found = findEstablishment(tx, id, caller);
  facts.establishments?.set(id, found);
  return found;
}

/** The columns of a new participant, with the establishment they join. */
export interface NewParticipantValues {
  establishment: EstablishmentFacts;
  columns: NonNullable<ReturnType<typeof formColumns>>;
}

/**
 * The creation form's rules (docs/participants.md#form-rules) short of duplicates: an establishment
 * of the caller's scope, open; every value checkForm accepts; the origin rule on the address finally
 * stored; a check-up type a correspondant may choose.
 */
export async function creationVerdict(
  tx: DbOrTx,
  caller: Caller,
  body: ParticipantCreate,
  today: string,
  facts: FormFacts = {},
): Promise<FormVerdict<NewParticipantValues>> {
  const establishmentId = chosenEstablishment(caller, body.idEtablissement);
  if (establishmentId === null)
    return {
      fieldErrors: [{ field: 'idEtablissement', defaultMessage: 'errors.required' }],
      fieldMessages: [],
      refusals: [],
      values: null,
    };
  const establishment = await scopedEstablishment(tx, caller, establishmentId, facts);
  const { errors, items } = await checkForm(tx, body, null, today, facts.items);
  const refusals = correspondantType(items, body.typeBilan);
  if (!establishment) {
    // Unknown or outside the caller's scope alike: the field is wrong, and the message says why.
    return {
      fieldErrors: [{ field: 'idEtablissement', defaultMessage: 'errors.invalid' }, ...errors],
      fieldMessages: [errorMessage(PARTICIPANT_MESSAGES.establishmentOutOfScope)],
      refusals,
      values: null,
    };
  }
  if (establishment.terminationDate !== null) return closedEstablishment(errors, refusals);
  const columns = formColumns(body, establishment.address);
  if (!columns) errors.push(PROVENANCE_ERROR);
  const refused = !columns || errors.length > 0 || refusals.length > 0;
  return {
    fieldErrors: errors,
    fieldMessages: [],
    refusals,
    values: refused ? null : { establishment, columns },
  };
}

/** A participant just written, and the token of the activation link to mail once committed. */
export interface CreatedParticipant {
  id: number;
  lastName: string;
  firstName: string;
  token: string;
}

/**
 * The creation in the caller's transaction (docs/participants.md#create): the form's rules, the
 * duplicates, the participant with its defaults, its inactive account and activation token, and the
 * audit row. Throws the refusal the screens answer. The form and the import both write through here.
 */
export async function insertParticipant(
  tx: DbOrTx,
  config: Config,
  ctx: Pick<RequestContext, 'caller' | 'ip'>,
  body: ParticipantCreate,
  today: string,
  facts: FormFacts = {},
): Promise<CreatedParticipant> {
  const verdict = await creationVerdict(tx, ctx.caller, body, today, facts);
  const refusal = verdictError(verdict);
  if (refusal || !verdict.values) throw refusal ?? new Error('a creation verdict without values');
  const { establishment, columns } = verdict.values;
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
  const token = await createActivation(tx, config, {
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
    participantId: row.id,
    details: { establishmentId: establishment.id, ...possibleDuplicates(duplicates) },
    ip: ctx.ip,
  });
  return { id: row.id, lastName: row.lastName, firstName: row.firstName, token };
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
  // Checked before the transaction opens, as it always was: nothing to read without an establishment.
  if (chosenEstablishment(ctx.caller, body.idEtablissement) === null)
    throw new FieldErrors([{ field: 'idEtablissement', defaultMessage: 'errors.required' }]);
  const created = await deps.db.transaction((tx) => insertParticipant(tx, deps.config, ctx, body, today));

  const messages: Message[] = [infoMessage(PARTICIPANT_MESSAGES.created)];
  if (await sendActivation(deps, ctx.log, body.mail, created.token, created))
    messages.push(infoMessage(PARTICIPANT_MESSAGES.activationSent));
  return { participantcree: true, idParticipant: created.id, ciemException: { messages } };
}

/** The columns a save changed, before and after, for the audit log (and the import's differences). */
export function changes(current: ParticipantRecord, next: Partial<ParticipantRecord>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next) as [keyof ParticipantRecord, unknown][]) {
    if (key === 'updatedAt' || current[key] === value) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return { before, after };
}

/** The columns an update stores over the record. */
export type UpdatedValues = NonNullable<ReturnType<typeof formColumns>> &
  Pick<
    ParticipantRecord,
    'categoryId' | 'appointmentManagementId' | 'membershipDate' | 'firstMembershipDate'
  >;

/**
 * The edit form's rules (docs/participants.md#edit) over the stored record, short of duplicates: a
 * participant the back office does not hold and still active, an establishment still open, every value
 * checkForm accepts, the origin rule, and a check-up type changed only when no check-up is under way
 * and only to one a correspondant may choose.
 */
export async function updateVerdict(
  tx: DbOrTx,
  body: ParticipantFormFields,
  current: ParticipantRecord,
  today: string,
  facts: FormFacts = {},
): Promise<FormVerdict<UpdatedValues>> {
  const refusedWith = (code: string): FormVerdict<UpdatedValues> => ({
    fieldErrors: [],
    fieldMessages: [],
    refusals: [errorMessage(code)],
    values: null,
  });
  if (current.lockedByExternalSystem) return refusedWith(PARTICIPANT_MESSAGES.locked);
  if (!current.active) return refusedWith(PARTICIPANT_MESSAGES.inactive);

  const known = facts.establishments?.get(current.establishmentId);
  const establishment = await (known ?? findEstablishment(tx, current.establishmentId));
  if (!establishment) throw new Error(`participant ${current.id} has no establishment`);
  const { errors, items } = await checkForm(tx, body, current, today, facts.items);
  const refusals: Message[] = [];
  if (body.typeBilan !== current.checkupTypeId) {
    if (current.checkupInProgress) refusals.push(errorMessage(PARTICIPANT_MESSAGES.checkupTypeLocked));
    else refusals.push(...correspondantType(items, body.typeBilan));
  }
  if (establishment.terminationDate !== null)
    return closedEstablishment(errors, refusals, PARTICIPANT_MESSAGES.establishmentClosedUpdate);
  const columns = formColumns(body, establishment.address);
  if (!columns) errors.push(PROVENANCE_ERROR);
  if (!columns || errors.length > 0 || refusals.length > 0)
    return { fieldErrors: errors, fieldMessages: [], refusals, values: null };
  // Fields the form may leave empty keep what the record holds (creation gave them their defaults).
  return {
    fieldErrors: [],
    fieldMessages: [],
    refusals: [],
    values: {
      ...columns,
      categoryId: body.categorie ?? current.categoryId,
      appointmentManagementId: body.gestionRdv ?? current.appointmentManagementId,
      membershipDate: body.dateAdhesion ?? current.membershipDate,
      firstMembershipDate: body.datePremiereAdhesion ?? current.firstMembershipDate,
    },
  };
}

/**
 * The update in the caller's transaction: the participant locked, the form's rules, the duplicates
 * when the identity changes, the row and its audit row. Throws the refusal the screens answer; the
 * form and the import both write through here.
 */
export async function saveParticipant(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'caller' | 'ip'>,
  body: ParticipantUpdate,
  today: string,
  /** The import writes nothing (no audit row) when the form holds what the record does. */
  options: { skipUnchanged?: boolean } = {},
): Promise<'updated' | 'unchanged'> {
  const current = await lockParticipant(tx, ctx.caller, body.id);
  if (!current) throw notFound();
  const verdict = await updateVerdict(tx, body, current, today);
  const refusal = verdictError(verdict);
  if (refusal || !verdict.values) throw refusal ?? new Error('an update verdict without values');
  const columns = verdict.values;
  if (options.skipUnchanged && Object.keys(changes(current, columns).after).length === 0) return 'unchanged';

  const identity = { lastName: body.nom, firstName: body.prenom, birthDate: body.dateNaissance };
  const sameIdentity =
    columns.lastName === current.lastName &&
    body.prenom === current.firstName &&
    body.dateNaissance === current.birthDate;
  const duplicates = sameIdentity ? null : await activeDuplicates(tx, ctx.caller, identity, current.id);
  if (duplicates?.inScope) throw refuse(PARTICIPANT_MESSAGES.duplicate);

  const next = { ...columns, updatedAt: new Date() };
  await tx.update(participants).set(next).where(eq(participants.id, current.id));
  await audit(tx, {
    actorUserId: ctx.caller.userId,
    action: 'PARTICIPANT_UPDATED',
    targetType: 'participant',
    targetId: current.id,
    participantId: current.id,
    details: { ...changes(current, next), ...(duplicates ? possibleDuplicates(duplicates) : {}) },
    ip: ctx.ip,
  });
  return 'updated';
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
    await saveParticipant(tx, ctx, body, today);
  });
  return [infoMessage(PARTICIPANT_MESSAGES.updated)];
}
