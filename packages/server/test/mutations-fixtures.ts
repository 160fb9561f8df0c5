import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { type ParticipantCreate, participantCreatedReply } from '@portail/contract/schemas/participants';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mutations } from '../src/db/schema';
import type { TestContext } from './helper';
import { correspondantOf, headersOf, validForm } from './participants-fixtures';

/**
 * Shared set-up of mutations*.test.ts. The transfers they act on are made by the tests themselves,
 * between corr.etablissement's establishment (the main one) and corr.autre's (an unrelated company and
 * group): both ends have a correspondant who can sign in, and each end's lists show the other's loss
 * or gain.
 */

export const MAIN = 'corr.etablissement';
export const OTHER = 'corr.autre';

export async function establishmentOf(ctx: TestContext, login: string): Promise<number> {
  const { establishmentId } = await correspondantOf(ctx, login);
  if (establishmentId === null) throw new Error(`${login} has no establishment`);
  return establishmentId;
}

/** A new participant of the login's own establishment, created through the API (traditional check-up). */
export async function newParticipant(
  ctx: TestContext,
  overrides: Partial<ParticipantCreate> = {},
  login = MAIN,
): Promise<number> {
  const reply = await ctx.app.inject({
    method: 'PUT',
    url: '/api/adherentsCorrespondant/detail',
    headers: await headersOf(ctx, login),
    payload: validForm(overrides),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return participantCreatedReply.parse(reply.json()).idParticipant;
}

/** POST adherents/{id}/muter as the login, then the id of the transfer it opened. */
export async function requestTransfer(
  ctx: TestContext,
  participantId: number,
  destination: number,
  options: { takeover?: boolean; login?: string; reason?: number; comment?: string } = {},
): Promise<number> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: `/api/adherents/${participantId}/muter`,
    headers: await headersOf(ctx, options.login ?? MAIN),
    payload: {
      etablissementDestination: destination,
      // motifmouvement "Mutation interne" unless the test names another reason.
      motifMouvement: options.reason ?? 54,
      commentaireMouvement: options.comment ?? null,
      priseEnChargeBilanEnCours: options.takeover ?? false,
    },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const [row] = await ctx.database.db
    .select({ id: mutations.id })
    .from(mutations)
    .where(and(eq(mutations.participantId, participantId), eq(mutations.state, 'IN_PROGRESS')));
  if (!row) throw new Error(`no transfer in progress for ${participantId}`);
  return row.id;
}

export async function act(
  ctx: TestContext,
  id: number | string,
  action: 'accepter' | 'annuler',
  login: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/mutation/${id}/${action}`,
    headers: await headersOf(ctx, login),
  });
}

/** The reply's message codes, after checking its status and shape. */
export function codesOf(reply: { statusCode: number; body: string; json: () => unknown }, status: 200 | 409) {
  expect(reply.statusCode, reply.body).toBe(status);
  const messages =
    status === 200
      ? messagesReply.parse(reply.json()).ciemException.messages
      : (errorReply.parse(reply.json()).ciemException?.messages ?? []);
  return messages.map((message) => `${message.level} ${message.errorCode}`);
}

export async function mutationRecord(ctx: TestContext, id: number) {
  const [row] = await ctx.database.db.select().from(mutations).where(eq(mutations.id, id));
  if (!row) throw new Error(`no transfer ${id}`);
  return row;
}
