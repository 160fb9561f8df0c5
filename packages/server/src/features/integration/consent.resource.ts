import type { Consent } from '@medplum/fhirtypes';
import { CONSENT_PREFIX, portalCodeSystem } from '@portail/contract/integration/fhir';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { participants } from '../../db/schema';
import { lastUpdatedCondition, patientParam, prefixedId } from './care-search';
import { createConsent } from './consent.write';
import { invalid } from './fhir-outcome';
import type { FhirResourceHandler, SearchParameterInfo } from './fhir-resource';
import { centreFhirInstant } from './fhir-time';

export type ConsentKind = keyof typeof CONSENT_PREFIX;
const KINDS = Object.keys(CONSENT_PREFIX) as ConsentKind[];

/** The data-protection policy page of the portal (001), which the medical-record consent refers to. */
export const DATA_PROTECTION_PATH = '/politiqueProtectionDonnees';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';

/**
 * What each consent is: the online medical record (dossier médical, DMC) is a privacy consent, the
 * participant's choice to let the portal show their results; the withdrawal consent (accord
 * désistement) lets the centre move the participant to a slot someone else gave up, a consent about
 * the scheduling of care (`treatment`). Both carry LOINC 59284-0 "Patient Consent" and the portal's
 * own code, so that a consumer can tell them apart without reading ids.
 */
export const CONSENT_KINDS = {
  medicalRecord: {
    scope: 'patient-privacy',
    scopeDisplay: 'Privacy Consent',
    code: 'DMC',
    display: 'Dossier médical en ligne',
  },
  withdrawal: {
    scope: 'treatment',
    scopeDisplay: 'Treatment',
    code: 'DESISTEMENT',
    display: 'Accord de désistement',
  },
} as const;

const consentColumns = {
  id: participants.id,
  version: participants.version,
  updatedAt: participants.updatedAt,
  dmcStatus: participants.dmcStatus,
  dmcStatusAt: participants.dmcStatusAt,
  withdrawalAgreement: participants.withdrawalAgreement,
  withdrawalAgreementAt: participants.withdrawalAgreementAt,
};
type ConsentRow = {
  id: number;
  version: number;
  updatedAt: Date;
  dmcStatus: 'ACCEPTED' | 'REFUSED' | 'NONE';
  dmcStatusAt: Date | null;
  withdrawalAgreement: boolean;
  withdrawalAgreementAt: Date | null;
};

/** Whether the participant has answered: an unanswered consent is no resource at all. */
const answered: Record<ConsentKind, (row: ConsentRow) => boolean> = {
  medicalRecord: (row) => row.dmcStatus !== 'NONE',
  withdrawal: (row) => row.withdrawalAgreementAt !== null,
};
const answeredSql: Record<ConsentKind, SQL> = {
  medicalRecord: sql`${participants.dmcStatus} <> 'NONE'`,
  withdrawal: sql`${participants.withdrawalAgreementAt} is not null`,
};

/**
 * A participant's answer as a FHIR Consent `dmc-<participant>` or `retr-<participant>` (stable ids:
 * one consent of each kind, its latest answer). Its version is the participant row's: the consent is
 * part of that record (README "Integration API: resources").
 */
export function participantToConsent(row: ConsentRow, kind: ConsentKind, baseUrl: string): Consent {
  const info = CONSENT_KINDS[kind];
  const agreed = kind === 'medicalRecord' ? row.dmcStatus === 'ACCEPTED' : row.withdrawalAgreement;
  const at = kind === 'medicalRecord' ? row.dmcStatusAt : row.withdrawalAgreementAt;
  return {
    resourceType: 'Consent',
    id: `${CONSENT_PREFIX[kind]}-${row.id}`,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    status: agreed ? 'active' : 'rejected',
    scope: {
      coding: [{ system: CONSENT_SCOPE, code: info.scope, display: info.scopeDisplay }],
    },
    category: [
      { coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] },
      { coding: [{ system: portalCodeSystem('consent-kind'), code: info.code, display: info.display }] },
    ],
    patient: { reference: `Patient/${row.id}` },
    ...(at ? { dateTime: centreFhirInstant(at) } : {}),
    performer: [{ reference: `Patient/${row.id}` }],
    ...(kind === 'medicalRecord'
      ? { policy: [{ uri: `${new URL(baseUrl).origin}${DATA_PROTECTION_PATH}` }] }
      : { policyRule: { coding: [{ system: portalCodeSystem('consent-kind'), code: info.code }] } }),
    provision: { type: agreed ? 'permit' : 'deny' },
  };
}

/** `dmc-12` as the medical-record consent of participant 12, or null. */
export function parseConsentId(id: string): { kind: ConsentKind; participantId: number } | null {
  for (const kind of KINDS) {
    const participantId = prefixedId(id, CONSENT_PREFIX[kind]);
    if (participantId !== null) return { kind, participantId };
  }
  return null;
}

export async function readConsent(db: DbOrTx, id: string, baseUrl: string): Promise<Consent | null> {
  const parsed = parseConsentId(id);
  if (!parsed) return null;
  const [row] = await db
    .select(consentColumns)
    .from(participants)
    .where(eq(participants.id, parsed.participantId));
  return row && answered[parsed.kind](row) ? participantToConsent(row, parsed.kind, baseUrl) : null;
}

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: 'dmc-<participant id> or retr-<participant id>' },
  { name: 'patient', type: 'reference', documentation: 'Patient/<participant id>' },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation:
      "When the participant's record (and so its consents) last changed; results are in that order",
  },
];

function searchConditions(params: URLSearchParams): { conditions: SQL[]; kinds: Set<ConsentKind> } {
  const conditions: SQL[] = [];
  const kinds = new Set(KINDS);
  for (const [name, value] of params) {
    if (name === '_id') {
      const parsed = parseConsentId(value);
      if (!parsed) throw invalid('_id is dmc-<participant id> or retr-<participant id>', '_id', 'value');
      conditions.push(eq(participants.id, parsed.participantId));
      for (const kind of KINDS) if (kind !== parsed.kind) kinds.delete(kind);
    }
    if (name === 'patient') conditions.push(eq(participants.id, patientParam(value)));
    if (name === '_lastUpdated') conditions.push(lastUpdatedCondition(participants.updatedAt, value));
  }
  return { conditions, kinds };
}

export const consentHandler: FhirResourceHandler<Consent> = {
  type: 'Consent',
  documentation:
    'The online medical record accepted or refused (dmc-<id>) and the withdrawal consent (retr-<id>) of each participant',
  searchParams: SEARCH_PARAMS,
  // The participants row records a Consent change when its consent columns change, only then (0020).
  history: true,
  read: (ctx, id) => readConsent(ctx.db, id, ctx.baseUrl),
  search: async (ctx, params, page) => {
    const { conditions, kinds } = searchConditions(params);
    // One ordered page over both kinds: each kind is the participants who answered it.
    const parts = [...kinds].map(
      (kind) =>
        // The kind is one of two fixed words, written as a literal: a parameter has no type in a union.
        sql`select ${sql.raw(`'${kind}'`)} as kind, ${participants.id} as id, ${participants.updatedAt} as updated_at
            from ${participants} where ${and(answeredSql[kind], ...conditions)}`,
    );
    const union = sql.join(parts, sql` union all `);
    const [keys, totals] = await Promise.all([
      rowsOf<{ kind: ConsentKind; id: number }>(
        ctx.db,
        sql`${union} order by updated_at, id, kind limit ${page.count} offset ${page.offset}`,
      ),
      rowsOf<{ n: number | string }>(ctx.db, sql`select count(*) as n from (${union}) as answers`),
    ]);
    const ids = [...new Set(keys.map((key) => Number(key.id)))];
    const rows =
      ids.length === 0
        ? []
        : await ctx.db.select(consentColumns).from(participants).where(inArray(participants.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const resources = keys.flatMap((key) => {
      const row = byId.get(Number(key.id));
      return row ? [participantToConsent(row, key.kind, ctx.baseUrl)] : [];
    });
    return { resources, total: Number(totals[0]?.n ?? 0) };
  },
  create: (ctx, resource) => createConsent(ctx, resource),
};
