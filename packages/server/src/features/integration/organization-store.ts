import type { Address, Organization } from '@medplum/fhirtypes';
import { COUNTRY_FRANCE_ID } from '@portail/contract/constants';
import {
  type OrganizationKind,
  PORTAL_ID_SYSTEM,
  portalCodeSystem,
  SIREN_SYSTEM,
  SIRET_SYSTEM,
} from '@portail/contract/integration/fhir';
import { CORRESPONDANT_CHECKUP_TYPE_CODES } from '@portail/contract/rules/participant';
import { and, eq, or, sql } from 'drizzle-orm';
import { companies, establishmentCheckupTypes, establishments, groups, participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { localityError } from '../addresses';
import { checkupTypesOf } from '../participants';
import type { CodeBook } from './codes';
import { FhirError, type Issue, versionConflict } from './fhir-outcome';
import { codeBook, type FhirContext } from './fhir-resource';
import { holdsAlready } from './fhir-writes';
import { readAddress } from './patient-write';

/**
 * Create and update of the organisations by the centre's information system: a group, a company or
 * an establishment, told apart by `type` (the portal's organisation-level codes) and named by their
 * prefixed ids (grp-N, ent-N, etab-N). An establishment's `partOf` is its company, a company's its
 * group; moving one rewrites the copies its participants keep (company, group, company name), so that
 * the correspondants' lists stay right. A termination is a date (or `active: false`), never a deletion.
 */

export const ORGANIZATION_EXTENSIONS = {
  termination: 'https://portail-bilans.fr/fhir/StructureDefinition/termination-date',
  acceptedCheckupType: 'https://portail-bilans.fr/fhir/StructureDefinition/accepted-checkup-type',
} as const;

const LEVEL_CODES: Record<string, OrganizationKind> = {
  GROUPEMENT: 'group',
  ENTREPRISE: 'company',
  ETABLISSEMENT: 'establishment',
};
const PARENT: Record<OrganizationKind, OrganizationKind | null> = {
  group: null,
  company: 'group',
  establishment: 'company',
};
const PARENT_REFERENCE = /^Organization\/(grp|ent)-([1-9]\d{0,9})$/;
const NAME_MAX = 200;

function problem(issues: Issue[], path: string, diagnostics: string, code: Issue['code'] = 'value') {
  issues.push({ code, diagnostics, expression: [path] });
}

/** The kind `type` names (the portal's organisation-level CodeSystem), or null. */
export function kindOf(organization: Organization): OrganizationKind | null {
  const system = portalCodeSystem('organisation-level');
  for (const concept of organization.type ?? [])
    for (const coding of concept.coding ?? [])
      if (coding.system === system && coding.code && LEVEL_CODES[coding.code])
        return LEVEL_CODES[coding.code] ?? null;
  return null;
}

interface OrganizationFields {
  name: string;
  centreId: string | null;
  siret: string | null;
  siren: string | null;
  parentId: number | null;
  terminationDate: string | null;
  geo: Address | undefined;
  billing: Address | undefined;
  checkupTypes: number[] | null;
}

function readFields(
  organization: Organization,
  kind: OrganizationKind,
  id: number | null,
  ctx: FhirContext,
  book: CodeBook,
  issues: Issue[],
): OrganizationFields {
  const name = organization.name?.trim() ?? '';
  if (name === '' || name.length > NAME_MAX)
    problem(issues, 'Organization.name', `the name is required, at most ${NAME_MAX} characters`, 'required');
  let centreId: string | null = null;
  let siret: string | null = null;
  let siren: string | null = null;
  for (const [index, identifier] of (organization.identifier ?? []).entries()) {
    const at = `Organization.identifier[${index}]`;
    const value = identifier.value ?? '';
    if (identifier.system === ctx.config.centreIdSystems.organization) {
      if (!/^\S{1,64}$/.test(value))
        problem(issues, `${at}.value`, 'the centre number is 1 to 64 characters without spaces');
      centreId = value;
    } else if (identifier.system === SIRET_SYSTEM && kind === 'establishment') {
      if (!/^\d{14}$/.test(value)) problem(issues, `${at}.value`, 'a SIRET is 14 digits');
      siret = value;
    } else if (identifier.system === SIREN_SYSTEM && kind === 'company') {
      if (!/^\d{9}$/.test(value)) problem(issues, `${at}.value`, 'a SIREN is 9 digits');
      siren = value;
    } else if (identifier.system === PORTAL_ID_SYSTEM[kind]) {
      if (value !== String(id))
        problem(
          issues,
          `${at}.value`,
          'the portal number is the resource id; it is never chosen by a client',
        );
    } else {
      problem(
        issues,
        `${at}.system`,
        `identifier system ${identifier.system ?? '(none)'} is not one this portal keeps for this organisation`,
      );
    }
  }
  const parentKind = PARENT[kind];
  const reference = organization.partOf?.reference;
  let parentId: number | null = null;
  if (reference !== undefined) {
    const match = PARENT_REFERENCE.exec(reference);
    const expected = parentKind === 'group' ? 'grp' : parentKind === 'company' ? 'ent' : null;
    if (!match || match[1] !== expected)
      problem(
        issues,
        'Organization.partOf.reference',
        parentKind === null
          ? 'a group is part of nothing'
          : `must name a ${parentKind} (Organization/${expected}-N)`,
      );
    else parentId = Number(match[2]);
  } else if (kind === 'establishment') {
    problem(
      issues,
      'Organization.partOf',
      'an establishment is part of a company (Organization/ent-N)',
      'required',
    );
  }
  const termination = organization.extension?.find(
    (item) => item.url === ORGANIZATION_EXTENSIONS.termination,
  );
  let terminationDate = termination?.valueDate ?? null;
  if (organization.active === false && terminationDate === null) terminationDate = centreToday();
  if (organization.active === true && terminationDate !== null && terminationDate <= centreToday())
    problem(issues, 'Organization.active', 'an organisation whose termination date has passed is not active');
  if (kind !== 'establishment' && terminationDate !== null)
    problem(issues, 'Organization.extension', 'only an establishment has a termination date');
  const addresses = organization.address ?? [];
  if (kind !== 'establishment' && addresses.length > 0)
    problem(issues, 'Organization.address', 'only an establishment has an address here');
  let checkupTypes: number[] | null = null;
  const accepted = (organization.extension ?? []).filter(
    (item) => item.url === ORGANIZATION_EXTENSIONS.acceptedCheckupType,
  );
  if (accepted.length > 0) {
    checkupTypes = [];
    for (const item of accepted) {
      const code = item.valueCoding?.code ?? '';
      const found =
        item.valueCoding?.system === portalCodeSystem('typeBilan') ? book.find('typeBilan', code) : null;
      if (!found)
        problem(
          issues,
          `Organization.extension.where(url='${ORGANIZATION_EXTENSIONS.acceptedCheckupType}')`,
          `${code} is not a check-up type code of the portal`,
          'code-invalid',
        );
      else checkupTypes.push(found.id);
    }
  }
  return {
    name,
    centreId,
    siret,
    siren,
    parentId,
    terminationDate,
    geo: addresses.find((address) => address.use !== 'billing'),
    billing: addresses.find((address) => address.use === 'billing'),
    checkupTypes,
  };
}

/** An address as the establishment's columns (`geo` or `billing`), checked as the screens check it. */
function addressColumns(
  book: CodeBook,
  address: Address | undefined,
  prefix: 'geo' | 'billing',
  at: string,
  issues: Issue[],
) {
  const { address: fields } = readAddress(book, address, at, COUNTRY_FRANCE_ID, issues);
  if (address) {
    const locality = localityError(
      at,
      { countryId: fields.pays, postalCode: fields.codePostal, locality: fields.localite },
      null,
    );
    if (locality) problem(issues, `${at}.city`, 'is not a commune of this postal code', 'business-rule');
  }
  return {
    [`${prefix}Line1`]: fields.ligne1,
    [`${prefix}Line2`]: fields.ligne2,
    [`${prefix}Line3`]: fields.ligne3,
    [`${prefix}StreetNumber`]: fields.numeroVoie,
    [`${prefix}StreetTypeId`]: fields.typeVoie,
    [`${prefix}StreetName`]: fields.nomVoie,
    [`${prefix}Line5`]: fields.ligne5,
    [`${prefix}PostalCode`]: fields.codePostal,
    [`${prefix}Locality`]: fields.localite,
    [`${prefix}CountryId`]: address ? fields.pays : null,
  };
}

async function parentExists(
  ctx: FhirContext,
  kind: OrganizationKind,
  id: number,
): Promise<{ groupId: number | null; name: string } | null> {
  if (kind === 'group') {
    const [row] = await ctx.db.select({ name: groups.name }).from(groups).where(eq(groups.id, id));
    return row ? { groupId: id, name: row.name } : null;
  }
  const [row] = await ctx.db
    .select({ groupId: companies.groupId, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

/** The stored row's kind and id, after the write (the handler reads it back). */
export interface OrganizationRef {
  kind: OrganizationKind;
  id: number;
}

/**
 * Stores an organisation's row: `write(null)` inserts a new one; an existing one is rewritten
 * (`write(id)`) unless `read` finds it already holding these values (an organisation sent again as
 * stored writes nothing: no version, no feed entry).
 */
async function storeRow<Row extends object>(
  existingId: number | null,
  values: Partial<Row>,
  read: (id: number) => Promise<Row[]>,
  write: (id: number | null) => Promise<{ id: number }[]>,
): Promise<{ id: number; changed: boolean }> {
  if (existingId !== null) {
    const [current] = await read(existingId);
    if (current && holdsAlready(values, current)) return { id: existingId, changed: false };
  }
  const [row] = await write(existingId);
  if (!row) throw new Error('organisation write returned no row');
  return { id: row.id, changed: true };
}

async function writeOrganization(
  ctx: FhirContext,
  organization: Organization,
  kind: OrganizationKind,
  existing: { id: number; version: number } | null,
  expectedVersion: number | null,
): Promise<OrganizationRef> {
  if (existing && expectedVersion !== null && existing.version !== expectedVersion)
    throw versionConflict('Organization', String(existing.id), expectedVersion, existing.version);
  const book = await codeBook(ctx);
  const issues: Issue[] = [];
  const fields = readFields(organization, kind, existing?.id ?? null, ctx, book, issues);
  const parentKind = PARENT[kind];
  const parent =
    parentKind && fields.parentId !== null ? await parentExists(ctx, parentKind, fields.parentId) : null;
  if (parentKind && fields.parentId !== null && !parent)
    problem(
      issues,
      'Organization.partOf.reference',
      `Organization/${parentKind === 'group' ? 'grp' : 'ent'}-${fields.parentId} is not known`,
      'not-found',
    );
  const geo =
    kind === 'establishment'
      ? addressColumns(book, fields.geo, 'geo', 'Organization.address[0]', issues)
      : {};
  const billing =
    kind === 'establishment' && fields.billing
      ? addressColumns(
          book,
          fields.billing,
          'billing',
          `Organization.address[${(organization.address ?? []).indexOf(fields.billing)}]`,
          issues,
        )
      : {};
  if (issues.length > 0) throw new FhirError(422, issues);

  // What this transaction read of the establishments (patient-store.ts) may change now.
  ctx.facts?.establishments.clear();
  ctx.facts?.checkupTypes.clear();
  const source = { source: 'fhir', client: ctx.client.name };
  let id: number;
  let changed = false;
  if (kind === 'group') {
    const values = { name: fields.name, centreId: fields.centreId };
    const stored = await storeRow(
      existing?.id ?? null,
      values,
      (at) => ctx.db.select().from(groups).where(eq(groups.id, at)),
      (at) =>
        at === null
          ? ctx.db.insert(groups).values(values).returning({ id: groups.id })
          : ctx.db.update(groups).set(values).where(eq(groups.id, at)).returning({ id: groups.id }),
    );
    changed ||= stored.changed;
    id = stored.id;
  } else if (kind === 'company') {
    const values = {
      name: fields.name,
      centreId: fields.centreId,
      siren: fields.siren,
      groupId: fields.parentId,
    };
    const stored = await storeRow(
      existing?.id ?? null,
      values,
      (at) => ctx.db.select().from(companies).where(eq(companies.id, at)),
      (at) =>
        at === null
          ? ctx.db.insert(companies).values(values).returning({ id: companies.id })
          : ctx.db.update(companies).set(values).where(eq(companies.id, at)).returning({ id: companies.id }),
    );
    changed ||= stored.changed;
    id = stored.id;
    // The copies the participants keep of their company's name and group (participants.ts explains why).
    if (existing)
      await ctx.db
        .update(participants)
        .set({ companyName: fields.name, groupId: fields.parentId })
        .where(
          and(
            eq(participants.companyId, id),
            // Only the rows whose copy differs: re-sending a company must not touch (version, feed) all its people.
            or(
              sql`${participants.companyName} is distinct from ${fields.name}`,
              sql`${participants.groupId} is distinct from ${fields.parentId}`,
            ),
          ),
        );
  } else {
    const companyId = fields.parentId ?? 0;
    const values = {
      name: fields.name,
      centreId: fields.centreId,
      siret: fields.siret,
      companyId,
      terminationDate: fields.terminationDate,
      billingSameAsGeo: !fields.billing,
      ...geo,
      ...billing,
    };
    const stored = await storeRow(
      existing?.id ?? null,
      values,
      (at) => ctx.db.select().from(establishments).where(eq(establishments.id, at)),
      (at) =>
        at === null
          ? ctx.db.insert(establishments).values(values).returning({ id: establishments.id })
          : ctx.db
              .update(establishments)
              .set(values)
              .where(eq(establishments.id, at))
              .returning({ id: establishments.id }),
    );
    changed ||= stored.changed;
    id = stored.id;
    if (existing)
      await ctx.db
        .update(participants)
        .set({ companyId, groupId: parent?.groupId ?? null, companyName: parent?.name ?? '' })
        .where(
          and(
            eq(participants.establishmentId, id),
            or(
              sql`${participants.companyId} is distinct from ${companyId}`,
              sql`${participants.groupId} is distinct from ${parent?.groupId ?? null}`,
              sql`${participants.companyName} is distinct from ${parent?.name ?? ''}`,
            ),
          ),
        );
    // The check-up types it takes: as sent, else (a new establishment) the four a correspondant enrols.
    const types =
      fields.checkupTypes ??
      (existing
        ? null
        : CORRESPONDANT_CHECKUP_TYPE_CODES.flatMap((code) => book.find('typeBilan', code)?.id ?? []));
    const wanted = types && [...new Set(types)].sort((a, b) => a - b);
    const held = existing && wanted ? [...((await checkupTypesOf(ctx.db, [id])).get(id) ?? [])] : null;
    if (wanted && held?.sort((a, b) => a - b).join() !== wanted.join()) {
      changed = true;
      await ctx.db.delete(establishmentCheckupTypes).where(eq(establishmentCheckupTypes.establishmentId, id));
      if (wanted.length > 0)
        await ctx.db
          .insert(establishmentCheckupTypes)
          .values(wanted.map((checkupTypeId) => ({ establishmentId: id, checkupTypeId })));
    }
  }
  // An organisation sent again as stored writes nothing: no version, no feed entry, no audit row.
  if (!changed) return { kind, id };
  await audit(ctx.db, {
    actorUserId: null,
    action: existing ? 'ORGANISATION_UPDATED' : 'ORGANISATION_CREATED',
    targetType: kind,
    targetId: id,
    details: source,
    ip: ctx.ip,
  });
  ctx.afterCommit(async () => ctx.changes?.announce('participants'));
  return { kind, id };
}

export async function createOrganization(
  ctx: FhirContext,
  organization: Organization,
): Promise<OrganizationRef> {
  const kind = kindOf(organization);
  if (!kind)
    throw new FhirError(422, [
      {
        code: 'required',
        diagnostics: `type must carry the portal's organisation level (${portalCodeSystem('organisation-level')}: GROUPEMENT, ENTREPRISE or ETABLISSEMENT)`,
        expression: ['Organization.type'],
      },
    ]);
  return writeOrganization(ctx, organization, kind, null, null);
}

export async function updateOrganization(
  ctx: FhirContext,
  target: OrganizationRef,
  organization: Organization,
  expectedVersion: number | null,
): Promise<OrganizationRef | null> {
  const table = target.kind === 'group' ? groups : target.kind === 'company' ? companies : establishments;
  const [existing] = await ctx.db
    .select({ id: table.id, version: table.version })
    .from(table)
    .where(eq(table.id, target.id))
    .for('update');
  if (!existing) return null;
  const kind = kindOf(organization);
  if (kind !== null && kind !== target.kind)
    throw new FhirError(422, [
      {
        code: 'business-rule',
        diagnostics: `Organization/${organization.id} is a ${target.kind}; its level does not change`,
        expression: ['Organization.type'],
      },
    ]);
  return writeOrganization(ctx, organization, target.kind, existing, expectedVersion);
}
