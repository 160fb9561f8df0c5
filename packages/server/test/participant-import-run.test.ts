import { importStatusReply } from '@portail/contract/schemas/participant-import';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, auditLog, outbox, participantImports, participants, users } from '../src/db/schema';
import { IMPORT_MAILS_PER_SECOND } from '../src/features/participant-import/participant-import.routes';
import { createTestContext, type TestContext } from './helper';
import {
  checked,
  csvOf,
  finished,
  freshRow,
  IMPORT_URL,
  postCheck,
  run,
  statusOf,
} from './participant-import-api-fixtures';
import { headersOf, scopeOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 200 });
});
afterAll(async () => ctx.close());

async function participantsNamed(names: readonly string[]) {
  return ctx.database.db
    .select()
    .from(participants)
    .where(
      inArray(
        participants.lastName,
        names.map((name) => name.toUpperCase()),
      ),
    );
}

/** The total of the participant list's default page (the one its cache keeps). */
async function listedTotal(): Promise<number> {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/adherentsCorrespondant',
    headers: await headersOf(ctx, 'corr.etablissement'),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ totalRows: number }>().totalRows;
}

describe('POST import/:id/executer: the run', () => {
  const rows = Array.from({ length: 12 }, () => freshRow());
  rows[4] = { ...(rows[4] ?? {}), 'Téléphone portable': 'pas un numéro' };
  const names = rows.map((row) => row.Nom ?? '');
  const valid = names.filter((_, index) => index !== 4);
  let id = '';

  it('answers 202 at once, then creates exactly the valid rows with their accounts, links, mails and audit rows', async () => {
    const check = await checked(ctx, csvOf(rows));
    id = check.id;
    expect(check.counts).toMatchObject({ new: 11, error: 1 });
    // The list is read (and cached) before the run: the imported participants must show right after.
    const totalBefore = await listedTotal();
    const mailsBefore = ctx.notifier.mails.length;

    const reply = await run(ctx, id);
    expect(reply.statusCode, reply.body).toBe(202);
    const started = importStatusReply.parse(reply.json());
    expect(started.state).toBe('running');
    expect(started.total).toBe(11);

    const status = await finished(ctx, id, { mails: true });
    expect(status).toMatchObject({
      state: 'done',
      done: 11,
      total: 11,
      created: 11,
      updated: 0,
      refused: 0,
      activationsSent: 11,
      activationsQueued: 0,
      refusals: [],
    });
    const created = await participantsNamed(names);
    expect(created.map((row) => row.lastName).sort()).toEqual(valid.map((name) => name.toUpperCase()).sort());
    const ids = created.map((row) => row.id);
    const accounts = await ctx.database.db.select().from(users).where(inArray(users.participantId, ids));
    expect(accounts).toHaveLength(11);
    expect(accounts.every((account) => !account.active && account.passwordHash === null)).toBe(true);
    const tokens = await ctx.database.db
      .select()
      .from(accountTokens)
      .where(
        inArray(
          accountTokens.userId,
          accounts.map((account) => account.id),
        ),
      );
    expect(tokens.filter((token) => token.purpose === 'REGISTRATION')).toHaveLength(11);
    const mails = ctx.notifier.mails.slice(mailsBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      rows
        .filter((_, index) => index !== 4)
        .map((row) => row.Mail)
        .sort(),
    );
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'PARTICIPANT_CREATED'),
          inArray(
            auditLog.targetId,
            ids.map((n) => String(n)),
          ),
        ),
      );
    expect(audits).toHaveLength(11);
    const [runAudit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PARTICIPANT_IMPORT_RUN'), eq(auditLog.targetId, id)));
    expect(runAudit?.details).toMatchObject({ created: 11, refused: 0, state: 'done' });
    const [checkAudit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PARTICIPANT_IMPORT_CHECKED'), eq(auditLog.targetId, id)));
    expect(checkAudit?.details).toMatchObject({ rows: 12, new: 11, error: 1 });
    // The participants list shows them at once.
    expect(await listedTotal()).toBe(totalBefore + 11);
  });

  it('records each activation mail with its row, spread out, and tells where they stand as the outbox has them', async () => {
    const [record] = await ctx.database.db
      .select()
      .from(participantImports)
      .where(eq(participantImports.id, id));
    const created = ((record?.outcomes ?? []) as { outcome: string; outboxId?: number }[]).filter(
      (outcome) => outcome.outcome === 'created',
    );
    const outboxIds = created.map((outcome) => outcome.outboxId ?? 0);
    expect(new Set(outboxIds).size).toBe(11);
    const rows = await ctx.database.db.select().from(outbox).where(inArray(outbox.id, outboxIds));
    expect(rows.map((row) => row.purpose)).toEqual(Array(11).fill('REGISTRATION'));
    // At most IMPORT_MAILS_PER_SECOND: each mail's time is a tenth of a second after the one before.
    const times = ctx.notifier.mails
      .filter((mail) => rows.some((row) => row.recipient === mail.to))
      .map((mail) => mail.notBefore?.getTime() ?? 0);
    expect(times).toHaveLength(11);
    for (let index = 1; index < times.length; index++)
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(
        1000 / IMPORT_MAILS_PER_SECOND - 1,
      );
    // Two still waiting their turn (or retried), one given up by the queue: the status says so.
    await ctx.database.db
      .update(outbox)
      .set({ status: 'QUEUED' })
      .where(inArray(outbox.id, outboxIds.slice(0, 2)));
    await ctx.database.db
      .update(outbox)
      .set({ status: 'DEAD' })
      .where(eq(outbox.id, outboxIds[2] ?? 0));
    const reply = await statusOf(ctx, id);
    expect(importStatusReply.parse(reply.json())).toMatchObject({
      activationsSent: 8,
      activationsQueued: 2,
      activationsFailed: 1,
    });
    await ctx.database.db.update(outbox).set({ status: 'SENT' }).where(inArray(outbox.id, outboxIds));
  });

  it('refuses a second run of the same check with 409', async () => {
    const again = await run(ctx, id);
    expect(again.statusCode, again.body).toBe(409);
  });

  it('reports each row in the language asked, as an .xlsx with a sensible name', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `${IMPORT_URL}/${id}/rapport`,
      headers: await headersOf(ctx, 'corr.etablissement'),
      query: { langue: 'en_EN' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/Participant import report/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Line',
      'Last name',
      'First name',
      'Date of birth',
      'Outcome',
      'Participant no.',
      'Messages',
    ]);
    expect(values(2).slice(0, 5)).toEqual([2, rows[0]?.Nom, 'Élodie', '12/04/1985', 'Created']);
    const refused = values(6);
    expect(refused.slice(0, 5)).toEqual([6, rows[4]?.Nom, 'Élodie', '12/04/1985', 'Not imported']);
    expect(refused[6]).toBe('Mobile phone: invalid mobile number');
  });

  it('creates no duplicate when the same file is imported again: its rows are unchanged', async () => {
    const before = (await participantsNamed(names)).length;
    const check = await checked(ctx, csvOf(rows));
    expect(check.counts).toMatchObject({ new: 0, update: 0, unchanged: 11, error: 1 });
    const reply = await run(ctx, check.id, true);
    expect(reply.statusCode).toBe(202);
    const status = await finished(ctx, check.id);
    expect(status).toMatchObject({ state: 'done', total: 0, created: 0, updated: 0, unchanged: 11 });
    expect((await participantsNamed(names)).length).toBe(before);
  });

  it('updates the matched participants when asked, through the form, audited', async () => {
    const changed = rows.map((row) => ({ ...row, Profession: 'Comptable' }));
    const check = await checked(ctx, csvOf(changed));
    expect(check.counts).toMatchObject({ new: 0, update: 11, error: 1 });
    expect(check.rows[0]?.differences).toEqual([{ column: 'profession', before: '', after: 'Comptable' }]);
    const skipped = await checked(ctx, csvOf(changed));
    await run(ctx, skipped.id, false);
    expect(await finished(ctx, skipped.id)).toMatchObject({ total: 0, updated: 0 });
    await run(ctx, check.id, true);
    expect(await finished(ctx, check.id)).toMatchObject({ state: 'done', total: 11, updated: 11 });
    const rowsNow = await participantsNamed(names);
    expect(rowsNow.every((row) => row.profession === 'Comptable')).toBe(true);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'PARTICIPANT_UPDATED'),
          inArray(
            auditLog.targetId,
            rowsNow.map((row) => String(row.id)),
          ),
        ),
      );
    expect(audits).toHaveLength(11);
  });

  it('refuses at run time a row whose rule broke since the check, and goes on with the batch', async () => {
    const late = [freshRow(), freshRow(), freshRow()];
    const check = await checked(ctx, csvOf(late));
    // Another user creates the second person in between.
    const second = check.rows[1];
    expect(second?.status).toBe('new');
    const other = await checked(ctx, csvOf([late[1] ?? {}]));
    await run(ctx, other.id);
    await finished(ctx, other.id);
    await run(ctx, check.id);
    const status = await finished(ctx, check.id);
    expect(status).toMatchObject({ created: 2, refused: 1 });
    expect(status.refusals).toEqual([
      {
        line: 3,
        errors: [{ column: 'nom', message: { key: 'messages.participant.error.doublon', params: {} } }],
      },
    ]);
  });
});

describe('who reaches an import', () => {
  let id = '';
  beforeAll(async () => {
    id = (await checked(ctx, csvOf([freshRow()]))).id;
  });

  it('answers 404 to another correspondant, of the same establishment or another scope, as for an unknown id', async () => {
    for (const login of ['corr.annuaire', 'corr.entreprise', 'corr.autre']) {
      const status = await statusOf(ctx, id, login);
      expect(status.statusCode, `${login} ${status.body}`).toBe(404);
      const unknown = await statusOf(ctx, '00000000-0000-4000-8000-000000000000', login);
      expect(status.body).toBe(unknown.body);
      expect((await run(ctx, id, false, login)).statusCode).toBe(404);
      const report = await ctx.app.inject({
        method: 'GET',
        url: `${IMPORT_URL}/${id}/rapport`,
        headers: await headersOf(ctx, login),
        query: { langue: 'fr_FR' },
      });
      expect(report.statusCode).toBe(404);
    }
    expect((await statusOf(ctx, id)).statusCode).toBe(200);
  });

  it('refuses a participant (403) and anyone signed out (401)', async () => {
    const participant = await postCheck(ctx, csvOf([freshRow()]), {
      login: 'participant.dmc',
      kind: 'participant',
    });
    expect(participant.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${IMPORT_URL}/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('forgets an unrun check after its hour, and marks failed a run whose instance stopped', async () => {
    await ctx.database.db
      .update(participantImports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(participantImports.id, id));
    expect((await statusOf(ctx, id)).statusCode).toBe(404);
    const stuck = (await checked(ctx, csvOf([freshRow()]))).id;
    await ctx.database.db
      .update(participantImports)
      .set({
        state: 'running',
        startedAt: new Date(Date.now() - 600_000),
        heartbeatAt: new Date(Date.now() - 600_000),
      })
      .where(eq(participantImports.id, stuck));
    const reply = await statusOf(ctx, stuck);
    expect(importStatusReply.parse(reply.json()).state).toBe('failed');
  });
});

describe('GET import/modele', () => {
  it('answers the template in the language asked, with the lists of the caller', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `${IMPORT_URL}/modele`,
      headers: await headersOf(ctx, 'corr.etablissement'),
      query: { langue: 'en_EN' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/Participant import template\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('Title *');
  });

  it('imports the template as downloaded (its example row is left out) without a participant', async () => {
    const template = await ctx.app.inject({
      method: 'GET',
      url: `${IMPORT_URL}/modele`,
      headers: await headersOf(ctx, 'corr.etablissement'),
      query: { langue: 'fr_FR' },
    });
    const reply = await postCheck(ctx, new Uint8Array(template.rawPayload), { fileName: 'modele.xlsx' });
    expect(reply.statusCode, reply.body).toBe(422);
  });
});

describe('scope of the list after an import', () => {
  it('the imported participants are in the establishment of the correspondant', async () => {
    const row = freshRow();
    const check = await checked(ctx, csvOf([row]));
    await run(ctx, check.id);
    await finished(ctx, check.id);
    const [created] = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(
          await scopeOf(ctx, 'corr.etablissement'),
          eq(participants.lastName, (row.Nom ?? '').toUpperCase()),
        ),
      );
    expect(created).toBeDefined();
  });
});
