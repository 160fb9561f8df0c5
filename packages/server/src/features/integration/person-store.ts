import type { Person } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { companies, correspondants, establishments, groups } from '../../db/schema';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { loadCodeBook } from './codes';
import { FhirError, type Issue, versionConflict } from './fhir-outcome';
import type { FhirContext } from './fhir-resource';
import {
  type CorrespondantAccount,
  changeContact,
  closeAccount,
  lockAccount,
  openAccount,
  renameAccount,
  reopenAccount,
  sendRegistrationLink,
} from './person-account';
import { type PersonFields, readPerson } from './person-input';
import type { CorrespondantRow } from './person-mapping';

/**
 * Create and update of correspondants by the centre's information system (FHIR Person). The Person is
 * checked by the correspondant screen's rules (person-input.ts), its managingOrganization gives the
 * scope, and the account follows (person-account.ts). A correspondant is never deleted: `active: false`
 * deactivates them, and the feed shows it.
 */

const MANAGING = 'Person.managingOrganization';

/** The scope columns of the organisation managingOrganization names, or a refusal naming it. */
async function scopeColumns(
  ctx: FhirContext,
  scope: PersonFields['scope'],
  moves: boolean,
): Promise<
  | { columns: Pick<CorrespondantRow, 'scopeLevel' | 'establishmentId' | 'companyId' | 'groupId'> }
  | { issue: Issue }
> {
  const unknown = (prefix: string): { issue: Issue } => ({
    issue: {
      code: 'not-found',
      diagnostics: `Organization/${prefix}-${scope.id} is not known`,
      expression: [MANAGING],
    },
  });
  if (scope.level === 'GROUPEMENT') {
    const [row] = await ctx.db.select({ id: groups.id }).from(groups).where(eq(groups.id, scope.id));
    if (!row) return unknown('grp');
    return { columns: { scopeLevel: 'GROUPEMENT', establishmentId: null, companyId: null, groupId: row.id } };
  }
  if (scope.level === 'ENTREPRISE') {
    const [row] = await ctx.db
      .select({ id: companies.id, groupId: companies.groupId })
      .from(companies)
      .where(eq(companies.id, scope.id));
    if (!row) return unknown('ent');
    return {
      columns: { scopeLevel: 'ENTREPRISE', establishmentId: null, companyId: row.id, groupId: row.groupId },
    };
  }
  const [row] = await ctx.db
    .select({
      id: establishments.id,
      companyId: establishments.companyId,
      groupId: companies.groupId,
      terminationDate: establishments.terminationDate,
    })
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(eq(establishments.id, scope.id));
  if (!row) return unknown('etab');
  // An establishment whose contract ended takes no new correspondant (its participants are gone).
  if (moves && row.terminationDate !== null && row.terminationDate <= centreToday())
    return {
      issue: {
        code: 'business-rule',
        diagnostics: `the establishment's contract ended on ${row.terminationDate}: it takes no new correspondant`,
        expression: [MANAGING],
      },
    };
  return {
    columns: {
      scopeLevel: 'ETABLISSEMENT',
      establishmentId: row.id,
      companyId: row.companyId,
      groupId: row.groupId,
    },
  };
}

/** The Person read and checked, with its scope, or a 422 naming every element at fault. */
async function checked(ctx: FhirContext, person: Person, current: CorrespondantRow | null) {
  const book = await loadCodeBook(ctx.db);
  const { fields, issues } = readPerson(
    person,
    current?.id ?? null,
    book,
    ctx.config.centreIdSystems.correspondant,
  );
  if (!fields) throw new FhirError(422, issues);
  const moves =
    current === null ||
    current.scopeLevel !== fields.scope.level ||
    (fields.scope.level === 'ETABLISSEMENT' && current.establishmentId !== fields.scope.id) ||
    (fields.scope.level === 'ENTREPRISE' && current.companyId !== fields.scope.id) ||
    (fields.scope.level === 'GROUPEMENT' && current.groupId !== fields.scope.id);
  const scope = await scopeColumns(ctx, fields.scope, moves && fields.active);
  if ('issue' in scope) throw new FhirError(422, [scope.issue]);
  return { fields, scope: scope.columns, moves };
}

function rowValues(fields: PersonFields) {
  return {
    civilityId: fields.civilityId,
    lastName: fields.lastName,
    firstName: fields.firstName,
    landline: fields.landline,
    fax: fields.fax,
    jobTitle: fields.jobTitle,
    active: fields.active,
    centreId: fields.centreId,
  };
}

export async function createPerson(ctx: FhirContext, person: Person): Promise<number> {
  const { fields, scope } = await checked(ctx, person, null);
  const [row] = await ctx.db
    .insert(correspondants)
    .values({ ...rowValues(fields), ...scope, email: fields.email, mobile: fields.mobile })
    .returning();
  if (!row) throw new Error('correspondant insert returned no row');
  // An inactive correspondant (a back office loading its history) gets no account and no mail.
  if (row.active)
    await openAccount(ctx, {
      id: row.id,
      lastName: row.lastName,
      firstName: row.firstName,
      email: fields.email,
      mobile: fields.mobile,
    });
  await audit(ctx.db, {
    actorUserId: null,
    action: 'CORRESPONDANT_CREATED',
    targetType: 'correspondant',
    targetId: row.id,
    details: { source: 'fhir', client: ctx.client.name, scope: scope.scopeLevel },
    ip: ctx.ip,
  });
  ctx.afterCommit(async () => ctx.changes?.announce('correspondants'));
  return row.id;
}

/** The account's side of an update: activity, names, contact and scope, in that order. */
async function followAccount(
  ctx: FhirContext,
  account: CorrespondantAccount,
  current: CorrespondantRow,
  fields: PersonFields,
  moves: boolean,
): Promise<{ email: string | null; mobile: string | null }> {
  const holder = {
    id: current.id,
    lastName: fields.lastName,
    firstName: fields.firstName,
    email: fields.email,
  };
  if (current.active && !fields.active) await closeAccount(ctx, account);
  if (fields.lastName !== current.lastName || fields.firstName !== current.firstName)
    await renameAccount(ctx, account, holder);
  const kept = await changeContact(ctx, account, { email: fields.email, mobile: fields.mobile });
  if (fields.active && !account.registered) {
    // Still to register: one new link when it comes back or its mail changed (the old one is spent).
    if (!current.active || fields.email !== account.email)
      await sendRegistrationLink(ctx, account.id, holder, account.englishOnly);
  } else if (fields.active && !current.active) {
    await reopenAccount(ctx, account);
  }
  // The session carries the scope (caller.correspondant): it is read again.
  if (moves && !(current.active && !fields.active)) await renameAccount(ctx, account, holder);
  return kept;
}

export async function updatePerson(
  ctx: FhirContext,
  id: number,
  person: Person,
  expectedVersion: number | null,
): Promise<number | null> {
  const [current] = await ctx.db.select().from(correspondants).where(eq(correspondants.id, id)).for('update');
  if (!current) return null;
  if (expectedVersion !== null && current.version !== expectedVersion)
    throw versionConflict('Person', String(id), expectedVersion, current.version);
  const { fields, scope, moves } = await checked(ctx, person, current);
  const account = await lockAccount(ctx, id);
  let contact = { email: fields.email as string | null, mobile: fields.mobile };
  if (account) contact = await followAccount(ctx, account, current, fields, moves);
  else if (fields.active && !current.active)
    await openAccount(ctx, {
      id,
      lastName: fields.lastName,
      firstName: fields.firstName,
      email: fields.email,
      mobile: fields.mobile,
    });
  const values = { ...rowValues(fields), ...scope, ...contact };
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
    (key) => String(values[key]) !== String(current[key]),
  );
  if (changed.length > 0) await ctx.db.update(correspondants).set(values).where(eq(correspondants.id, id));
  await audit(ctx.db, {
    actorUserId: null,
    action:
      fields.active === current.active
        ? 'CORRESPONDANT_UPDATED'
        : fields.active
          ? 'CORRESPONDANT_REACTIVATED'
          : 'CORRESPONDANT_DEACTIVATED',
    targetType: 'correspondant',
    targetId: id,
    details: { source: 'fhir', client: ctx.client.name, changed, accountId: account?.id ?? null },
    ip: ctx.ip,
  });
  ctx.afterCommit(async () => ctx.changes?.announce('correspondants'));
  return id;
}
