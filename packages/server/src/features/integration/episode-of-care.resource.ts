import type { EpisodeOfCare } from '@medplum/fhirtypes';
import { PORTAL_ID_SYSTEM } from '@portail/contract/integration/fhir';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type CheckupState, checkups } from '../../db/schema';

import {
  identifierParam,
  lastUpdatedCondition,
  patientParam,
  portalId,
  requiredId,
  tokenList,
} from './care-search';
import { createEpisode, updateEpisode } from './episode-of-care.write';
import { checkupToEpisode } from './episode-of-care-mapping';
import { codeBook, type FhirResourceHandler, type SearchParameterInfo } from './fhir-resource';

type CheckupRow = typeof checkups.$inferSelect;

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: 'The portal id of the check-up' },
  {
    name: 'identifier',
    type: 'token',
    documentation: `system|value; the portal's check-up number (${PORTAL_ID_SYSTEM.checkup})`,
  },
  {
    name: 'patient',
    type: 'reference',
    documentation: 'Patient/<participant id>: the check-ups of a participant',
  },
  {
    name: 'status',
    type: 'token',
    documentation: 'active (in progress) or finished (closed or invoiced); a comma separates several',
  },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation: 'When the check-up last changed (ge, gt, le, lt, eq); results are in that order',
  },
];

const STATES_OF_STATUS: Record<string, CheckupState[]> = {
  active: ['IN_PROGRESS'],
  finished: ['CLOSED', 'INVOICED'],
};

function searchConditions(params: URLSearchParams): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, value] of params) {
    if (name === '_id') conditions.push(eq(checkups.id, requiredId(value, '_id')));
    if (name === 'identifier')
      conditions.push(
        eq(checkups.id, requiredId(identifierParam(value, PORTAL_ID_SYSTEM.checkup), 'identifier')),
      );
    if (name === 'patient') conditions.push(eq(checkups.participantId, patientParam(value)));
    if (name === 'status') {
      const states = tokenList(value, 'status', ['active', 'finished'] as const).flatMap(
        (status) => STATES_OF_STATUS[status] ?? [],
      );
      conditions.push(inArray(checkups.state, states));
    }
    if (name === '_lastUpdated') conditions.push(lastUpdatedCondition(checkups.updatedAt, value));
  }
  return conditions;
}

export async function findCheckup(db: DbOrTx, id: number): Promise<CheckupRow | null> {
  const [row] = await db.select().from(checkups).where(eq(checkups.id, id));
  return row ?? null;
}

export const episodeOfCareHandler: FhirResourceHandler<EpisodeOfCare> = {
  type: 'EpisodeOfCare',
  documentation: 'The check-ups (bilans) of the participants: README "Integration API: resources"',
  searchParams: SEARCH_PARAMS,
  // checkups carry the feed's triggers (migration 0020): the back office's changes and the portal's.
  history: true,
  read: async (ctx, id) => {
    const checkupId = portalId(id);
    const row = checkupId === null ? null : await findCheckup(ctx.db, checkupId);
    return row ? checkupToEpisode(row, await codeBook(ctx)) : null;
  },
  search: async (ctx, params, page) => {
    const where = and(...searchConditions(params));
    const [rows, totals, book] = await Promise.all([
      ctx.db
        .select()
        .from(checkups)
        .where(where)
        .orderBy(asc(checkups.updatedAt), asc(checkups.id))
        .limit(page.count)
        .offset(page.offset),
      ctx.db.select({ n: count() }).from(checkups).where(where),
      codeBook(ctx),
    ]);
    return { resources: rows.map((row) => checkupToEpisode(row, book)), total: totals[0]?.n ?? 0 };
  },
  create: createEpisode,
  update: updateEpisode,
};
