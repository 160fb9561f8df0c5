import type { EpisodeOfCare, Extension } from '@medplum/fhirtypes';
import {
  ORGANIZATION_PREFIX,
  PORTAL_ID_SYSTEM,
  portalCodeSystem,
  portalExtension,
} from '@portail/contract/integration/fhir';
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
import { type CodeBook, loadCodeBook } from './codes';
import type { FhirResourceHandler, SearchParameterInfo } from './fhir-resource';

export const CHECKUP_STATE_EXTENSION = portalExtension('checkup-state');
export const BILLING_DATE_EXTENSION = portalExtension('billing-date');

/**
 * The check-up states (000 §4) with the codes the portal's own API uses for them (etatBilan of the
 * check-up list) and the FHIR status each means: a closed and an invoiced check-up are both over for
 * care; the portal's code tells them apart (extension `checkup-state`).
 */
export const CHECKUP_STATES: Record<
  CheckupState,
  { code: string; display: string; status: EpisodeOfCare['status'] }
> = {
  IN_PROGRESS: { code: 'EN_COURS', display: 'En cours', status: 'active' },
  CLOSED: { code: 'CLOTURE', display: 'Clôturé', status: 'finished' },
  INVOICED: { code: 'FACTURE', display: 'Facturé', status: 'finished' },
};

type CheckupRow = typeof checkups.$inferSelect;

/** A check-up (bilan) as a FHIR EpisodeOfCare: README "Integration API: resources". */
export function checkupToEpisode(row: CheckupRow, book: CodeBook): EpisodeOfCare {
  const state = CHECKUP_STATES[row.state];
  const type = book.coding(row.checkupTypeId);
  const extension: Extension[] = [
    {
      url: CHECKUP_STATE_EXTENSION,
      valueCoding: { system: portalCodeSystem('etatBilan'), code: state.code, display: state.display },
    },
    ...(row.billingDate ? [{ url: BILLING_DATE_EXTENSION, valueDate: row.billingDate }] : []),
  ];
  const period = {
    ...(row.firstAppointmentDate ? { start: row.firstAppointmentDate } : {}),
    ...(row.closingDate ? { end: row.closingDate } : {}),
  };
  return {
    resourceType: 'EpisodeOfCare',
    id: String(row.id),
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    extension,
    identifier: [{ system: PORTAL_ID_SYSTEM.checkup, value: String(row.id) }],
    status: state.status,
    ...(type ? { type: [{ coding: [type] }] } : {}),
    patient: { reference: `Patient/${row.participantId}` },
    managingOrganization: {
      reference: `Organization/${ORGANIZATION_PREFIX.establishment}-${row.establishmentId}`,
    },
    ...(Object.keys(period).length > 0 ? { period } : {}),
  };
}

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
  read: async (ctx, id) => {
    const checkupId = portalId(id);
    const row = checkupId === null ? null : await findCheckup(ctx.db, checkupId);
    return row ? checkupToEpisode(row, await loadCodeBook(ctx.db)) : null;
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
      loadCodeBook(ctx.db),
    ]);
    return { resources: rows.map((row) => checkupToEpisode(row, book)), total: totals[0]?.n ?? 0 };
  },
};
