import { IMPORT_NOTICES } from '@portail/contract/rules/participant-import';
import { and, eq, isNull, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { checked, csvOf, finished, freshRow, IMPORT_URL, run } from './participant-import-api-fixtures';
import { correspondantOf, headersOf } from './participants-fixtures';

/**
 * An update never moves a participant (docs/participant-import.md#updates): a row naming another
 * establishment than the participant's is told so on its cell, and still updates the rest.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 120 });
});
afterAll(async () => ctx.close());

const COMPANY = 'corr.entreprise';
const ESTABLISHMENT = "N° d'établissement";

/** corr.etablissement's establishment (in corr.entreprise's company) and another open one of that company. */
async function twoEstablishments() {
  const main = await correspondantOf(ctx, 'corr.etablissement');
  const [home] = await ctx.database.db
    .select({ id: establishments.id, name: establishments.name, companyId: establishments.companyId })
    .from(establishments)
    .where(eq(establishments.id, main.establishmentId ?? -1));
  if (!home) throw new Error('corr.etablissement has no establishment');
  const [sibling] = await ctx.database.db
    .select({ id: establishments.id, name: establishments.name })
    .from(establishments)
    .where(
      and(
        eq(establishments.companyId, home.companyId),
        ne(establishments.id, home.id),
        isNull(establishments.terminationDate),
      ),
    )
    .orderBy(establishments.id)
    .limit(1);
  if (!sibling) throw new Error('the demo company has a single open establishment');
  const unrelated = await correspondantOf(ctx, 'corr.autre');
  return { home, sibling, outside: unrelated.establishmentId ?? 999_999 };
}

async function participantNamed(lastName: string) {
  const rows = await ctx.database.db
    .select()
    .from(participants)
    .where(eq(participants.lastName, lastName.toUpperCase()));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error(`no participant ${lastName}`);
  return row;
}

describe('an imported row naming another establishment than the participant it updates', () => {
  let home: { id: number; name: string };
  let sibling: { id: number; name: string };
  let outside = 0;
  /** Participants of corr.etablissement's establishment, created by a first import of the company correspondant. */
  const people = Array.from({ length: 5 }, () => freshRow({ Profession: 'Comptable' }));

  beforeAll(async () => {
    ({ home, sibling, outside } = await twoEstablishments());
    for (const person of people) person[ESTABLISHMENT] = String(home.id);
    const first = await checked(ctx, csvOf(people), COMPANY);
    expect(first.counts).toMatchObject({ new: people.length, error: 0 });
    expect((await run(ctx, first.id, false, COMPANY)).statusCode).toBe(202);
    expect(await finished(ctx, first.id, { login: COMPANY })).toMatchObject({ created: people.length });
  });

  it('keeps the row an update of its other differences, with a notice naming the establishment they stay in; the run changes those only', async () => {
    const [moved, same, unchanged] = people;
    const file = [
      // "Moved" to a sibling establishment, with a new occupation.
      { ...moved, [ESTABLISHMENT]: String(sibling.id), Profession: 'Architecte' },
      // The same establishment: an update without a notice.
      { ...same, Profession: 'Architecte' },
      // Only the establishment differs: nothing to update, the notice all the same.
      { ...unchanged, [ESTABLISHMENT]: String(sibling.id) },
    ];
    const check = await checked(ctx, csvOf(file), COMPANY);
    const notice = {
      column: 'idEtablissement',
      message: { key: IMPORT_NOTICES.establishmentNotMoved, params: { id: home.id, name: home.name } },
    };
    const [first, second, third] = check.rows;
    expect(first).toMatchObject({ status: 'update', errors: [], warnings: [notice] });
    expect(first?.differences).toEqual([{ column: 'profession', before: 'Comptable', after: 'Architecte' }]);
    expect(second).toMatchObject({ status: 'update', errors: [], warnings: [] });
    expect(third).toMatchObject({ status: 'unchanged', errors: [], warnings: [notice], differences: [] });
    expect(check.counts).toMatchObject({ rows: 3, update: 2, unchanged: 1, error: 0 });

    expect((await run(ctx, check.id, true, COMPANY)).statusCode).toBe(202);
    expect(await finished(ctx, check.id, { login: COMPANY })).toMatchObject({
      state: 'done',
      updated: 2,
      refused: 0,
    });
    for (const person of [moved, unchanged]) {
      const now = await participantNamed(person?.Nom ?? '');
      expect(now.establishmentId).toBe(home.id);
      expect(now.profession).toBe(person === moved ? 'Architecte' : 'Comptable');
    }

    // The report writes the notice in the messages, marked as one, on the row that was updated.
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `${IMPORT_URL}/${check.id}/rapport`,
      headers: await headersOf(ctx, COMPANY),
      query: { langue: 'fr_FR' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(2).slice(4)).toEqual([
      'Mis à jour',
      (await participantNamed(moved?.Nom ?? '')).id,
      `Avertissement – N° d'établissement : un import ne change pas l'établissement, le participant reste rattaché à ${home.name} (n° ${home.id}) ; pour le changer d'établissement, demandez sa mutation depuis sa fiche`,
    ]);
    expect(values(3)[6] ?? '').toBe('');
  });

  it('refuses on its cell an establishment the scope does not reach, or that does not exist, as for a new row', async () => {
    const [, , , fourth, fifth] = people;
    const check = await checked(
      ctx,
      csvOf([
        { ...fourth, [ESTABLISHMENT]: String(outside), Profession: 'Architecte' },
        { ...fifth, [ESTABLISHMENT]: '999999', Profession: 'Architecte' },
        freshRow({ [ESTABLISHMENT]: String(outside) }),
      ]),
      COMPANY,
    );
    const refusal = {
      column: 'idEtablissement',
      message: { key: 'messages.participant.error.etablissement', params: {} },
    };
    expect(check.rows.map((row) => [row.status, row.errors, row.warnings])).toEqual([
      ['error', [refusal], []],
      ['error', [refusal], []],
      ['error', [refusal], []],
    ]);
    expect(check.rows[0]?.participantId).toBe((await participantNamed(fourth?.Nom ?? '')).id);
  });

  it('cannot tell a correspondant of one establishment about another, since every other establishment is outside their scope', async () => {
    const [, , , fourth, fifth] = people;
    const check = await checked(
      ctx,
      csvOf([
        { ...fourth, [ESTABLISHMENT]: String(sibling.id), Profession: 'Architecte' },
        // Empty: theirs, as on the form.
        { ...fifth, [ESTABLISHMENT]: '', Profession: 'Architecte' },
      ]),
      'corr.etablissement',
    );
    expect(check.rows[0]).toMatchObject({
      status: 'error',
      warnings: [],
      errors: [
        {
          column: 'idEtablissement',
          message: { key: 'messages.participant.error.etablissement', params: {} },
        },
      ],
    });
    expect(check.rows[1]).toMatchObject({ status: 'update', errors: [], warnings: [] });
  });
});
