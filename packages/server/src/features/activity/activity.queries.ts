import type { ActivityFilter } from '@portail/contract/schemas/activity';
import { and, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, documentAttachments, documents, documentTypes, users } from '../../db/schema';
import { ownActive, titleColumns } from '../documents';
import { actionsFoundBy, type Found } from './activity-events';

/** Whose trail: the participant's record and their own account. */
export interface ActivityOwner {
  participantId: number;
  userId: number;
}

/**
 * The ids of the owner's events, one indexed range per way the trail names a participant
 * (docs/activity.md#query): audit_log_participant_idx (participant_id, at), audit_log_actor_idx
 * (actor_user_id, at) and audit_log_target_idx (target_type, target_id), put together by `union`
 * (an event found two ways counts once).
 */
function ownEventIds(db: Db, owner: ActivityOwner, filter: ActivityFilter | undefined) {
  const ids = (found: Found, where: (actions: string[]) => SQL | undefined) => {
    const actions = actionsFoundBy(found, filter);
    return actions.length === 0 ? [] : [db.select({ id: auditLog.id }).from(auditLog).where(where(actions))];
  };
  const participant = String(owner.participantId);
  const branches = [
    ...ids('participant', (actions) =>
      and(eq(auditLog.participantId, owner.participantId), inArray(auditLog.action, actions)),
    ),
    ...ids('actor', (actions) =>
      and(eq(auditLog.actorUserId, owner.userId), inArray(auditLog.action, actions)),
    ),
    ...ids('targetParticipant', (actions) =>
      and(
        eq(auditLog.targetType, 'participant'),
        eq(auditLog.targetId, participant),
        inArray(auditLog.action, actions),
      ),
    ),
    ...ids('targetUser', (actions) =>
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, String(owner.userId)),
        inArray(auditLog.action, actions),
      ),
    ),
    ...ids('targetDocument', (actions) =>
      and(
        eq(auditLog.targetType, 'document'),
        inArray(
          auditLog.targetId,
          db
            .select({ id: sql<string>`${documents.id}::text` })
            .from(documents)
            .where(eq(documents.participantId, owner.participantId)),
        ),
        inArray(auditLog.action, actions),
      ),
    ),
  ];
  const [first, second, ...rest] = branches;
  if (!first) throw new Error('every filter finds events some way');
  return (second ? union(first, second, ...rest) : first).as('own_events');
}

const actor = alias(users, 'actor');
const published = alias(documents, 'published');

/**
 * What the events keep out, whichever way they were found: another participant acting (never told to
 * this one), and the publication of a document still held (it reaches the participant at its release:
 * telling it earlier would tell what is coming).
 */
const shown = (owner: ActivityOwner) =>
  and(
    or(isNull(auditLog.actorUserId), eq(auditLog.actorUserId, owner.userId), ne(actor.kind, 'PARTICIPANT')),
    sql`not coalesce(${published.visibleAt} > now(), false)`,
  );

function fromOwnEvents(db: Db, owner: ActivityOwner, filter: ActivityFilter | undefined) {
  const own = ownEventIds(db, owner, filter);
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      actorKind: actor.kind,
      actorRoles: actor.roles,
      actorLastName: actor.lastName,
      actorFirstName: actor.firstName,
    })
    .from(auditLog)
    .innerJoin(own, eq(own.id, auditLog.id))
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(
      published,
      and(
        sql`${auditLog.action} like 'FHIR_DOCUMENT_%'`,
        // The document's key, not its id as text: each page row finds it by documents_pkey. The
        // case keeps other targets' ids (a session's, not numbers) from being cast at all.
        eq(
          published.id,
          sql`case when ${auditLog.targetType} = 'document' and ${auditLog.targetId} ~ '^[0-9]{1,9}$'
            then ${auditLog.targetId}::integer end`,
        ),
      ),
    )
    .where(shown(owner));
}

export interface ActivityRow {
  id: number;
  at: Date;
  action: string;
  actorUserId: number | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  actorKind: 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF' | null;
  actorRoles: string[] | null;
  actorLastName: string | null;
  actorFirstName: string | null;
}

/** A page of the owner's events, newest first (offset paging: one person's trail is short). */
export async function readActivityPage(
  db: Db,
  owner: ActivityOwner,
  filter: ActivityFilter | undefined,
  page: { page: number; size: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    activityPageQuery(db, owner, filter, page),
    activityCountQuery(db, owner, filter),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The page's statement (apart, so that its plan can be read: docs/activity.md#query). */
export function activityPageQuery(
  db: Db,
  owner: ActivityOwner,
  filter: ActivityFilter | undefined,
  page: { page: number; size: number },
) {
  return fromOwnEvents(db, owner, filter)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.size)
    .offset(page.page * page.size);
}

export function activityCountQuery(db: Db, owner: ActivityOwner, filter: ActivityFilter | undefined) {
  return db.select({ total: count() }).from(fromOwnEvents(db, owner, filter).as('counted'));
}

/**
 * The naming columns of the participant's documents among `ids` that they can see today (active,
 * released): a withdrawn document, or anyone else's, is simply not named.
 */
export function readDocumentTitles(db: Db, participantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: documents.id,
      name: documents.name,
      ...titleColumns,
      mode: documents.nameDisplayMode,
      typeMode: documentTypes.nameDisplayMode,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(and(inArray(documents.id, ids), ownActive(participantId)));
}

/** The names of the participant's attachments among `ids`, under the same conditions. */
export function readAttachmentNames(db: Db, participantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: documentAttachments.id, name: documentAttachments.name })
    .from(documentAttachments)
    .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
    .where(and(inArray(documentAttachments.id, ids), ownActive(participantId)));
}

/**
 * Which of the owner's sessions among `ids` had their text-message code confirmed (SIGN_IN_CONFIRMED,
 * targeting the session its SIGN_IN opened): found by audit_log_target_idx, and only the owner's own.
 */
export async function readConfirmedSessions(db: Db, userId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: auditLog.targetId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'session'),
        inArray(auditLog.targetId, ids),
        eq(auditLog.action, 'SIGN_IN_CONFIRMED'),
        eq(auditLog.actorUserId, userId),
      ),
    );
  return new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}
