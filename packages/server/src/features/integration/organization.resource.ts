import type { Address, Identifier, Organization } from '@medplum/fhirtypes';
import {
  ORGANIZATION_PREFIX,
  type OrganizationKind,
  PORTAL_ID_SYSTEM,
  portalCodeSystem,
  SIREN_SYSTEM,
  SIRET_SYSTEM,
} from '@portail/contract/integration/fhir';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies, establishmentCheckupTypes, establishments, groups, managers } from '../../db/schema';
import { centreToday } from '../../lib/dates';
import { type CodeBook, loadCodeBook } from './codes';
import { invalid } from './fhir-outcome';
import type { FhirResourceHandler, SearchParameterInfo } from './fhir-resource';
import { createOrganization, ORGANIZATION_EXTENSIONS, updateOrganization } from './organization-store';
import { lastUpdatedSql } from './search-params';

const LEVELS: Record<OrganizationKind, { code: string; display: string }> = {
  group: { code: 'GROUPEMENT', display: 'Groupement' },
  company: { code: 'ENTREPRISE', display: 'Entreprise' },
  establishment: { code: 'ETABLISSEMENT', display: 'Établissement' },
};
const KIND_OF_PREFIX = new Map(
  (Object.entries(ORGANIZATION_PREFIX) as [OrganizationKind, string][]).map(([kind, prefix]) => [
    prefix,
    kind,
  ]),
);
const ID = /^(grp|ent|etab)-([1-9]\d{0,9})$/;
const TERMINATION = ORGANIZATION_EXTENSIONS.termination;

export const organizationId = (kind: OrganizationKind, id: number) => `${ORGANIZATION_PREFIX[kind]}-${id}`;

/** `etab-12` as the establishment 12, or null for anything else. */
export function parseOrganizationId(text: string): { kind: OrganizationKind; id: number } | null {
  const match = ID.exec(text);
  const kind = match ? KIND_OF_PREFIX.get(match[1] ?? '') : undefined;
  const id = Number(match?.[2]);
  return kind && id <= 2_147_483_647 ? { kind, id } : null;
}

/** FHIR JSON has no empty lists: the element is left out instead. */
const nonEmpty = <K extends string, T>(key: K, items: T[]): Partial<Record<K, T[]>> =>
  (items.length > 0 ? { [key]: items } : {}) as Partial<Record<K, T[]>>;

const present = <T>(value: T | null | undefined): value is T =>
  value !== null && value !== undefined && value !== '';

function base(kind: OrganizationKind, row: { id: number; name: string; version: number; updatedAt: Date }) {
  return {
    resourceType: 'Organization' as const,
    id: organizationId(kind, row.id),
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    type: [{ coding: [{ system: portalCodeSystem('organisation-level'), ...LEVELS[kind] }] }],
    name: row.name,
  };
}

type EstablishmentRow = typeof establishments.$inferSelect;

function establishmentAddress(
  row: EstablishmentRow,
  prefix: 'geo' | 'billing',
  use: Address['use'],
  book: CodeBook,
): Address[] {
  const part = <K extends string>(name: K) =>
    row[`${prefix}${name}` as keyof EstablishmentRow] as string | number | null;
  const street = [
    part('StreetNumber'),
    book.item(part('StreetTypeId') as number | null)?.label,
    part('StreetName'),
  ]
    .filter(present)
    .join(' ');
  const lines = [part('Line1'), part('Line2'), part('Line3'), street, part('Line5')]
    .filter(present)
    .map(String);
  const country = book.code(part('CountryId') as number | null);
  const address: Address = {
    use,
    ...(lines.length > 0 ? { line: lines } : {}),
    ...(present(part('PostalCode')) ? { postalCode: String(part('PostalCode')) } : {}),
    ...(present(part('Locality')) ? { city: String(part('Locality')) } : {}),
    ...(country ? { country } : {}),
  };
  return Object.keys(address).length > 1 ? [address] : [];
}

/** Reads the organisations named, by kind, as FHIR Organizations in the order asked. */
async function readOrganizations(
  db: DbOrTx,
  wanted: readonly { kind: OrganizationKind; id: number }[],
  centreSystem: string,
): Promise<Organization[]> {
  const centreIdentifier = (value: string | null): Identifier[] =>
    value ? [{ system: centreSystem, value }] : [];
  const ids = (kind: OrganizationKind) => wanted.filter((w) => w.kind === kind).map((w) => w.id);
  const [groupRows, companyRows, establishmentRows, book] = await Promise.all([
    ids('group').length > 0
      ? db
          .select()
          .from(groups)
          .where(inArray(groups.id, ids('group')))
      : [],
    ids('company').length > 0
      ? db
          .select()
          .from(companies)
          .where(inArray(companies.id, ids('company')))
      : [],
    ids('establishment').length > 0
      ? db
          .select({ establishment: establishments, manager: managers })
          .from(establishments)
          .leftJoin(managers, sql`${managers.id} = ${establishments.managerId}`)
          .where(inArray(establishments.id, ids('establishment')))
      : [],
    loadCodeBook(db),
  ]);
  const today = centreToday();
  const accepted = new Map<number, number[]>();
  if (ids('establishment').length > 0)
    for (const row of await db
      .select()
      .from(establishmentCheckupTypes)
      .where(inArray(establishmentCheckupTypes.establishmentId, ids('establishment'))))
      accepted.set(row.establishmentId, [...(accepted.get(row.establishmentId) ?? []), row.checkupTypeId]);
  const found = new Map<string, Organization>();
  for (const row of groupRows) {
    const identifier: Identifier[] = [
      { system: PORTAL_ID_SYSTEM.group, value: String(row.id) },
      ...centreIdentifier(row.centreId),
    ];
    found.set(organizationId('group', row.id), { ...base('group', row), identifier, active: true });
  }
  for (const row of companyRows) {
    const identifier: Identifier[] = [
      { system: PORTAL_ID_SYSTEM.company, value: String(row.id) },
      ...centreIdentifier(row.centreId),
      ...(present(row.siren) ? [{ system: SIREN_SYSTEM, value: row.siren }] : []),
    ];
    found.set(organizationId('company', row.id), {
      ...base('company', row),
      identifier,
      active: true,
      ...(row.groupId !== null
        ? { partOf: { reference: `Organization/${organizationId('group', row.groupId)}` } }
        : {}),
    });
  }
  for (const { establishment: row, manager } of establishmentRows) {
    const identifier: Identifier[] = [
      { system: PORTAL_ID_SYSTEM.establishment, value: String(row.id) },
      ...centreIdentifier(row.centreId),
      ...(present(row.siret) ? [{ system: SIRET_SYSTEM, value: row.siret }] : []),
    ];
    const address = [
      ...establishmentAddress(row, 'geo', 'work', book),
      ...(row.billingSameAsGeo ? [] : establishmentAddress(row, 'billing', 'billing', book)),
    ];
    found.set(organizationId('establishment', row.id), {
      ...base('establishment', row),
      identifier,
      active: row.terminationDate === null || row.terminationDate > today,
      ...nonEmpty('extension', [
        ...(row.terminationDate ? [{ url: TERMINATION, valueDate: row.terminationDate }] : []),
        ...(accepted.get(row.id) ?? []).flatMap((typeId) => {
          const coding = book.coding(typeId);
          return coding ? [{ url: ORGANIZATION_EXTENSIONS.acceptedCheckupType, valueCoding: coding }] : [];
        }),
      ]),
      ...(address.length > 0 ? { address } : {}),
      partOf: { reference: `Organization/${organizationId('company', row.companyId)}` },
      ...(manager
        ? {
            contact: [
              {
                purpose: {
                  coding: [
                    { system: 'http://terminology.hl7.org/CodeSystem/contactentity-type', code: 'ADMIN' },
                  ],
                  text: 'Gestionnaire du centre',
                },
                name: { text: manager.name },
                telecom: [
                  ...(present(manager.telephone)
                    ? [{ system: 'phone' as const, value: manager.telephone }]
                    : []),
                  ...(present(manager.email) ? [{ system: 'email' as const, value: manager.email }] : []),
                ],
              },
            ],
          }
        : {}),
    });
  }
  return wanted.flatMap((w) => found.get(organizationId(w.kind, w.id)) ?? []);
}

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: 'grp-N (group), ent-N (company) or etab-N (establishment)' },
  {
    name: 'identifier',
    type: 'token',
    documentation: `system|value: SIRET (${SIRET_SYSTEM}), SIREN (${SIREN_SYSTEM}), the centre's number (FHIR_ORGANIZATION_ID_SYSTEM) or the portal's`,
  },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation: 'When the organisation last changed; results are in that order',
  },
  {
    name: 'partof',
    type: 'reference',
    documentation: 'Organization/grp-N or Organization/ent-N: the members',
  },
];

/** One table's part of a search: its kind, and the conditions on it (null: the table cannot match). */
interface TablePart {
  kind: OrganizationKind;
  table: typeof groups | typeof companies | typeof establishments;
  conditions: SQL[] | null;
}

function parts(params: URLSearchParams, centreSystem: string): TablePart[] {
  const all: TablePart[] = [
    { kind: 'group', table: groups, conditions: [] },
    { kind: 'company', table: companies, conditions: [] },
    { kind: 'establishment', table: establishments, conditions: [] },
  ];
  const only = (kind: OrganizationKind, condition: SQL) => {
    for (const part of all) {
      if (part.kind !== kind) part.conditions = null;
      else part.conditions?.push(condition);
    }
  };
  for (const [name, value] of params) {
    if (name === '_id') {
      const parsed = parseOrganizationId(value);
      if (!parsed) throw invalid('_id must be grp-N, ent-N or etab-N', '_id', 'value');
      only(parsed.kind, sql`id = ${parsed.id}`);
    }
    if (name === 'identifier') {
      const [system, code = ''] = value.includes('|') ? value.split('|', 2) : ['', value];
      if (system === centreSystem) for (const part of all) part.conditions?.push(sql`centre_id = ${code}`);
      else if (system === SIRET_SYSTEM) only('establishment', sql`siret = ${code}`);
      else if (system === SIREN_SYSTEM) only('company', sql`siren = ${code}`);
      else {
        const kind = (Object.entries(PORTAL_ID_SYSTEM) as [string, string][]).find(
          ([, url]) => url === system,
        )?.[0];
        if (kind !== 'group' && kind !== 'company' && kind !== 'establishment')
          throw invalid('identifier needs a system: SIRET, SIREN or a portal number', 'identifier', 'value');
        if (!/^[1-9]\d{0,9}$/.test(code) || Number(code) > 2_147_483_647)
          throw invalid('a portal number is a positive whole number', 'identifier', 'value');
        only(kind, sql`id = ${Number(code)}`);
      }
    }
    if (name === '_lastUpdated') {
      const condition = lastUpdatedSql(sql.raw('updated_at'), value);
      for (const part of all) part.conditions?.push(condition);
    }
    if (name === 'partof') {
      const parsed = parseOrganizationId(value.replace(/^Organization\//, ''));
      if (parsed?.kind === 'group') only('company', sql`group_id = ${parsed.id}`);
      else if (parsed?.kind === 'company') only('establishment', sql`company_id = ${parsed.id}`);
      else
        throw invalid(
          'partof names a group (Organization/grp-N) or a company (Organization/ent-N)',
          'partof',
          'value',
        );
    }
  }
  return all;
}

export const organizationHandler: FhirResourceHandler<Organization> = {
  type: 'Organization',
  documentation:
    'Groups (grp-N), companies (ent-N) and establishments (etab-N); partOf builds the hierarchy: README "Integration API: resources (FHIR R4)"',
  searchParams: SEARCH_PARAMS,
  history: true,
  read: async (ctx, id) => {
    const parsed = parseOrganizationId(id);
    if (!parsed) return null;
    const [organization] = await readOrganizations(ctx.db, [parsed], ctx.config.centreIdSystems.organization);
    return organization ?? null;
  },
  create: async (ctx, organization) => {
    const ref = await createOrganization(ctx, organization);
    const [stored] = await readOrganizations(ctx.db, [ref], ctx.config.centreIdSystems.organization);
    if (!stored) throw new Error('organisation written and not read back');
    return stored;
  },
  update: async (ctx, id, organization, expectedVersion) => {
    const parsed = parseOrganizationId(id);
    if (!parsed) return null;
    const ref = await updateOrganization(ctx, parsed, organization, expectedVersion);
    if (!ref) return null;
    const [stored] = await readOrganizations(ctx.db, [ref], ctx.config.centreIdSystems.organization);
    return stored ?? null;
  },
  search: async (ctx, params, page) => {
    const selects = parts(params, ctx.config.centreIdSystems.organization)
      .filter((part) => part.conditions !== null)
      .map(
        (part) =>
          sql`select ${part.kind}::text as kind, id, updated_at from ${part.table} where ${
            part.conditions && part.conditions.length > 0 ? sql.join(part.conditions, sql` and `) : sql`true`
          }`,
      );
    if (selects.length === 0) return { resources: [], total: 0 };
    const union = sql.join(selects, sql` union all `);
    const [rows, totals] = await Promise.all([
      rowsOf<{ kind: OrganizationKind; id: number }>(
        ctx.db,
        sql`select kind, id from (${union}) as found order by updated_at, kind, id limit ${page.count} offset ${page.offset}`,
      ),
      rowsOf<{ n: number }>(ctx.db, sql`select count(*)::int as n from (${union}) as found`),
    ]);
    const wanted = rows.map((row) => ({ kind: row.kind, id: Number(row.id) }));
    return {
      resources: await readOrganizations(ctx.db, wanted, ctx.config.centreIdSystems.organization),
      total: Number(totals[0]?.n ?? 0),
    };
  },
};
