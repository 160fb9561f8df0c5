import { and, eq, ne, not, type SQL } from 'drizzle-orm';
import type { ResourceKind } from '../../src/auth/guard';
import {
  adviceSheets,
  appointments,
  correspondants,
  documentAttachments,
  documents,
  participants,
} from '../../src/db/schema';
import type { TestContext } from '../helper';
import type { Identity } from './identities';

/** The participants a correspondant reaches, by the scope level of their record. */
async function correspondantScope(ctx: TestContext, correspondantId: number): Promise<SQL> {
  const [me] = await ctx.database.db
    .select()
    .from(correspondants)
    .where(eq(correspondants.id, correspondantId));
  if (!me) throw new Error(`no correspondant ${correspondantId}`);
  if (me.scopeLevel === 'ETABLISSEMENT') return eq(participants.establishmentId, me.establishmentId ?? -1);
  if (me.scopeLevel === 'ENTREPRISE') return eq(participants.companyId, me.companyId ?? -1);
  return eq(participants.groupId, me.groupId ?? -1);
}

/** Samples for path parameters of kind `value`, which name no resource: every caller may pass them. */
const VALUE_SAMPLES: Record<string, string> = {
  name: 'civilite',
  portable: '0612345678',
  categorie: 'MEDICO_TECHNIQUE',
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
      const [row] = await db
        .select({ id: correspondants.id })
        .from(correspondants)
        .where(identity.correspondantId ? ne(correspondants.id, identity.correspondantId) : undefined)
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
    default:
      throw new Error(
        `The access matrix has no foreign-id resolver for '${kind}' yet: add one in test/access/foreign-ids.ts`,
      );
  }
}
