import { outboxReply } from '@portail/contract/schemas/dev';
import {
  identityResult,
  REGISTRATION_PROOF_HEADER,
  registrationResult,
  registrationState,
} from '@portail/contract/schemas/registration';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { identityProven, issueActivationCode } from '../src/auth/activation-codes';
import { participants, users } from '../src/db/schema';
import { DEMO_PENDING_ACCOUNTS, letterRecipient, pendingEmail } from '../src/demo/pending-accounts';
import { findRegistrationLink } from '../src/features/registration/registration.queries';
import { issueRegistrationLink } from '../src/features/registration/registration-links';
import type { TestContext } from './helper';

/** Accepted by the password rule of docs/recovery.md#new-password-rule and by the dictionary check. */
export const NEW_PASSWORD = 'Azur-Falaise#2026!';

export type PendingLogin = (typeof DEMO_PENDING_ACCOUNTS)[number]['login'];

/** The token of a registration link found in a mail's text. */
export function tokenIn(text: string): string {
  const match = text.match(/\/user\/registrationCompte\?token=(\S+)/);
  if (!match?.[1]) throw new Error(`no registration link in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** The latest registration link mailed to a demo pending account, read from the demo outbox. */
export async function linkFromOutbox(ctx: TestContext, login: PendingLogin): Promise<string> {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?recipient=${encodeURIComponent(pendingEmail({ login }))}&limit=1`,
  });
  const [mail] = outboxReply.parse(reply.json()).items;
  if (!mail) throw new Error(`no mail to ${login}`);
  return tokenIn(mail.body);
}

export async function userByLogin(ctx: TestContext, login: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!user) throw new Error(`no user ${login}`);
  return user;
}

/** A fresh link for a generated pending account (one without a mailed link). */
export async function freshPendingLink(ctx: TestContext, kind: 'PARTICIPANT' | 'CORRESPONDANT', skip = 0) {
  const rows = await ctx.database.db
    .select({ id: users.id, login: users.login, mobile: users.mobile, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.kind, kind))
    .orderBy(users.id);
  const named = new Set<string>(DEMO_PENDING_ACCOUNTS.map((a) => a.login));
  const user = rows.filter((r) => r.passwordHash === null && !named.has(r.login) && r.mobile)[skip];
  if (!user) throw new Error('no generated pending account left');
  return { user, token: await issueRegistrationLink(ctx.database.db, user.id, ctx.config) };
}

/**
 * The tests' browser: the proof of identity registration/identite gave it, per link. Every
 * registrationCall sends it back, as the web does, unless the call names its own headers (another
 * browser: `{}` for one that holds the link only).
 */
const proofs = new Map<string, string>();

/** The proof the tests' browser holds for a link, if any. */
export const proofFor = (token: string): string | undefined => proofs.get(token);

/** The header of the proof of identity, for a call made as a given browser. */
export const proofHeader = (proof: string | undefined): Record<string, string> =>
  proof ? { [REGISTRATION_PROOF_HEADER]: proof } : {};

export async function registrationCall(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  payload?: object,
  headers?: Record<string, string>,
) {
  const reply = await ctx.app.inject({
    method,
    url: `/api/registration/${path}?token=${encodeURIComponent(token)}`,
    ...(payload ? { payload } : {}),
    headers: headers ?? proofHeader(proofs.get(token)),
  });
  // Only the tests' own browser keeps what the identity step answers.
  if (path === 'identite' && headers === undefined && reply.statusCode === 200) {
    const preuve = identityResult.safeParse(reply.json()).data?.preuve;
    if (preuve) proofs.set(token, preuve);
  }
  return reply;
}

export async function stateOf(ctx: TestContext, token: string, headers?: Record<string, string>) {
  const reply = await registrationCall(ctx, 'POST', 'token', token, undefined, headers);
  expect(reply.statusCode).toBe(200);
  return registrationState.parse(reply.json());
}

export async function resultOf(reply: { statusCode: number; json: () => unknown; body: string }) {
  expect(reply.statusCode, reply.body).toBe(200);
  return registrationResult.parse(reply.json());
}

/** The activation code of the demo's letter to a pending participant (`K7XQ-2M9P`), from the outbox. */
export async function letterCode(ctx: TestContext, login: PendingLogin): Promise<string> {
  const account = DEMO_PENDING_ACCOUNTS.find((a) => a.login === login);
  if (!account) throw new Error(`no pending account ${login}`);
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?recipient=${encodeURIComponent(letterRecipient(account))}&limit=1`,
  });
  const [letter] = outboxReply.parse(reply.json()).items;
  const code = letter?.channel === 'LETTER' ? letter.body.match(/\b([A-Z2-9]{4}-[A-Z2-9]{4})\b/)?.[1] : null;
  if (!code) throw new Error(`no letter to ${login}`);
  return code;
}

/** The account a link names, and the birth date the centre holds for its participant. */
export async function linkOwner(ctx: TestContext, token: string) {
  const link = await findRegistrationLink(ctx.database.db, token);
  if (link.state === 'none' || link.state === 'used') throw new Error('not a live link');
  const [record] = await ctx.database.db
    .select({ birthDate: participants.birthDate })
    .from(participants)
    .where(eq(participants.id, link.account.participantId ?? -1));
  return { userId: link.account.userId, birthDate: record?.birthDate ?? '' };
}

/** What the centre does (`npm run invite`): a new activation code for the account of this link. */
export async function centreCode(ctx: TestContext, token: string): Promise<string> {
  const { userId } = await linkOwner(ctx, token);
  return issueActivationCode(ctx.database.db, userId, ctx.config.activationCodeTtlS);
}

/**
 * Step 1's first part as the participant does it: the birth date on file and the centre's activation
 * code (a new one, unless the tests' browser has proven the identity already).
 */
export async function proveIdentity(ctx: TestContext, token: string) {
  const { userId, birthDate } = await linkOwner(ctx, token);
  if (proofs.has(token) && (await identityProven(ctx.database.db, userId))) return;
  const codeActivation = await issueActivationCode(ctx.database.db, userId, ctx.config.activationCodeTtlS);
  const proof = await resultOf(
    await registrationCall(ctx, 'POST', 'identite', token, { dateNaissance: birthDate, codeActivation }),
  );
  expect(proof.ok, JSON.stringify(proof)).toBe(true);
}

/** Proves the identity, then asks for a code and types the one the text message carried. */
export async function confirmCode(ctx: TestContext, token: string, mobile: string | null) {
  await proveIdentity(ctx, token);
  const sent = await registrationCall(ctx, 'POST', 'otp', token);
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.body).not.toBe('');
  const code = ctx.notifier.lastCode(mobile ?? undefined);
  return resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code }));
}

export function participantForm(overrides: Record<string, unknown> = {}) {
  return {
    emailPersonnel: 'manon.perso@example.net',
    portablePersonnel: '06 61 62 63 64',
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    questionSecrete: 2,
    reponseQuestionSecrete: 'Lyon',
    accepterDMC: true,
    refuserDMC: false,
    ...overrides,
  };
}

export function correspondantForm(overrides: Record<string, unknown> = {}) {
  return {
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    questionSecrete: 1,
    reponseQuestionSecrete: 'Marseille',
    ...overrides,
  };
}
