import { type ActivityEntry, activityList } from '@portail/contract/schemas/activity';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, users } from '../src/db/schema';
import { signIn } from '../test/helper';
import { figure, type Portal, startPortal } from './portal';

/**
 * "My activity" (docs/activity.md#api) over HTTP on a production start: a participant reads their own
 * events and nobody else's, whatever the query string names; no other role reads it at all. The
 * generic matrix (access.test.ts) cannot say "the caller's own rows only": this file does.
 */
let portal: Portal;
const bearer = new Map<string, string>();
const ids = new Map<string, { userId: number; participantId: number | null }>();

beforeAll(async () => {
  portal = await startPortal();
  for (const [login, kind] of [
    ['participant.dmc', 'participant'],
    ['participant.sansdmc', 'participant'],
    ['corr.groupe', 'correspondant'],
    ['operateur', 'staff'],
    ['admin', 'staff'],
  ] as const) {
    bearer.set(login, `Bearer ${(await signIn(portal, login, kind)).access}`);
    const [row] = await portal.database.db
      .select({ userId: users.id, participantId: users.participantId })
      .from(users)
      .where(eq(users.login, login));
    if (row) ids.set(login, row);
  }
  // Each participant opens one of their documents: both trails hold document reads.
  for (const login of ['participant.dmc', 'participant.sansdmc']) {
    const participantId = ids.get(login)?.participantId ?? -1;
    const [doc] = await portal.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.participantId, participantId), eq(documents.active, true)))
      .orderBy(asc(documents.id))
      .limit(1);
    if (doc)
      await portal.http({
        url: `/api/document/${doc.id}/`,
        headers: { authorization: bearer.get(login) ?? '' },
      });
  }
  // The helpline looks at both accounts.
  for (const login of ['participant.dmc', 'participant.sansdmc'])
    await portal.http({
      url: `/api/centre/accounts/${ids.get(login)?.userId}`,
      headers: { authorization: bearer.get('operateur') ?? '' },
    });
}, 120_000);
afterAll(async () => portal?.close());

async function read(login: string, query: string) {
  return portal.http({
    url: `/api/participant/activite${query}`,
    headers: { authorization: bearer.get(login) ?? '' },
  });
}

/** The audit rows of the items: each must be the caller's (their record, or their own account acting). */
async function foreignItems(login: string, items: ActivityEntry[]): Promise<number[]> {
  const own = ids.get(login);
  if (!own?.participantId || items.length === 0) return items.map((item) => item.id);
  const rows = await portal.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        inArray(
          auditLog.id,
          items.map((item) => item.id),
        ),
        or(
          eq(auditLog.participantId, own.participantId),
          and(eq(auditLog.actorUserId, own.userId), isNull(auditLog.participantId)),
        ),
      ),
    );
  const mine = new Set(rows.map((row) => row.id));
  return items.filter((item) => !mine.has(item.id)).map((item) => item.id);
}

describe("a participant's activity over HTTP", () => {
  it('answers each participant their own events only, whatever the query string names', async () => {
    let cases = 0;
    for (const [login, other] of [
      ['participant.sansdmc', 'participant.dmc'],
      ['participant.dmc', 'participant.sansdmc'],
    ] as const) {
      const them = ids.get(other);
      const plain = await read(login, '?size=100');
      expect(plain.statusCode, plain.body).toBe(200);
      const baseline = activityList.parse(plain.json());
      expect(baseline.items.length).toBeGreaterThan(0);
      expect(await foreignItems(login, baseline.items)).toEqual([]);
      const theirs = `${them?.participantId}`;
      const account = `${them?.userId}`;
      for (const extra of [
        `participant=${theirs}`,
        `participantId=${theirs}`,
        `idParticipant=${theirs}`,
        `participant_id=${theirs}`,
        `userId=${account}`,
        `user=${account}`,
        `id=${theirs}`,
        `actor=${other}`,
        `participant[]=${theirs}`,
        `participant=${theirs}&participant=${theirs}`,
        `type=staff&participantId=${theirs}`,
        `type=${encodeURIComponent(`staff' or 1=1 --`)}`,
        `langue=en_EN&userId=${account}`,
      ]) {
        const reply = await read(login, `?size=100&${extra}`);
        cases++;
        expect([200, 400], `${login} ?${extra}: ${reply.statusCode}`).toContain(reply.statusCode);
        if (reply.statusCode !== 200) continue;
        const list = activityList.parse(reply.json());
        expect(await foreignItems(login, list.items), `${login} ?${extra}`).toEqual([]);
        expect(reply.body).not.toMatch(/127\.0\.0\.1|::1|"ip"/);
      }
    }
    figure('activity.queryCases', cases);
  });

  it('refuses correspondants and the centre staff (403), and anyone signed out (401)', async () => {
    for (const login of ['corr.groupe', 'operateur', 'admin']) {
      const reply = await read(login, '');
      expect(reply.statusCode, login).toBe(403);
    }
    const anonymous = await portal.http({ url: '/api/participant/activite' });
    expect(anonymous.statusCode).toBe(401);
  });
});
