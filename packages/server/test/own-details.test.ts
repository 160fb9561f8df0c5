import { errorReply } from '@portail/contract/schemas/common';
import { participant } from '@portail/contract/schemas/participants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createTestContext, signIn, type TestContext } from './helper';
import { headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const URL = '/api/participant/mescoordonnees';

async function get(url: string, login: string, kind: 'participant' | 'correspondant' | 'staff') {
  return ctx.app.inject({ method: 'GET', url, headers: await headersOf(ctx, login, kind) });
}

describe('GET /api/participant/mescoordonnees', () => {
  it.each(['participant.dmc', 'participant.sansdmc'])(
    'gives %s their own record, as GET adherents/{id} does',
    async (login) => {
      const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
      const reply = await get(URL, login, 'participant');
      expect(reply.statusCode).toBe(200);
      const own = participant.parse(reply.json());
      expect(own.id).toBe(user?.participantId);
      expect(own.mail).toBe(`${login}@example.com`);
      const detail = await get(`/api/adherents/${own.id}`, login, 'participant');
      expect(reply.json()).toEqual(detail.json());
    },
  );

  it('answers an admin, who has no participant record, 404 with its own message', async () => {
    const reply = await get(URL, 'admin', 'staff');
    expect(reply.statusCode).toBe(404);
    expect(errorReply.parse(reply.json()).message).toBe('coordonnees.error.aucunDossier');
  });

  it('is refused to correspondants and to a participant before the text-message code', async () => {
    expect((await get(URL, 'corr.etablissement', 'correspondant')).statusCode).toBe(403);
    const pending = await signIn(ctx, 'participant.test2', 'participant', { confirm: false });
    const reply = await ctx.app.inject({ method: 'GET', url: URL, headers: pending.headers });
    expect(reply.statusCode).toBe(403);
    expect(reply.body).not.toContain('participant.test2@example.com');
  });
});
