import { parse } from 'csv-parse/sync';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { auditLog, documents, outbox, users } from '../src/db/schema';
import { createTestContext, passwordRequest, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
let operator: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await signIn(ctx, 'operateur', 'staff');
  admin = await signIn(ctx, 'admin', 'staff');
});
afterAll(async () => ctx.close());

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

function get(as: SignedIn, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: as.headers });
}
function post(as: SignedIn, url: string, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, headers: as.headers, payload: payload as object });
}

async function accountId(login: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no account ${login}`);
  return row.id;
}

interface Card {
  id: number;
  state: string;
  actions: string[];
  lockedAt: string | null;
  lockedAfter: string | null;
  lockedUntil: string | null;
  signIns: { action: string; ip: string | null; browser: string | null }[];
  sessions: { browser: string | null; confirmed: boolean }[];
  staffActions: { action: string; by: string | null; reason: string | null }[];
  messages: { purpose: string; status: string }[];
  registrationLinkExpiresAt: string | null;
}

describe('the centre staff sign in', () => {
  it('with a code by text message after the password, as participants do', async () => {
    const reply = await passwordRequest(ctx.app, 'operateur', false);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ access_token: string; confirmationRequise: boolean; tel: string }>();
    expect(body.confirmationRequise).toBe(true);
    expect(body.tel).toMatch(/41$/);
    // Before the code, nothing of the Centre area answers.
    const early = await ctx.app.inject({
      method: 'GET',
      url: '/api/centre/deliveries',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(early.statusCode).toBe(403);
  });

  it('and only they reach the Centre area', async () => {
    const participant = await signIn(ctx, 'participant.dmc', 'participant');
    const correspondant = await signIn(ctx, 'corr.etablissement', 'correspondant');
    for (const url of ['/api/centre/accounts?q=dupont', '/api/centre/deliveries', '/api/centre/accounts/1']) {
      expect((await get(participant, url)).statusCode).toBe(403);
      expect((await get(correspondant, url)).statusCode).toBe(403);
    }
    expect((await get(operator, '/api/centre/deliveries')).statusCode).toBe(200);
    expect((await get(admin, '/api/centre/deliveries')).statusCode).toBe(200);
  });
});

describe('account support', () => {
  it('finds an account by identifier, name, e-mail, mobile or record id', async () => {
    const [me] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.dmc'));
    if (!me?.participantId || !me.email || !me.mobile) throw new Error('demo account without contact');
    const found = async (q: string) =>
      (await get(operator, `/api/centre/accounts?q=${encodeURIComponent(q)}`))
        .json<{ items: { login: string }[] }>()
        .items.map((item) => item.login);
    expect(await found('participant.dm')).toContain('participant.dmc');
    expect(await found(me.lastName)).toContain('participant.dmc');
    expect(await found(me.email.toUpperCase())).toContain('participant.dmc');
    const digits = me.mobile.replace(/\D/g, '');
    expect(await found(`+33 ${digits.slice(1)}`)).toContain('participant.dmc');
    expect(await found(`p:${me.participantId}`)).toContain('participant.dmc');
    // Numbers too long for a record id are a mobile, not an error.
    expect(await found('336187472990000')).toEqual([]);
    expect((await get(operator, '/api/centre/accounts?q=p:99999999999')).statusCode).toBe(200);
    // Pattern characters are letters: `%` finds nobody rather than everybody.
    expect(await found('%%')).toEqual([]);
    expect((await get(operator, '/api/centre/accounts?q=a')).statusCode).toBe(400);
  });

  it('shows why a participant cannot sign in, unlocks them with a reason, and they sign in', async () => {
    const id = await accountId('participant.test1');
    for (let n = 0; n < 3; n++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: {
          authorization: `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': BROWSER,
        },
        payload: new URLSearchParams({
          grant_type: 'password',
          username: 'participant.test1|P',
          password: 'Wrong#Password1',
        }).toString(),
      });
    }
    expect((await passwordRequest(ctx.app, 'participant.test1', false)).json()).toMatchObject({
      error_description: 'user.locked',
    });

    const card = (await get(operator, `/api/centre/accounts/${id}`)).json<Card>();
    expect(card.state).toBe('LOCKED');
    expect(card.lockedAfter).toBe('SIGN_IN');
    expect(new Date(card.lockedUntil ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(card.actions).toContain('UNLOCK');
    expect(card.signIns.map((event) => event.action)).toEqual(
      expect.arrayContaining(['SIGN_IN_FAILED', 'ACCOUNT_LOCKED', 'SIGN_IN_REFUSED_LOCKED']),
    );
    expect(card.signIns.find((event) => event.action === 'SIGN_IN_FAILED')?.browser).toBe(
      'Chrome 156 · Linux',
    );

    // Every action asks why.
    const unexplained = await post(operator, `/api/centre/accounts/${id}/unlock`, {});
    expect(unexplained.statusCode).toBe(400);
    const unlocked = await post(operator, `/api/centre/accounts/${id}/unlock`, { reason: 'Appel du 27/11' });
    expect(unlocked.statusCode).toBe(200);
    const after = unlocked.json<Card>();
    expect(after.state).toBe('ACTIVE');
    expect(after.staffActions[0]).toMatchObject({
      action: 'STAFF_UNLOCK',
      by: 'operateur',
      reason: 'Appel du 27/11',
    });
    expect((await passwordRequest(ctx.app, 'participant.test1', false)).statusCode).toBe(200);

    // The same action again is refused: the account is no longer locked.
    const again = await post(operator, `/api/centre/accounts/${id}/unlock`, { reason: 'encore une fois' });
    expect(again.statusCode).toBe(409);
  });

  it('never shows a password, a code, a link or a message body', async () => {
    const id = await accountId('participant.test2');
    await passwordRequest(ctx.app, 'participant.test2', false);
    const code = ctx.notifier.lastCode();
    const reply = await get(operator, `/api/centre/accounts/${id}`);
    expect(reply.body).not.toMatch(/password_?hash|\$argon2|token_?hash/i);
    expect(reply.body).not.toContain(code);
    const card = reply.json<Card>();
    expect(card.sessions.length).toBeGreaterThan(0);
    expect(card.sessions[0]?.confirmed).toBe(false);
    const deliveries = await get(operator, '/api/centre/deliveries?size=100');
    expect(deliveries.body).not.toContain('"body"');
  });

  it('records who opened an account card', async () => {
    const id = await accountId('participant.dmc');
    await get(operator, `/api/centre/accounts/${id}`);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'STAFF_ACCOUNT_VIEWED'), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.actorUserId).toBe(await accountId('operateur'));
    expect(row?.participantId).not.toBeNull();
  });

  it('ends every session of an account', async () => {
    const id = await accountId('participant.test3');
    const session = await signIn(ctx, 'participant.test3', 'participant');
    expect((await get(session, '/api/get-detail-accueil')).statusCode).toBe(200);
    const ended = await post(operator, `/api/centre/accounts/${id}/end-sessions`, {
      reason: 'Téléphone perdu',
    });
    expect(ended.json<Card>().sessions).toEqual([]);
    expect((await get(session, '/api/get-detail-accueil')).statusCode).toBe(401);
  });

  it('deactivates an account (its sessions end, it cannot sign in) and re-activates it', async () => {
    const id = await accountId('participant.test4');
    const session = await signIn(ctx, 'participant.test4', 'participant');
    const off = await post(operator, `/api/centre/accounts/${id}/deactivate`, {
      reason: 'Demande du participant',
    });
    expect(off.json<Card>()).toMatchObject({ state: 'DEACTIVATED', actions: ['REACTIVATE'] });
    expect((await get(session, '/api/get-detail-accueil')).statusCode).toBe(401);
    expect((await passwordRequest(ctx.app, 'participant.test4', false)).statusCode).toBe(400);
    const on = await post(operator, `/api/centre/accounts/${id}/reactivate`, {
      reason: 'Erreur de manipulation',
    });
    expect(on.json<Card>().state).toBe('ACTIVE');
    expect((await passwordRequest(ctx.app, 'participant.test4', false)).statusCode).toBe(200);
  });

  it('mails a reset link to an active account, and a new registration link to a pending one', async () => {
    const active = await accountId('participant.test5');
    const sent = ctx.notifier.mails.length;
    const reset = await post(operator, `/api/centre/accounts/${active}/reset-link`, {
      reason: 'Mot de passe oublié',
    });
    expect(reset.statusCode).toBe(200);
    const mail = ctx.notifier.mails.at(-1);
    expect(ctx.notifier.mails.length).toBe(sent + 1);
    expect(mail?.about).toEqual({ purpose: 'PASSWORD', userId: active });
    expect(mail?.text).toMatch(/\/user\/reinitpassword\?token=/);
    expect(reset.body).not.toContain(mail?.text.match(/token=([^\s]+)/)?.[1] ?? 'no token');

    const pending = await accountId('participant.inscription');
    const card = (await get(operator, `/api/centre/accounts/${pending}`)).json<Card>();
    expect(card.state).toBe('PENDING');
    expect(card.actions).toEqual(['REGISTRATION_LINK']);
    const link = await post(operator, `/api/centre/accounts/${pending}/registration-link`, {
      reason: "Lien expiré, appel à l'accueil",
    });
    expect(link.statusCode).toBe(200);
    expect(link.json<Card>().registrationLinkExpiresAt).not.toBeNull();
    expect(ctx.notifier.mails.at(-1)?.text).toMatch(/\/user\/registrationCompte\?token=/);
  });

  it('lets an operator act on nobody of the staff, and nobody on their own account', async () => {
    const adminId = await accountId('admin');
    const operatorId = await accountId('operateur');
    const card = (await get(operator, `/api/centre/accounts/${adminId}`)).json<Card>();
    expect(card.actions).toEqual([]);
    const refused = await post(operator, `/api/centre/accounts/${adminId}/deactivate`, {
      reason: 'pour voir',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'centre.staffOnlyAdmin' }] },
    });
    const own = await post(admin, `/api/centre/accounts/${adminId}/end-sessions`, { reason: 'pour voir' });
    expect(own.statusCode).toBe(403);
    // An administrator may support an operator.
    expect((await get(admin, `/api/centre/accounts/${operatorId}`)).json<Card>().actions).toContain(
      'END_SESSIONS',
    );
    expect((await get(operator, '/api/centre/accounts/999999')).statusCode).toBe(404);
    expect((await post(operator, '/api/centre/accounts/1/explode', { reason: 'pour voir' })).statusCode).toBe(
      400,
    );
  });
});

describe('deliveries', () => {
  async function record(values: Partial<typeof outbox.$inferInsert>) {
    const [row] = await ctx.database.db
      .insert(outbox)
      .values({ channel: 'SMS', recipient: '06 99 88 77 66', body: 'code 123456', status: 'DEAD', ...values })
      .returning({ id: outbox.id });
    if (!row) throw new Error('no row');
    return row.id;
  }

  it('lists messages with filters and counters, never their body', async () => {
    const dead = await record({
      lastError: 'SMS provider answered 503',
      attempts: 8,
      purpose: 'SIGN_IN_CODE',
    });
    await record({ status: 'RETRYING', channel: 'MAIL', recipient: 'x@example.org', purpose: 'PASSWORD' });
    const list = await get(operator, '/api/centre/deliveries?status=DEAD&channel=SMS&recipient=0699887766');
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      items: { id: number; lastError: string }[];
      totalRows: number;
      counts: Record<string, number>;
    }>();
    expect(body.items.map((item) => item.id)).toContain(dead);
    expect(body.items[0]?.lastError).toBe('SMS provider answered 503');
    expect(body.counts.DEAD).toBeGreaterThan(0);
    expect(list.body).not.toContain('123456');
    const today = new Date().toISOString().slice(0, 10);
    const none = await get(operator, `/api/centre/deliveries?from=2000-01-01&to=2000-01-02`);
    expect(none.json<{ totalRows: number }>().totalRows).toBe(0);
    const byPurpose = await get(
      operator,
      `/api/centre/deliveries?purpose=PASSWORD&from=${today}&to=${today}`,
    );
    expect(
      byPurpose.json<{ items: { purpose: string }[] }>().items.every((item) => item.purpose === 'PASSWORD'),
    ).toBe(true);
    expect((await get(operator, '/api/centre/deliveries?status=LOST')).statusCode).toBe(400);
    expect((await get(operator, '/api/centre/deliveries?from=27/11/2026')).statusCode).toBe(400);
  });

  it('sends a dead message again, queued in the same transaction as its audit row', async () => {
    const dead = await record({ lastError: 'unreachable', attempts: 8 });
    const resent = await post(operator, `/api/centre/deliveries/${dead}/resend`, {
      reason: 'Fournisseur rétabli',
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: dead, status: 'QUEUED', attempts: 0 });
    const jobs = await rowsOf<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'delivery-sms' and data->>'outboxId' = ${String(dead)}`,
    );
    expect(jobs[0]?.n).toBe(1);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'STAFF_RESEND_MESSAGE'), eq(auditLog.targetId, String(dead))));
    expect(row?.details).toMatchObject({ reason: 'Fournisseur rétabli', lastError: 'unreachable' });
    // Only a dead message: the queue retries the others itself.
    const twice = await post(operator, `/api/centre/deliveries/${dead}/resend`, {
      reason: 'Fournisseur rétabli',
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await post(operator, '/api/centre/deliveries/999999/resend', { reason: 'pour voir' })).statusCode,
    ).toBe(404);
  });
});

describe('the audit trail', () => {
  it('is append-only in the database: no update, no deletion of a recent row', async () => {
    const { db } = ctx.database;
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(db.update(auditLog).set({ action: 'FORGED' }))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(db.delete(auditLog))).toMatch(/append-only: DELETE refused/);
    // A row past the one-year floor may go (the retention sweep, AUDIT_RETENTION_DAYS).
    const [old] = await db
      .insert(auditLog)
      .values({ action: 'SIGN_IN', at: new Date(Date.now() - 400 * 86_400_000) })
      .returning({ id: auditLog.id });
    await db.delete(auditLog).where(eq(auditLog.id, old?.id ?? 0));
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.id, old?.id ?? 0)),
    ).toEqual([]);
  });
});

describe('the audit search of the data-protection officer', () => {
  it('finds who viewed a participant’s documents, shows one event in full, and is for administrators only', async () => {
    const participant = await signIn(ctx, 'participant.dmc', 'participant');
    const [me] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.dmc'));
    if (!me?.participantId) throw new Error('no participant');
    const [doc] = await ctx.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.participantId, me.participantId))
      .limit(1);
    expect((await get(participant, `/api/document/${doc?.id}/`)).statusCode).toBe(200);

    const url = `/api/centre/audit?participant=${me.participantId}&action=DOCUMENTS`;
    expect((await get(operator, url)).statusCode).toBe(403);
    const reply = await get(admin, url);
    expect(reply.statusCode).toBe(200);
    const found = reply.json<{
      items: { id: number; action: string; actor: { kind: string; login: string } }[];
    }>();
    const viewed = found.items.find((item) => item.action === 'DOCUMENT_VIEWED');
    expect(viewed?.actor).toMatchObject({
      kind: 'USER',
      login: 'participant.dmc',
      accountKind: 'PARTICIPANT',
    });
    expect(found.items.every((item) => item.action.startsWith('DOCUMENT'))).toBe(true);

    const event = await get(admin, `/api/centre/audit/${viewed?.id}`);
    expect(event.json()).toMatchObject({ id: viewed?.id, targetType: 'document', targetId: String(doc?.id) });
    // Reading the trail is in the trail.
    const [read] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'AUDIT_EVENT_VIEWED'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(read).toMatchObject({ actorUserId: await accountId('admin'), targetId: String(viewed?.id) });
    expect((await get(admin, '/api/centre/audit/999999999')).statusCode).toBe(404);
  });

  it('finds a system client’s calls by its name or id, and refuses what is not a filter', async () => {
    await ctx.database.db.insert(auditLog).values({
      action: 'FHIR_READ',
      targetType: 'Patient',
      targetId: '12',
      details: { client: 'Dossier du centre', clientId: 'client-0042', status: 200 },
    });
    for (const actor of ['client-0042', 'dossier du centre']) {
      const reply = await get(
        admin,
        `/api/centre/audit?actor=${encodeURIComponent(actor)}&action=INTEGRATION`,
      );
      const items = reply.json<{ items: { actor: { kind: string; name: string } }[] }>().items;
      expect(items[0]?.actor).toMatchObject({ kind: 'CLIENT', name: 'Dossier du centre' });
    }
    expect((await get(admin, '/api/centre/audit?action=DROP%20TABLE')).statusCode).toBe(400);
    expect((await get(admin, '/api/centre/audit?from=2026-13-40')).statusCode).toBe(400);
    expect((await get(admin, '/api/centre/audit?participant=abc')).statusCode).toBe(400);
    const none = await get(admin, '/api/centre/audit?from=2000-01-01&to=2000-01-31');
    expect(none.json()).toMatchObject({ totalRows: 0, items: [] });
  });

  it('exports the search as CSV a spreadsheet opens as columns, with formulas neutralised', async () => {
    const [forgedRow] = await ctx.database.db
      .insert(auditLog)
      .values({
        action: 'PARTICIPANT_UPDATED',
        targetType: 'participant',
        targetId: '=HYPERLINK("http://evil.example","clic")',
        ip: '@SUM(1+1)',
        details: { note: '-2+3' },
      })
      .returning({ id: auditLog.id });
    const reply = await get(admin, '/api/centre/audit/export?action=RECORD&langue=fr_FR');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(
      /attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows: string[][] = parse(reply.rawPayload, {
      delimiter: ';',
      bom: true,
      relax_column_count: false,
    });
    expect(rows[0]?.[0]).toBe('N°');
    expect(rows[0]).toHaveLength(12);
    const forged = rows.find((row) => row[9]?.includes('HYPERLINK'));
    expect(forged?.[9]).toBe(`'=HYPERLINK("http://evil.example","clic")`);
    expect(forged?.[10]).toBe("'@SUM(1+1)");
    // Every cell a spreadsheet would compute starts with an apostrophe.
    expect(rows.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    const english = await get(admin, '/api/centre/audit/export?action=RECORD&langue=en_EN');
    const englishRows: string[][] = parse(english.rawPayload, { delimiter: ';', bom: true });
    expect(englishRows[0]?.[0]).toBe('No.');
    expect((await get(operator, '/api/centre/audit/export')).statusCode).toBe(403);
    // Each export is recorded once its last row is sent, just after the reply: wait for both records.
    const exported = await vi.waitFor(async () => {
      const found = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'AUDIT_EXPORTED'), gt(auditLog.id, forgedRow?.id ?? 0)))
        .orderBy(asc(auditLog.id));
      expect(found).toHaveLength(2);
      return found;
    });
    expect(exported[0]?.details).toMatchObject({ rows: rows.length - 1 });
  });
});
