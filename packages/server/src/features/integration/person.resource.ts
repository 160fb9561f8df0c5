import type { Person } from '@medplum/fhirtypes';
import { PORTAL_ID_SYSTEM } from '@portail/contract/integration/fhir';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { correspondants } from '../../db/schema';
import { loadCodeBook } from './codes';
import { invalid } from './fhir-outcome';
import type { FhirContext, FhirResourceHandler, SearchParameterInfo } from './fhir-resource';
import { parseOrganizationId } from './organization.resource';
import { readPersons } from './person-mapping';
import { createPerson, updatePerson } from './person-store';
import { lastUpdatedSql } from './search-params';

const ID = /^[1-9]\d{0,9}$/;
const idOf = (text: string): number | null =>
  ID.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: "The correspondant's portal number" },
  {
    name: 'identifier',
    type: 'token',
    documentation: "system|value: the centre's number (FHIR_CORRESPONDANT_ID_SYSTEM) or the portal's",
  },
  {
    name: 'organization',
    type: 'reference',
    documentation:
      'Organization/etab-N, ent-N or grp-N: the correspondants whose scope is that organisation (managingOrganization)',
  },
  { name: 'active', type: 'token', documentation: 'true: the active ones; false: the deactivated ones' },
  { name: 'email', type: 'token', documentation: 'The mail held on the record (case ignored)' },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation: 'When the correspondant last changed; results are in that order',
  },
];

/** The conditions of a search, each parameter checked (400 naming it). Null: nothing can match. */
function conditions(ctx: FhirContext, params: URLSearchParams): SQL[] | null {
  const all: SQL[] = [];
  for (const [name, value] of params) {
    if (name === '_id') {
      const id = idOf(value);
      if (id === null) return null;
      all.push(eq(correspondants.id, id));
    } else if (name === 'identifier') {
      const [system, code = ''] = value.includes('|') ? value.split('|', 2) : ['', value];
      if (system === ctx.config.centreIdSystems.correspondant) all.push(eq(correspondants.centreId, code));
      else if (system === PORTAL_ID_SYSTEM.correspondant) {
        const id = idOf(code);
        if (id === null) throw invalid('a portal number is a positive whole number', 'identifier', 'value');
        all.push(eq(correspondants.id, id));
      } else throw invalid("identifier needs a system: the centre's or the portal's", 'identifier', 'value');
    } else if (name === 'organization') {
      const parsed = parseOrganizationId(value.replace(/^Organization\//, ''));
      if (!parsed)
        throw invalid('organization names Organization/etab-N, ent-N or grp-N', 'organization', 'value');
      if (parsed.kind === 'establishment')
        all.push(
          and(
            eq(correspondants.scopeLevel, 'ETABLISSEMENT'),
            eq(correspondants.establishmentId, parsed.id),
          ) as SQL,
        );
      else if (parsed.kind === 'company')
        all.push(
          and(eq(correspondants.scopeLevel, 'ENTREPRISE'), eq(correspondants.companyId, parsed.id)) as SQL,
        );
      else
        all.push(
          and(eq(correspondants.scopeLevel, 'GROUPEMENT'), eq(correspondants.groupId, parsed.id)) as SQL,
        );
    } else if (name === 'active') {
      if (value !== 'true' && value !== 'false') throw invalid('active is true or false', 'active', 'value');
      all.push(eq(correspondants.active, value === 'true'));
    } else if (name === 'email') {
      all.push(sql`lower(${correspondants.email}) = ${value.toLowerCase()}`);
    } else if (name === '_lastUpdated') {
      all.push(lastUpdatedSql(correspondants.updatedAt, value));
    }
  }
  return all;
}

/** Correspondants (docs/integration-fhir.md#mapping) as FHIR Person: README "Integration API: resources", "Correspondants: why Person". */
export const personHandler: FhirResourceHandler<Person> = {
  type: 'Person',
  documentation:
    "Correspondants: the contacts of an establishment, company or group (managingOrganization gives their scope); README 'Correspondants: why Person'",
  searchParams: SEARCH_PARAMS,
  history: true,
  read: async (ctx, id) => {
    const number = idOf(id);
    if (number === null) return null;
    const [person] = await readPersons(
      ctx.db,
      [number],
      await loadCodeBook(ctx.db),
      ctx.config.centreIdSystems.correspondant,
    );
    return person ?? null;
  },
  search: async (ctx, params, page) => {
    const where = conditions(ctx, params);
    if (where === null) return { resources: [], total: 0 };
    const filter = where.length > 0 ? and(...where) : undefined;
    const [rows, totals] = await Promise.all([
      ctx.db
        .select({ id: correspondants.id })
        .from(correspondants)
        .where(filter)
        .orderBy(asc(correspondants.updatedAt), asc(correspondants.id))
        .limit(page.count)
        .offset(page.offset),
      ctx.db.select({ n: count() }).from(correspondants).where(filter),
    ]);
    const book = await loadCodeBook(ctx.db);
    return {
      resources: await readPersons(
        ctx.db,
        rows.map((row) => row.id),
        book,
        ctx.config.centreIdSystems.correspondant,
      ),
      total: Number(totals[0]?.n ?? 0),
    };
  },
  create: async (ctx, person) => {
    const id = await createPerson(ctx, person);
    const [stored] = await readPersons(
      ctx.db,
      [id],
      await loadCodeBook(ctx.db),
      ctx.config.centreIdSystems.correspondant,
    );
    if (!stored) throw new Error('correspondant written and not read back');
    return stored;
  },
  update: async (ctx, id, person, expectedVersion) => {
    const number = idOf(id);
    if (number === null) return null;
    const written = await updatePerson(ctx, number, person, expectedVersion);
    if (written === null) return null;
    const [stored] = await readPersons(
      ctx.db,
      [written],
      await loadCodeBook(ctx.db),
      ctx.config.centreIdSystems.correspondant,
    );
    return stored ?? null;
  },
};
