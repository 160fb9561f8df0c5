import type { DocumentReference } from '@medplum/fhirtypes';
import {
  DOCUMENT_CATEGORY_DISPLAY,
  DOCUMENT_CATEGORY_SYSTEM,
  DOCUMENT_ID_SYSTEM,
  DOCUMENT_PREFIX,
  DOCUMENT_TYPE_SYSTEM,
} from '@portail/contract/integration/fhir-documents';
import { centreInstant } from '@portail/contract/rules/centre-time';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { adviceSheets, DOCUMENT_CATEGORIES, documents, legalDocuments } from '../../db/schema';
import {
  type DocumentKind,
  MAX_ID,
  PORTAL_NUMBER,
  parseDocumentId,
  readDocumentReferences,
} from './document-reference.read';
import { createDocument, updateDocument } from './document-reference.write';
import { invalid, ruleBroken } from './fhir-outcome';
import type { FhirResourceHandler, SearchParameterInfo } from './fhir-resource';
import { lastUpdatedBounds, lastUpdatedSql } from './search-params';

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: 'N (a medical document), fiche-N (advice sheet), rgpd-N' },
  {
    name: 'identifier',
    type: 'token',
    documentation: `system|value: the portal's numbers (${DOCUMENT_ID_SYSTEM.document}, …/advice-sheet, …/data-protection-document)`,
  },
  { name: 'patient', type: 'reference', documentation: 'Patient/N: the participant’s medical documents' },
  { name: 'subject', type: 'reference', documentation: 'Patient/N, as patient' },
  {
    name: 'category',
    type: 'token',
    documentation: `${DOCUMENT_CATEGORY_SYSTEM}: ${Object.keys(DOCUMENT_CATEGORY_DISPLAY).join(', ')} (a comma separates several, one of which matches)`,
  },
  {
    name: 'type',
    type: 'token',
    documentation: `${DOCUMENT_TYPE_SYSTEM}|N: the centre's document type (a comma separates several, one of which matches)`,
  },
  {
    name: 'date',
    type: 'date',
    documentation: 'When the document was made (eq, ge, gt, le, lt; a day is a day at the centre, Paris)',
  },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation: 'When the document last changed; results in that order',
  },
];

/** One table's part of a search: its kind, and its conditions (null: the table cannot match). */
interface TablePart {
  kind: DocumentKind;
  table: typeof documents | typeof adviceSheets | typeof legalDocuments;
  conditions: SQL[] | null;
}

/** A token's code, checked against the system it names when it names one. */
function tokenCode(value: string, system: string, parameter: string): string {
  if (!value.includes('|')) return value;
  const [given, code = ''] = value.split('|', 2);
  if (given !== '' && given !== system)
    throw invalid(`${parameter} takes codes of ${system}`, parameter, 'value');
  return code;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const OPERATOR = { eq: 'eq', ge: 'ge', gt: 'gt', le: 'le', lt: 'lt' } as const;

/**
 * `date`: an instant compares as it is; a day (`2026-11-03`) is that day at the centre, from midnight
 * in Paris to the next, so `eq` matches the whole day and `gt` starts the day after.
 */
function dateCondition(value: string): SQL {
  const prefix = /^(eq|ge|gt|le|lt)/.exec(value)?.[1] as keyof typeof OPERATOR | undefined;
  const text = prefix ? value.slice(2) : value;
  let bound: ReturnType<typeof lastUpdatedBounds>;
  try {
    bound = lastUpdatedBounds(value);
  } catch {
    throw invalid('date takes a prefix (eq, ge, gt, le, lt) and an instant or a day', 'date', 'value');
  }
  if (!DAY.test(text)) return sql`created_at ${sql.raw(bound.operator)} ${bound.instant}`;
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  const start = centreInstant(text, 0);
  const end = centreInstant(new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10), 0);
  switch (prefix ?? 'eq') {
    case 'ge':
      return sql`created_at >= ${start}`;
    case 'gt':
      return sql`created_at >= ${end}`;
    case 'le':
      return sql`created_at < ${end}`;
    case 'lt':
      return sql`created_at < ${start}`;
    default:
      return sql`created_at >= ${start} and created_at < ${end}`;
  }
}

function patientCondition(value: string, parameter: string): SQL {
  const id = value.replace(/^Patient\//, '');
  if (!PORTAL_NUMBER.test(id) || Number(id) > MAX_ID)
    throw invalid(`${parameter} names a participant: Patient/N`, parameter, 'value');
  return sql`participant_id = ${Number(id)}`;
}

function parts(params: URLSearchParams): TablePart[] {
  const all: TablePart[] = [
    { kind: 'document', table: documents, conditions: [] },
    { kind: 'sheet', table: adviceSheets, conditions: [] },
    { kind: 'legal', table: legalDocuments, conditions: [sql`content is not null`] },
  ];
  /** Keeps the kinds `where` gives a condition for, with it; the others cannot match. */
  const restrict = (where: Partial<Record<DocumentKind, SQL>>) => {
    for (const part of all) {
      const condition = where[part.kind];
      if (condition === undefined) part.conditions = null;
      else part.conditions?.push(condition);
    }
  };
  for (const [name, value] of params) {
    if (name === '_id' || name === 'identifier') {
      let text = value;
      let kind: DocumentKind | undefined;
      if (name === 'identifier') {
        const [system, code = ''] = value.includes('|') ? value.split('|', 2) : ['', value];
        kind = (Object.entries(DOCUMENT_ID_SYSTEM) as [DocumentKind, string][]).find(
          ([, url]) => url === system,
        )?.[0];
        if (!kind)
          throw invalid(
            'identifier needs a system: one of the portal’s document numbers',
            'identifier',
            'value',
          );
        text = kind === 'document' ? code : `${DOCUMENT_PREFIX[kind]}-${code}`;
      }
      const parsed = parseDocumentId(text);
      if (!parsed || (kind && parsed.kind !== kind))
        throw invalid(`${name} must be N, fiche-N or rgpd-N`, name, 'value');
      restrict({ [parsed.kind]: sql`id = ${parsed.id}` });
    }
    if (name === 'patient' || name === 'subject') restrict({ document: patientCondition(value, name) });
    if (name === 'category') {
      const codes = value.split(',').map((text) => tokenCode(text, DOCUMENT_CATEGORY_SYSTEM, 'category'));
      const unknown = codes.find((code) => !(code in DOCUMENT_CATEGORY_DISPLAY));
      if (unknown !== undefined)
        throw invalid(`category ${unknown} is not known`, 'category', 'code-invalid');
      const medical = codes.filter((code) => (DOCUMENT_CATEGORIES as readonly string[]).includes(code));
      restrict({
        ...(medical.length > 0 ? { document: sql`category in (${sql.join(medical, sql`, `)})` } : {}),
        ...(codes.includes('FICHE_CONSEIL') ? { sheet: sql`true` } : {}),
        ...(codes.includes('PROTECTION_DONNEES') ? { legal: sql`true` } : {}),
      });
    }
    if (name === 'type') {
      const ids = value.split(',').map((text) => tokenCode(text, DOCUMENT_TYPE_SYSTEM, 'type'));
      if (ids.some((id) => !PORTAL_NUMBER.test(id) || Number(id) > MAX_ID))
        throw invalid('type is a document type’s number', 'type', 'value');
      restrict({ document: sql`document_type_id in (${sql.join(ids.map(Number), sql`, `)})` });
    }
    if (name === 'date') {
      const condition = dateCondition(value);
      restrict({ document: condition, sheet: condition });
    }
    if (name === '_lastUpdated') {
      const condition = lastUpdatedSql(sql.raw('updated_at'), value);
      for (const part of all) part.conditions?.push(condition);
    }
  }
  return all;
}

/**
 * DocumentReference (issue 19): the participants' medical documents (id N), the advice sheets
 * (fiche-N) and the data-protection documents (rgpd-N), each PDF a Binary. README "Integration API:
 * resources".
 */
export const documentReferenceHandler: FhirResourceHandler<DocumentReference> = {
  type: 'DocumentReference',
  documentation:
    'Medical documents (N), advice sheets (fiche-N) and data-protection documents (rgpd-N); each PDF is a Binary: README "Integration API: resources"',
  searchParams: SEARCH_PARAMS,
  // documents, their attachments, advice sheets and data-protection documents carry the feed's
  // triggers (migration 0020); a participant opening a document is no change.
  history: true,
  read: async (ctx, id) => {
    const parsed = parseDocumentId(id);
    if (!parsed) return null;
    const [reference] = await readDocumentReferences(ctx.db, ctx.baseUrl, [parsed]);
    return reference ?? null;
  },
  search: async (ctx, params, page) => {
    const selects = parts(params)
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
      rowsOf<{ kind: DocumentKind; id: number }>(
        ctx.db,
        sql`select kind, id from (${union}) as found order by updated_at, kind, id limit ${page.count} offset ${page.offset}`,
      ),
      rowsOf<{ n: number }>(ctx.db, sql`select count(*)::int as n from (${union}) as found`),
    ]);
    const wanted = rows.map((row) => ({ kind: row.kind, id: Number(row.id) }));
    return {
      resources: await readDocumentReferences(ctx.db, ctx.baseUrl, wanted),
      total: Number(totals[0]?.n ?? 0),
    };
  },
  create: (ctx, resource) => createDocument(ctx, resource),
  async update(ctx, id, resource, expectedVersion) {
    const parsed = parseDocumentId(id);
    if (!parsed) return null;
    if (parsed.kind !== 'document') {
      const [exists] = await readDocumentReferences(ctx.db, ctx.baseUrl, [parsed]);
      if (!exists) return null;
      throw ruleBroken(
        'Advice sheets and data-protection documents are read only here',
        'DocumentReference.id',
      );
    }
    return updateDocument(ctx, parsed.id, resource, expectedVersion);
  },
};
