import { and, eq, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { ResourceKind } from '../../src/auth/guard';
import {
  adviceSheets,
  appointments,
  companies,
  correspondants,
  documentAttachments,
  documents,
  establishments,
  mutations,
  participantImports,
  participants,
  passkeys,
  sessions,
  users,
} from '../../src/db/schema';
import type { TestContext } from '../helper';
import type { Identity } from './identities';

/** The participants a correspondant reaches, by the scope level of their record. */
export async function correspondantScope(ctx: TestContext, correspondantId: number): Promise<SQL> {
  const [me] = await ctx.database.db
    .select()
    .from(correspondants)
    .where(eq(correspondants.id, correspondantId));
  if (!me) throw new Error(`no correspondant ${correspondantId}`);
  if (me.scopeLevel === 'ETABLISSEMENT') return eq(participants.establishmentId, me.establishmentId ?? -1);
  if (me.scopeLevel === 'ENTREPRISE') return eq(participants.companyId, me.companyId ?? -1);
  return eq(participants.groupId, me.groupId ?? -1);
}

/** The transfers with neither end in a correspondant's scope (source and destination columns per level). */
async function transfersOutside(ctx: TestContext, correspondantId: number): Promise<SQL | undefined> {
  const [me] = await ctx.database.db
    .select()
    .from(correspondants)
    .where(eq(correspondants.id, correspondantId));
  if (!me) throw new Error(`no correspondant ${correspondantId}`);
  const [source, destination, id] =
    me.scopeLevel === 'ETABLISSEMENT'
      ? [mutations.sourceEstablishmentId, mutations.destinationEstablishmentId, me.establishmentId]
      : me.scopeLevel === 'ENTREPRISE'
        ? [mutations.sourceCompanyId, mutations.destinationCompanyId, me.companyId]
        : [mutations.sourceGroupId, mutations.destinationGroupId, me.groupId];
  // A null group end is outside every group too.
  return and(or(isNull(source), ne(source, id ?? -1)), or(isNull(destination), ne(destination, id ?? -1)));
}

/** The correspondants a correspondant's directory shows: those of their establishment, company or group. */
async function correspondantDirectory(ctx: TestContext, correspondantId: number): Promise<SQL> {
  const [me] = await ctx.database.db
    .select()
    .from(correspondants)
    .where(eq(correspondants.id, correspondantId));
  if (!me) throw new Error(`no correspondant ${correspondantId}`);
  if (me.scopeLevel === 'ETABLISSEMENT') return eq(correspondants.establishmentId, me.establishmentId ?? -1);
  if (me.scopeLevel === 'ENTREPRISE') return eq(correspondants.companyId, me.companyId ?? -1);
  return eq(correspondants.groupId, me.groupId ?? -1);
}

/** The correspondants who manage a participant: of their establishment, company or group, by level. */
async function managersOfParticipant(ctx: TestContext, participantId: number): Promise<SQL> {
  const [me] = await ctx.database.db.select().from(participants).where(eq(participants.id, participantId));
  if (!me) throw new Error(`no participant ${participantId}`);
  return (
    or(
      and(
        eq(correspondants.scopeLevel, 'ETABLISSEMENT'),
        eq(correspondants.establishmentId, me.establishmentId),
      ),
      and(eq(correspondants.scopeLevel, 'ENTREPRISE'), eq(correspondants.companyId, me.companyId)),
      and(eq(correspondants.scopeLevel, 'GROUPEMENT'), eq(correspondants.groupId, me.groupId ?? -1)),
    ) ?? sql`false`
  );
}

/** The establishments outside a correspondant's scope (a company's group may be null: outside every group). */
async function establishmentsOutside(ctx: TestContext, correspondantId: number): Promise<SQL | undefined> {
  const [me] = await ctx.database.db
    .select()
    .from(correspondants)
    .where(eq(correspondants.id, correspondantId));
  if (!me) throw new Error(`no correspondant ${correspondantId}`);
  if (me.scopeLevel === 'ETABLISSEMENT') return ne(establishments.id, me.establishmentId ?? -1);
  if (me.scopeLevel === 'ENTREPRISE') return ne(establishments.companyId, me.companyId ?? -1);
  return or(isNull(companies.groupId), ne(companies.groupId, me.groupId ?? -1));
}

/** Samples for path parameters of kind `value`, which name no resource: every caller may pass them. */
const VALUE_SAMPLES: Record<string, string> = {
  name: 'civilite',
  portable: '0612345678',
  categorie: 'MEDICO_TECHNIQUE',
  // The Centre area's account actions (features/centre): the one that changes least.
  action: 'end-sessions',
};

/**
 * An id of the given kind that the identity must not reach: another participant for a participant,
 * a participant outside the scope for a correspondant. Each new kind of resource gets its resolver
 * here when its routes land; the matrix fails until it has one.
 */
export async function foreignId(
  ctx: TestContext,
  identity: Identity,
  kind: ResourceKind,
  parameter = '',
): Promise<number | string> {
  const { db } = ctx.database;
  switch (kind) {
    case 'value': {
      const sample = VALUE_SAMPLES[parameter];
      if (sample === undefined)
        throw new Error(`The access matrix has no sample for the value parameter '${parameter}' yet`);
      return sample;
    }
    case 'outbox':
      return 1;
    // The centre's staff reach every account, audit event and published item: the one out of their reach
    // does not exist.
    case 'account':
    case 'audit':
    case 'content':
      return 999_999;
    case 'session': {
      // Another account's session, open and recent: its holder's list shows it, this identity must not
      // reach it (nor end it). With no other session yet, a well-formed id that names none.
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            identity.userId === null ? undefined : ne(sessions.userId, identity.userId),
            isNull(sessions.revokedAt),
          ),
        )
        .limit(1);
      return row?.id ?? '00000000-0000-4000-8000-000000000000';
    }
    case 'passkey': {
      // Another account's passkey: only its holder renames or removes it. With none yet, an id that names none.
      const [row] = await db
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(identity.userId === null ? undefined : ne(passkeys.userId, identity.userId))
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'participant': {
      const outside = identity.participantId
        ? ne(participants.id, identity.participantId)
        : identity.correspondantId
          ? not(await correspondantScope(ctx, identity.correspondantId))
          : undefined;
      const [row] = await db.select({ id: participants.id }).from(participants).where(and(outside)).limit(1);
      return row?.id ?? 999_999;
    }
    case 'correspondant': {
      // The centre's staff (admin) reach every correspondant of the directory: the one id out of their
      // reach is an id that does not exist.
      if (identity.roles.includes('ROLE_ADMIN')) return 999_999;
      // An active correspondant (refused by scope, not by the inactive filter) outside the directory
      // of a correspondant, or not managing a participant.
      const outside = identity.correspondantId
        ? not(await correspondantDirectory(ctx, identity.correspondantId))
        : identity.participantId
          ? not(await managersOfParticipant(ctx, identity.participantId))
          : undefined;
      const [row] = await db
        .select({ id: correspondants.id })
        .from(correspondants)
        .where(and(eq(correspondants.active, true), outside))
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'establishment': {
      // Staff reach every establishment: the one out of their reach does not exist.
      if (identity.roles.includes('ROLE_ADMIN')) return 999_999;
      const [own] = identity.participantId
        ? await db
            .select({ id: participants.establishmentId })
            .from(participants)
            .where(eq(participants.id, identity.participantId))
        : [];
      // A participant's own establishment is theirs (its correspondants manage them): any other is not.
      const outside = identity.correspondantId
        ? await establishmentsOutside(ctx, identity.correspondantId)
        : own
          ? ne(establishments.id, own.id)
          : undefined;
      const [row] = await db
        .select({ id: establishments.id })
        .from(establishments)
        .innerJoin(companies, eq(companies.id, establishments.companyId))
        .where(outside)
        .orderBy(establishments.id)
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'company': {
      // A company none of whose establishments the identity reaches (staff reach every company).
      if (identity.roles.includes('ROLE_ADMIN')) return 999_999;
      const [own] = identity.participantId
        ? await db
            .select({ id: participants.companyId })
            .from(participants)
            .where(eq(participants.id, identity.participantId))
        : [];
      const [me] = identity.correspondantId
        ? await db.select().from(correspondants).where(eq(correspondants.id, identity.correspondantId))
        : [];
      const outside = me
        ? me.scopeLevel === 'GROUPEMENT'
          ? or(isNull(companies.groupId), ne(companies.groupId, me.groupId ?? -1))
          : ne(companies.id, me.companyId ?? -1)
        : own
          ? ne(companies.id, own.id)
          : undefined;
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(outside)
        .orderBy(companies.id)
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'document': {
      // An active document of another participant: refused by scope, not by the inactive filter.
      const [row] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.active, true),
            identity.participantId ? ne(documents.participantId, identity.participantId) : undefined,
          ),
        )
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'attachment': {
      const [row] = await db
        .select({ id: documentAttachments.id })
        .from(documentAttachments)
        .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
        .where(
          and(
            eq(documents.active, true),
            identity.participantId ? ne(documents.participantId, identity.participantId) : undefined,
          ),
        )
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'sheet': {
      // Advice sheets have no owner: every caller the routes admit reads every active sheet, so there is
      // no other scope's sheet to try. What no caller may read is a retired sheet, which must answer
      // 404 to everyone; the matrix tries that (the demo data keeps one).
      const [row] = await db
        .select({ id: adviceSheets.id })
        .from(adviceSheets)
        .where(eq(adviceSheets.active, false))
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'appointment': {
      // Another participant's appointment (every appointment belongs to some participant).
      const [row] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(identity.participantId ? ne(appointments.participantId, identity.participantId) : undefined)
        .limit(1);
      return row?.id ?? 999_999;
    }
    case 'mutation': {
      // A transfer neither of whose ends is the correspondant's (another participant's for a participant).
      const outside = identity.correspondantId
        ? await transfersOutside(ctx, identity.correspondantId)
        : identity.participantId
          ? ne(mutations.participantId, identity.participantId)
          : undefined;
      const [row] = await db.select({ id: mutations.id }).from(mutations).where(outside).limit(1);
      return row?.id ?? 999_999;
    }
    case 'import': {
      // A participant file another user checked (docs/participant-import.md#lifetime: only its owner
      // reaches it). The demo data has none: the first call makes one, owned by another correspondant.
      const mine = identity.userId ?? -1;
      const [row] = await db
        .select({ id: participantImports.id })
        .from(participantImports)
        .where(and(ne(participantImports.ownerUserId, mine), sql`${participantImports.expiresAt} > now()`))
        .limit(1);
      if (row) return row.id;
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.kind, 'CORRESPONDANT'), ne(users.id, mine)))
        .orderBy(users.id)
        .limit(1);
      if (!owner) throw new Error('the demo data has no correspondant to own an import');
      const [made] = await db
        .insert(participantImports)
        .values({
          ownerUserId: owner.id,
          scopeKey: 'E0',
          fileName: 'autre.csv',
          rows: [],
          expiresAt: new Date(Date.now() + 3_600_000),
        })
        .returning({ id: participantImports.id });
      return made?.id ?? '00000000-0000-4000-8000-000000000000';
    }
    default:
      throw new Error(
        `The access matrix has no foreign-id resolver for '${kind}' yet: add one in test/access/foreign-ids.ts`,
      );
  }
}
