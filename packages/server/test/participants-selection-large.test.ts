import { errorReply } from '@portail/contract/schemas/common';
import { SELECTION_MAX } from '@portail/contract/schemas/participants';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { correspondantOf, headersOf } from './participants-fixtures';

/**
 * A selection larger than the bulk terminate takes: every participant of the demo put in one group's
 * scope. The export's time and memory budgets (10,000 rows, 3 s, 150 MB, the list while five exports
 * run) are measured by `npm run bench`, not here.
 */
const ROWS = SELECTION_MAX + 100;
const LOGIN = 'corr.groupe';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: ROWS });
  const me = await correspondantOf(ctx, LOGIN);
  await ctx.database.db.update(participants).set({ groupId: me.groupId });
}, 600_000);
afterAll(async () => ctx?.close());

describe(`a selection of every participant of a scope of ${ROWS}`, () => {
  it('is exported whole, every participant once, across the batches the export reads', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/excel-adherents',
      headers: await headersOf(ctx, LOGIN),
      payload: { selection: { filtre: { actif: false } }, langue: 'fr_FR' },
    });
    expect(reply.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(reply.rawPayload).buffer);
    const sheet = workbook.worksheets[0];
    const ids = new Set<unknown>();
    sheet?.eachRow((row, number) => {
      if (number > 1) ids.add(row.getCell(1).value);
    });
    const [all] = await ctx.database.db.select({ n: count() }).from(participants);
    expect(ids.size).toBe(all?.n);
    expect(sheet?.actualRowCount).toBe((all?.n ?? 0) + 1);
  });

  it('lists the rows in the order the screen shows, whatever the sort, ties and empty mails across batches', async () => {
    // Empty mails (sorted last ascending, first descending) and one mail shared by a fifth of the
    // rows: their ties, broken by id, run across many batches of the export.
    await ctx.database.db.execute(
      sql`update participants set email = case when id % 17 = 0 then null when id % 5 = 0 then 'meme@example.fr' else email end`,
    );
    const exported = async (sort: string) => {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/excel-adherents',
        headers: await headersOf(ctx, LOGIN),
        payload: { selection: { filtre: { actif: false } }, langue: 'fr_FR', sort },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(reply.rawPayload).buffer);
      const ids: number[] = [];
      workbook.worksheets[0]?.eachRow((row, number) => {
        if (number > 1) ids.push(Number(row.getCell(1).value));
      });
      return ids;
    };
    const listed = async (...order: SQL[]) =>
      (
        await ctx.database.db
          .select({ id: participants.id })
          .from(participants)
          .orderBy(...order)
      ).map((row) => row.id);
    const { email, lastName, birthDate, companyName, id } = participants;
    expect(await exported('raisonSocialeEntreprise,ASC')).toEqual(await listed(asc(companyName), asc(id)));
    expect(await exported('dateNaissance,DESC')).toEqual(await listed(desc(birthDate), desc(id)));
    expect(await exported('mail,ASC')).toEqual(await listed(asc(email), asc(id)));
    expect(await exported('mail,DESC')).toEqual(await listed(desc(email), desc(id)));
    expect(await exported('nom,DESC')).toEqual(await listed(desc(lastName), desc(id)));
    expect(await exported('id,DESC')).toEqual(await listed(desc(id)));
  });

  it('refuses a sort the list does not have, before writing anything', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/excel-adherents',
      headers: await headersOf(ctx, LOGIN),
      payload: { selection: { filtre: { actif: false } }, langue: 'fr_FR', sort: 'password_hash,ASC' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ fieldErrors: [{ field: 'sort', defaultMessage: 'errors.sort' }] });
  });

  it('refuses a bulk terminate by a filter matching more than 5,000 participants, before touching any', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/adherentsCorrespondant/resilier',
      headers: await headersOf(ctx, LOGIN),
      payload: { selection: { filtre: { actif: false } }, motifMouvement: 52 },
    });
    expect(reply.statusCode, reply.body).toBe(409);
    expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: 'participant.error.selectionTropGrande', args: ['5000'] },
    ]);
    const [audited] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'PARTICIPANT_TERMINATED'));
    expect(audited?.n).toBe(0);
  });
});
