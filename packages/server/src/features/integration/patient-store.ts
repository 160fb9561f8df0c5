import type { Patient } from '@medplum/fhirtypes';
import { DEFAULT_APPOINTMENT_MANAGEMENT_ID } from '@portail/contract/constants';
import { EMPLOYEE_CATEGORY_CODE } from '@portail/contract/rules/participant';
import { and, eq, ne } from 'drizzle-orm';
import { participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import type { ParticipantRecord } from '../participants';
import {
  checkForm,
  checkupTypesOf,
  createActivations,
  type EstablishmentFacts,
  findEstablishment,
  findEstablishments,
  formColumns,
  sendActivation,
} from '../participants';
import type { CodeBook } from './codes';
import { type Issue, versionConflict } from './fhir-outcome';
import { codeBook, type FhirContext } from './fhir-resource';
import { changedValues, holdsAlready } from './fhir-writes';
import { type PatientAsForm, patientToForm, refuseWith, ruleText } from './patient-write';

/**
 * Create and update of a Patient by the centre's information system: the Patient read into the
 * participant form (patient-write.ts), checked by the screens' own rules (participant-form.ts), then
 * stored with what only the back office sets (activity, identifiers, INS). A new participant gets the
 * account and registration link a participant created on the screens gets, mailed once committed.
 */

const MANAGING = 'Patient.managingOrganization';

/** The form's field errors (checkForm) as issues on the elements they came from. */
function formIssues(
  read: PatientAsForm,
  errors: readonly { field: string; defaultMessage: string }[],
): Issue[] {
  return errors.map((error) => ({
    code: 'business-rule',
    diagnostics: ruleText(error.defaultMessage),
    expression: [read.paths.get(error.field) ?? `Patient (${error.field})`],
  }));
}

/** An active participant of the same establishment with the same identity (the screens refuse it too). */
export async function sameIdentity(
  ctx: FhirContext,
  establishmentId: number,
  identity: { lastName: string; firstName: string; birthDate: string },
  except: number | null,
): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.establishmentId, establishmentId),
        eq(participants.active, true),
        eq(participants.lastName, identity.lastName),
        eq(participants.firstName, identity.firstName),
        eq(participants.birthDate, identity.birthDate),
        ...(except === null ? [] : [ne(participants.id, except)]),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The establishment's facts, read once per transaction (a batch of its participants reads them once). */
async function establishmentFacts(ctx: FhirContext, id: number): Promise<EstablishmentFacts | null> {
  const known = ctx.facts?.establishments;
  if (known?.has(id)) return known.get(id) ?? null;
  const facts = await findEstablishment(ctx.db, id);
  known?.set(id, facts);
  return facts;
}

async function takesCheckupType(ctx: FhirContext, establishmentId: number, typeId: number): Promise<boolean> {
  const known = ctx.facts?.checkupTypes.get(establishmentId);
  if (known) return known.has(typeId);
  const taken = (await checkupTypesOf(ctx.db, [establishmentId])).get(establishmentId) ?? new Set();
  ctx.facts?.checkupTypes.set(establishmentId, taken);
  return taken.has(typeId);
}

/**
 * Reads the facts of these establishments into the transaction's, in two queries: a batch of
 * participants spread over a thousand establishments then checks each without a round trip.
 */
export async function preloadEstablishments(ctx: FhirContext, ids: readonly number[]): Promise<void> {
  const facts = ctx.facts;
  if (!facts) return;
  const missing = [...new Set(ids)].filter((id) => !facts.establishments.has(id));
  const found = await findEstablishments(ctx.db, missing);
  for (const id of missing) facts.establishments.set(id, found.get(id) ?? null);
  const untyped = [...new Set(ids)].filter((id) => !facts.checkupTypes.has(id));
  for (const [id, taken] of await checkupTypesOf(ctx.db, untyped)) facts.checkupTypes.set(id, taken);
}

/**
 * Checks a Patient against the portal's rules and answers the columns to store: over `current` (the
 * stored participant of an update, locked by the caller) or for a new participant when it is null.
 * Every refusal is a 422 naming the elements at fault. The identity check (sameIdentity) and the write
 * are the caller's: the bulk import makes them once for a whole batch (patient-bulk.ts).
 */
export async function checkPatient(
  ctx: FhirContext,
  patient: Patient,
  current: ParticipantRecord | null,
  book: CodeBook,
) {
  const today = centreToday();
  const { result, issues } = patientToForm(patient, book, ctx.config.centreIdSystems.patient, current);
  if (!result) return refuseWith(issues);
  const { form, extras } = result;
  const establishmentId = extras.establishmentId ?? current?.establishmentId ?? null;
  if (establishmentId === null)
    return refuseWith([
      {
        code: 'required',
        diagnostics: 'the establishment (Organization/etab-N) is required',
        expression: [MANAGING],
      },
    ]);
  const establishment = await establishmentFacts(ctx, establishmentId);
  if (!establishment)
    return refuseWith([
      {
        code: 'not-found',
        diagnostics: `Organization/etab-${establishmentId} is not known`,
        expression: [MANAGING],
      },
    ]);
  const moves = current === null || current.establishmentId !== establishment.id;
  const problems: Issue[] = [];
  if (moves && establishment.terminationDate !== null)
    problems.push({
      code: 'business-rule',
      diagnostics: `the establishment's contract ended on ${establishment.terminationDate}: it takes no participant`,
      expression: [MANAGING],
    });
  const { errors } = await checkForm(ctx.db, form, current, today, book.items);
  problems.push(...formIssues(result, errors));
  const columns = formColumns(form, establishment.address);
  if (!columns)
    problems.push(...formIssues(result, [{ field: 'provenance', defaultMessage: 'errors.provenance' }]));
  const typeChanges = current === null || current.checkupTypeId !== form.typeBilan || moves;
  if (typeChanges && !(await takesCheckupType(ctx, establishment.id, form.typeBilan)))
    problems.push({
      code: 'business-rule',
      diagnostics: 'the establishment does not take participants of this check-up type',
      expression: [result.paths.get('typeBilan') ?? 'Patient.extension'],
    });
  if (!columns) return refuseWith(problems);

  const membershipDate = form.dateAdhesion ?? current?.membershipDate ?? today;
  const values = {
    ...columns,
    active: extras.active,
    terminationDate: extras.active ? null : (extras.terminationDate ?? current?.terminationDate ?? today),
    centreId: extras.centreId,
    insNir: extras.insNir,
    englishOnly: extras.englishOnly,
    lastMammogramDate: extras.lastMammogramDate,
    categoryId:
      form.categorie ?? current?.categoryId ?? book.find('categorie', EMPLOYEE_CATEGORY_CODE)?.id ?? null,
    appointmentManagementId:
      form.gestionRdv ?? current?.appointmentManagementId ?? DEFAULT_APPOINTMENT_MANAGEMENT_ID,
    membershipDate,
    firstMembershipDate: form.datePremiereAdhesion ?? current?.firstMembershipDate ?? membershipDate,
    establishmentId: establishment.id,
    companyId: establishment.companyId,
    groupId: establishment.groupId,
    companyName: establishment.companyName,
  };
  // A Patient sent back exactly as stored changes nothing, even where the stored record predates a
  // rule (a mobile number stored before the mobile check): the write is answered as it stands (the
  // caller sees holdsAlready) rather than refused. A write that changes anything meets every rule.
  if (problems.length > 0 && !(current && holdsAlready(values, current))) return refuseWith(problems);
  return values;
}

/** The columns of a checked Patient. */
export type ParticipantValues = Awaited<ReturnType<typeof checkPatient>>;

/**
 * Whether a write gives an active participant an identity (name, birth date, establishment) it did not
 * hold already while active: only then can it meet a namesake (one it already had was checked before).
 */
export function newIdentity(values: ParticipantValues, current: ParticipantRecord | null): boolean {
  if (!values.active) return false;
  return (
    current === null ||
    !current.active ||
    current.lastName !== values.lastName ||
    current.firstName !== values.firstName ||
    current.birthDate !== values.birthDate ||
    current.establishmentId !== values.establishmentId
  );
}

/** The refusal of a Patient whose identity is another active participant's of its establishment. */
export function twinRefusal(twin: number): never {
  return refuseWith([
    {
      code: 'duplicate',
      diagnostics: `Patient/${twin} is an active participant of this establishment with the same name and birth date: update it (give it your identifier) instead of creating another`,
      expression: ['Patient.name'],
    },
  ]);
}

/**
 * Checks and stores a Patient: a new participant when `current` is null, else over `current` (locked
 * by the caller). Answers the stored row; every refusal is a 422 naming the elements at fault.
 */
async function store(
  ctx: FhirContext,
  patient: Patient,
  current: ParticipantRecord | null,
  book: CodeBook,
): Promise<ParticipantRecord> {
  const values = await checkPatient(ctx, patient, current, book);
  if (newIdentity(values, current)) {
    const identity = { lastName: values.lastName, firstName: values.firstName, birthDate: values.birthDate };
    const twin = await sameIdentity(ctx, values.establishmentId, identity, current?.id ?? null);
    if (twin !== null) return twinRefusal(twin);
  }
  // A Patient sent again as it is stored (a re-run of the initial load, a back office re-sending
  // everything nightly) writes nothing: no new version, no entry in the change feed.
  if (current && holdsAlready(values, current)) return current;
  const [row] = current
    ? await ctx.db
        .update(participants)
        .set(changedValues(values, current))
        .where(eq(participants.id, current.id))
        .returning()
    : await ctx.db.insert(participants).values(values).returning();
  if (!row) throw new Error('participant write returned no row');
  ctx.afterCommit(async () => ctx.changes?.announce('participants'));
  return row;
}

/** The columns a write changed (names only: the audit log keeps no copy of the health record). */
export function changedColumns(before: ParticipantRecord, after: ParticipantRecord): string[] {
  return (Object.keys(after) as (keyof ParticipantRecord)[]).filter(
    (key) => key !== 'updatedAt' && key !== 'version' && String(before[key]) !== String(after[key]),
  );
}

/**
 * Creates participants' accounts without a password and mails each its registration link once the
 * write commits, as for a participant created on the screens (createActivations: three statements for
 * a whole batch).
 */
export async function openAccounts(
  ctx: FhirContext,
  people: readonly { row: ParticipantRecord; email: string; mobile: string }[],
): Promise<void> {
  const tokens = await createActivations(
    ctx.db,
    ctx.config,
    people.map(({ row, email, mobile }) => ({
      participantId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email,
      mobile,
    })),
  );
  if (tokens.length === 0) return;
  const deps = { config: ctx.config, notifier: ctx.notifier };
  ctx.afterCommit(async () => {
    // The reply does not wait for the mails: a Bundle of a thousand new participants would otherwise
    // wait on a thousand sends (tens of milliseconds each through an SMTP relay). They leave one after
    // another once the write has committed; a failed send is logged and kept in the outbox
    // (sendActivation never throws), and `npm run invite` sends another link.
    void (async () => {
      for (const [index, { row, email }] of people.entries())
        await sendActivation(deps, ctx.log, email, tokens[index] ?? '', row);
    })();
  });
}

/** One participant's account and registration link (openAccounts). */
export async function openAccount(
  ctx: FhirContext,
  row: ParticipantRecord,
  contact: { email: string; mobile: string },
): Promise<void> {
  await openAccounts(ctx, [{ row, ...contact }]);
}

/**
 * New participants' accounts and registration links (openAccounts), for those active with a mail and
 * a mobile. The bulk import leaves it to `npm run invite` unless asked.
 */
export async function inviteNewParticipants(
  ctx: FhirContext,
  rows: readonly ParticipantRecord[],
): Promise<void> {
  if (ctx.registrationLinks === false) return;
  await openAccounts(
    ctx,
    rows.flatMap((row) =>
      row.active && row.email && row.mobile ? [{ row, email: row.email, mobile: row.mobile }] : [],
    ),
  );
}

/** The audit entry of a participant the integration API created. */
export const createdEntry = (ctx: FhirContext, row: Pick<ParticipantRecord, 'id' | 'establishmentId'>) => ({
  actorUserId: null,
  action: 'PARTICIPANT_CREATED',
  targetType: 'participant',
  targetId: row.id,
  participantId: row.id,
  details: { source: 'fhir', client: ctx.client.name, establishmentId: row.establishmentId },
  ip: ctx.ip,
});

/** The audit entry of a participant the integration API changed (the columns' names, not their values). */
export const updatedEntry = (ctx: FhirContext, before: ParticipantRecord, after: ParticipantRecord) => ({
  actorUserId: null,
  action: 'PARTICIPANT_UPDATED',
  targetType: 'participant',
  targetId: after.id,
  participantId: after.id,
  details: { source: 'fhir', client: ctx.client.name, changed: changedColumns(before, after) },
  ip: ctx.ip,
});

export async function createPatient(ctx: FhirContext, patient: Patient): Promise<ParticipantRecord> {
  const book = await codeBook(ctx);
  const row = await store(ctx, patient, null, book);
  await inviteNewParticipants(ctx, [row]);
  await audit(ctx.db, createdEntry(ctx, row));
  return row;
}

export async function updatePatient(
  ctx: FhirContext,
  id: number,
  patient: Patient,
  expectedVersion: number | null,
): Promise<ParticipantRecord | null> {
  // The row a conditional update's match has just read and locked, else read and locked here.
  const locked = ctx.facts?.lockedParticipants.get(id);
  ctx.facts?.lockedParticipants.delete(id);
  const [current] = locked
    ? [locked]
    : await ctx.db.select().from(participants).where(eq(participants.id, id)).for('update');
  if (!current) return null;
  if (expectedVersion !== null && current.version !== expectedVersion)
    throw versionConflict('Patient', String(id), expectedVersion, current.version);
  const book = await codeBook(ctx);
  const row = await store(ctx, patient, current, book);
  if (row === current) return row;
  await audit(ctx.db, updatedEntry(ctx, current, row));
  return row;
}
