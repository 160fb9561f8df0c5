import type { AuditEvent, AuditEventEntity, Patient, Reference } from '@medplum/fhirtypes';
import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, documentAttachments, documents, users } from '../../db/schema';
import { dateCondition, patientParam, portalId, requiredId } from './care-search';
import type { FhirResourceHandler, SearchParameterInfo } from './fhir-resource';
import { centreFhirInstant } from './fhir-time';

/**
 * The audit rows a participant may ask about ("who opened, downloaded or sent my documents?"), as
 * AuditEvents in the shape of the IHE Basic Audit Log Patterns (BALP): a read is a RESTful `read` of
 * the document, a download and a send are exports (DICOM 110106) of it. The rows carry the participant
 * whose record was touched (audit_log.participant_id, migration 0017).
 */
const ACTIONS = {
  DOCUMENT_VIEWED: 'view',
  DOCUMENT_DOWNLOADED: 'download',
  DOCUMENTS_SENT: 'send',
  DOCUMENTS_SEND_FAILED: 'send',
} as const;
type AuditAction = keyof typeof ACTIONS;
const AUDITED = Object.keys(ACTIONS) as AuditAction[];

const REST = {
  system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
  code: 'rest',
  display: 'RESTful Operation',
};
const READ = { system: 'http://hl7.org/fhir/restful-interaction', code: 'read', display: 'read' };
const EXPORT = { system: 'http://dicom.nema.org/resources/ontology/DCM', code: '110106', display: 'Export' };
const ENTITY_TYPE = 'http://terminology.hl7.org/CodeSystem/audit-entity-type';
const OBJECT_ROLE = 'http://terminology.hl7.org/CodeSystem/object-role';
const PORTAL = 'Portail Bilans';

type AuditRow = typeof auditLog.$inferSelect;
interface Actor {
  kind: 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF';
  lastName: string;
  firstName: string;
  participantId: number | null;
}
interface Related {
  actors: Map<number, Actor>;
  documents: Map<number, string>;
  /** An attachment's document and name. */
  attachments: Map<number, { documentId: number; name: string }>;
}

const KIND_LABEL = { PARTICIPANT: 'participant', CORRESPONDANT: 'correspondant', STAFF: 'staff' } as const;

function agentOf(row: AuditRow, related: Related): AuditEvent['agent'][number] {
  const actor = row.actorUserId === null ? undefined : related.actors.get(row.actorUserId);
  // A person by name and role, never a login, a token or a secret.
  const display = actor ? `${actor.lastName} ${actor.firstName} (${KIND_LABEL[actor.kind]})` : 'unknown user';
  const who: Reference<Patient> =
    actor?.participantId !== null && actor?.participantId !== undefined
      ? { reference: `Patient/${actor.participantId}`, display }
      : { display };
  return {
    type: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/extra-security-role-type',
          code: 'humanuser',
          display: 'human user',
        },
      ],
    },
    who,
    requestor: true,
    ...(row.ip ? { network: { address: row.ip, type: '2' as const } } : {}),
  };
}

const documentEntity = (id: number, name: string | undefined, detail?: string): AuditEventEntity => ({
  what: { reference: `DocumentReference/${id}`, ...(name ? { display: name } : {}) },
  type: { system: ENTITY_TYPE, code: '2', display: 'System Object' },
  role: { system: OBJECT_ROLE, code: '4', display: 'Domain Resource' },
  ...(detail ? { detail: [{ type: 'attachment', valueString: detail }] } : {}),
});

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];

/** The documents an audit row names: the one read, or those sent. */
function entitiesOf(row: AuditRow, related: Related): AuditEventEntity[] {
  const target = Number(row.targetId);
  if (ACTIONS[row.action as AuditAction] !== 'send') {
    if (row.targetType === 'attachment') {
      const attachment = related.attachments.get(target);
      return attachment
        ? [
            documentEntity(
              attachment.documentId,
              related.documents.get(attachment.documentId),
              attachment.name,
            ),
          ]
        : [];
    }
    return [documentEntity(target, related.documents.get(target))];
  }
  const sent = numbers(row.details?.documents).map((id) => documentEntity(id, related.documents.get(id)));
  const annexes = numbers(row.details?.annexes).flatMap((id) => {
    const attachment = related.attachments.get(id);
    return attachment
      ? [documentEntity(attachment.documentId, related.documents.get(attachment.documentId), attachment.name)]
      : [];
  });
  return [...sent, ...annexes];
}

export function auditRowToEvent(row: AuditRow, related: Related): AuditEvent {
  const usage = ACTIONS[row.action as AuditAction];
  const recipient = typeof row.details?.recipientDomain === 'string' ? row.details.recipientDomain : null;
  return {
    resourceType: 'AuditEvent',
    id: String(row.id),
    meta: { versionId: '1', lastUpdated: row.at.toISOString() },
    type: usage === 'view' ? REST : EXPORT,
    ...(usage === 'view' ? { subtype: [READ] } : {}),
    action: 'R',
    recorded: centreFhirInstant(row.at),
    outcome: row.action === 'DOCUMENTS_SEND_FAILED' ? '4' : '0',
    outcomeDesc: { view: 'viewed', download: 'downloaded', send: 'sent by e-mail' }[usage],
    agent: [agentOf(row, related)],
    source: {
      site: PORTAL,
      observer: { display: `${PORTAL} (web portal)` },
      type: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/security-source-type',
          code: '4',
          display: 'Application Server',
        },
      ],
    },
    entity: [
      ...entitiesOf(row, related),
      {
        what: { reference: `Patient/${row.participantId}` },
        type: { system: ENTITY_TYPE, code: '1', display: 'Person' },
        role: { system: OBJECT_ROLE, code: '1', display: 'Patient' },
        // The domain a send went to (the address itself is not kept): what the participant asks about.
        ...(recipient ? { detail: [{ type: 'recipient-domain', valueString: recipient }] } : {}),
      },
    ],
  };
}

/** The users, documents and attachments the rows name, read at once. */
async function relatedTo(db: DbOrTx, rows: AuditRow[]): Promise<Related> {
  const actorIds = [...new Set(rows.flatMap((row) => (row.actorUserId === null ? [] : [row.actorUserId])))];
  const attachmentIds = new Set<number>();
  const documentIds = new Set<number>();
  for (const row of rows) {
    const target = portalId(row.targetId ?? '');
    if (row.targetType === 'attachment' && target !== null) attachmentIds.add(target);
    if (row.targetType === 'document' && target !== null) documentIds.add(target);
    for (const id of numbers(row.details?.documents)) documentIds.add(id);
    for (const id of numbers(row.details?.annexes)) attachmentIds.add(id);
  }
  const [actorRows, attachmentRows] = await Promise.all([
    actorIds.length === 0
      ? []
      : db
          .select({
            id: users.id,
            kind: users.kind,
            lastName: users.lastName,
            firstName: users.firstName,
            participantId: users.participantId,
          })
          .from(users)
          .where(inArray(users.id, actorIds)),
    attachmentIds.size === 0
      ? []
      : db
          .select({
            id: documentAttachments.id,
            documentId: documentAttachments.documentId,
            name: documentAttachments.name,
          })
          .from(documentAttachments)
          .where(inArray(documentAttachments.id, [...attachmentIds])),
  ]);
  for (const attachment of attachmentRows) documentIds.add(attachment.documentId);
  const documentRows =
    documentIds.size === 0
      ? []
      : await db
          .select({ id: documents.id, name: documents.name })
          .from(documents)
          .where(inArray(documents.id, [...documentIds]));
  return {
    actors: new Map(actorRows.map(({ id, ...actor }) => [id, actor])),
    documents: new Map(documentRows.map((row) => [row.id, row.name])),
    attachments: new Map(attachmentRows.map(({ id, ...attachment }) => [id, attachment])),
  };
}

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: 'The id of the audit entry' },
  {
    name: 'patient',
    type: 'reference',
    documentation: "Patient/<participant id>: who read, downloaded or sent the participant's documents",
  },
  {
    name: 'date',
    type: 'date',
    documentation: "When it happened (eq, ne, ge, gt, le, lt; a day is the centre's calendar day)",
  },
];

/** Only the document accesses of a participant are AuditEvents of this API. */
const ACCESS = and(isNotNull(auditLog.participantId), inArray(auditLog.action, AUDITED));

function searchConditions(params: URLSearchParams): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, value] of params) {
    if (name === '_id') conditions.push(eq(auditLog.id, requiredId(value, '_id')));
    if (name === 'patient') conditions.push(eq(auditLog.participantId, patientParam(value)));
    if (name === 'date') conditions.push(dateCondition(auditLog.at, value, 'date'));
  }
  return conditions;
}

export const auditEventHandler: FhirResourceHandler<AuditEvent> = {
  type: 'AuditEvent',
  documentation:
    "Who read, downloaded or sent which of a participant's documents (IHE BALP shapes); read-only",
  searchParams: SEARCH_PARAMS,
  read: async (ctx, id) => {
    const auditId = portalId(id);
    if (auditId === null) return null;
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(ACCESS, eq(auditLog.id, auditId)));
    return row ? auditRowToEvent(row, await relatedTo(ctx.db, [row])) : null;
  },
  search: async (ctx, params, page) => {
    const where = and(ACCESS, ...searchConditions(params));
    const [rows, totals] = await Promise.all([
      ctx.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(asc(auditLog.at), asc(auditLog.id))
        .limit(page.count)
        .offset(page.offset),
      ctx.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    const related = await relatedTo(ctx.db, rows);
    return { resources: rows.map((row) => auditRowToEvent(row, related)), total: totals[0]?.n ?? 0 };
  },
};
