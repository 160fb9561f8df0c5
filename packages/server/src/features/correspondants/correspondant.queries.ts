import type { CorrespondantSortField } from '@portail/contract/schemas/correspondants';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { companies, correspondants, enumItems, establishments, groups } from '../../db/schema';
import { escapeLike, foldedSql, foldText } from '../../lib/text-search';

/**
 * Which correspondants a caller reaches (ARCHITECTURE.md, Authentication and access): a correspondant
 * those of their establishment, company or group; a participant those who manage them; the centre's
 * staff every one; anyone else none.
 */
export type Reach =
  | { kind: 'all' }
  | { kind: 'scope'; caller: Caller }
  | { kind: 'managers'; establishmentId: number; companyId: number; groupId: number | null }
  | { kind: 'none' };

/** The directory's search once parsed (docs/correspondants.md#detail); texts are trimmed and non-empty. */
export interface CorrespondantFilters {
  lastNamePrefix?: string | undefined;
  firstNamePrefix?: string | undefined;
  establishmentId?: number | undefined;
  businessName?: string | undefined;
  /** The business name is searched in the company's name rather than the establishment's. */
  companySearch: boolean;
}

export interface CorrespondantPage {
  offset: number;
  limit: number;
  field: CorrespondantSortField;
  descending: boolean;
}

const scopedColumns = {
  establishmentId: correspondants.establishmentId,
  companyId: correspondants.companyId,
  groupId: correspondants.groupId,
};

/** Correspondants answer by the column their scope level names; each is the head of an index. */
function managersOf(reach: Extract<Reach, { kind: 'managers' }>): SQL | undefined {
  return or(
    and(
      eq(correspondants.scopeLevel, 'ETABLISSEMENT'),
      eq(correspondants.establishmentId, reach.establishmentId),
    ),
    and(eq(correspondants.scopeLevel, 'ENTREPRISE'), eq(correspondants.companyId, reach.companyId)),
    reach.groupId === null
      ? undefined
      : and(eq(correspondants.scopeLevel, 'GROUPEMENT'), eq(correspondants.groupId, reach.groupId)),
  );
}

/** Inactive correspondants are never listed nor read, whoever asks. */
function reachCondition(reach: Reach): SQL | undefined {
  const active = eq(correspondants.active, true);
  switch (reach.kind) {
    case 'all':
      return active;
    case 'scope':
      return and(active, scopeCondition(reach.caller, scopedColumns));
    case 'managers':
      return and(active, managersOf(reach));
    case 'none':
      return sql`false`;
  }
}

const civility = alias(enumItems, 'civility');

/** One correspondant with their civility and organisations, as every reply of the feature shows them. */
const rowColumns = {
  id: correspondants.id,
  civilityId: civility.id,
  civilityLabel: civility.label,
  civilityLabelEn: civility.labelEn,
  lastName: correspondants.lastName,
  firstName: correspondants.firstName,
  landline: correspondants.landline,
  mobile: correspondants.mobile,
  fax: correspondants.fax,
  email: correspondants.email,
  jobTitle: correspondants.jobTitle,
  establishmentId: establishments.id,
  establishmentName: establishments.name,
  companyId: companies.id,
  companyName: companies.name,
  groupId: groups.id,
  groupName: groups.name,
  roleAdmin: correspondants.roleAdmin,
  roleBilling: correspondants.roleBilling,
  roleMailing: correspondants.roleMailing,
  /** The stored flag; a reply shows it on the caller's own record only. */
  canSave: correspondants.canSave,
};

const listColumns = { ...rowColumns, total: sql<number>`(count(*) over ())::int` };

// The organisations and the civility are joined by primary key, once per row of the page.
const civilityOn = and(eq(civility.id, correspondants.civilityId), eq(civility.namespace, 'civilite'));
const establishmentOn = eq(establishments.id, correspondants.establishmentId);
const companyOn = eq(companies.id, correspondants.companyId);
const groupOn = eq(groups.id, correspondants.groupId);

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(correspondants)
    .leftJoin(civility, civilityOn)
    .leftJoin(establishments, establishmentOn)
    .leftJoin(companies, companyOn)
    .leftJoin(groups, groupOn);
}

function selectListRows(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(correspondants)
    .leftJoin(civility, civilityOn)
    .leftJoin(establishments, establishmentOn)
    .leftJoin(companies, companyOn)
    .leftJoin(groups, groupOn);
}

/** Counts what a search matches: only the organisations its conditions may name are joined. */
function selectCount(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(correspondants)
    .leftJoin(establishments, establishmentOn)
    .leftJoin(companies, companyOn);
}

export type CorrespondantRow = Awaited<ReturnType<typeof selectRows>>[number];

const SORT_COLUMNS: Record<CorrespondantSortField, PgColumn[]> = {
  nom: [correspondants.lastName, correspondants.firstName],
  prenom: [correspondants.firstName, correspondants.lastName],
  id: [],
  etablissement: [establishments.name, correspondants.lastName, correspondants.firstName],
  entreprise: [companies.name, correspondants.lastName, correspondants.firstName],
  groupement: [groups.name, correspondants.lastName, correspondants.firstName],
};

function filterConditions(filters: CorrespondantFilters): SQL[] {
  const out: SQL[] = [];
  const prefix = (text: string) => `${escapeLike(foldText(text))}%`;
  if (filters.lastNamePrefix)
    out.push(sql`${foldedSql(correspondants.lastName)} like ${prefix(filters.lastNamePrefix)}`);
  if (filters.firstNamePrefix)
    out.push(sql`${foldedSql(correspondants.firstName)} like ${prefix(filters.firstNamePrefix)}`);
  if (filters.establishmentId !== undefined)
    out.push(eq(correspondants.establishmentId, filters.establishmentId));
  if (filters.businessName) {
    const column = filters.companySearch ? companies.name : establishments.name;
    out.push(sql`${foldedSql(column)} like ${`%${escapeLike(foldText(filters.businessName))}%`}`);
  }
  return out;
}

/**
 * One page of the directory and the total of the search, in one round trip: the total rides on each
 * row (a window count over the matching rows, computed before the limit). Only a page past the end
 * needs a second query for its total. Ties are broken by id in the sort's direction, so pages never
 * overlap. The scope's correspondants are found through correspondants_{establishment,company,
 * group}_idx; the organisations are joined by primary key.
 */
export async function listCorrespondants(
  db: DbOrTx,
  reach: Reach,
  filters: CorrespondantFilters,
  page: CorrespondantPage,
): Promise<{ rows: CorrespondantRow[]; totalRows: number }> {
  const where = and(reachCondition(reach), ...filterConditions(filters));
  const direction = page.descending ? desc : asc;
  const order = [...SORT_COLUMNS[page.field], correspondants.id].map((column) => direction(column));
  const found = await selectListRows(db)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  if (found.length > 0 || page.offset === 0)
    return { rows: found.map(({ total: _total, ...row }) => row), totalRows: found[0]?.total ?? 0 };
  const [counted] = await selectCount(db).where(where);
  return { rows: [], totalRows: counted?.n ?? 0 };
}

/** A correspondant the reach includes, active, or null (unknown, inactive and out of reach alike). */
export async function findCorrespondant(
  db: DbOrTx,
  reach: Reach,
  id: number,
): Promise<CorrespondantRow | null> {
  const [row] = await selectRows(db)
    .where(and(eq(correspondants.id, id), reachCondition(reach)))
    .limit(1);
  return row ?? null;
}

export type CorrespondantRecord = typeof correspondants.$inferSelect;

/**
 * Locks a correspondant's row the reach includes for the rest of the transaction, so two saves of one
 * record are served one after the other and each audit row says what the other left.
 */
export async function lockCorrespondant(
  tx: DbOrTx,
  reach: Reach,
  id: number,
): Promise<CorrespondantRecord | null> {
  const [row] = await tx
    .select()
    .from(correspondants)
    .where(and(eq(correspondants.id, id), reachCondition(reach)))
    .for('update');
  return row ?? null;
}
