import { XLSX_MIME } from '@portail/contract/schemas/checkups';
import { errorReply } from '@portail/contract/schemas/common';
import { participantListReply, terminateSelectionReply } from '@portail/contract/schemas/participants';
import { and, asc, count, eq, inArray, like, not } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, participants } from '../src/db/schema';
import { MOVEMENT_TYPE } from '../src/demo/reference';
import { centreToday } from '../src/lib/dates';
import { createTestContext, type TestContext } from './helper';
import { headersOf, lastAudit, participantRow, scopeOf, takeParticipant } from './participants-fixtures';

/** Acting on many (issue 22, docs/participants.md#bulk-actions): the bulk terminate and the export. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 300 });
});
afterAll(async () => ctx.close());

const ACTOR = 'corr.groupe';
const REASON = 52;

async function post(url: string, payload: Record<string, unknown>, login = ACTOR) {
  return ctx.app.inject({ method: 'POST', url, headers: await headersOf(ctx, login), payload });
}
const terminateMany = (payload: Record<string, unknown>, login = ACTOR) =>
  post('/api/adherentsCorrespondant/resilier', payload, login);
const exportOf = (payload: Record<string, unknown>, login = ACTOR) =>
  post('/api/excel-adherents', payload, login);

function summaryOf(reply: { statusCode: number; body: string; json: () => unknown }) {
  expect(reply.statusCode, reply.body).toBe(200);
  return terminateSelectionReply.parse(reply.json());
}

async function sheetOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** The sheet's rows as arrays of cell values (row 1: the headers). */
async function rowsOf(payload: Buffer): Promise<unknown[][]> {
  const sheet = await sheetOf(payload);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const inScope = () => scopeOf(ctx, ACTOR);
const editable = async (what: string) =>
  takeParticipant(
    ctx,
    and(
      await inScope(),
      eq(participants.active, true),
      eq(participants.checkupInProgress, false),
      eq(participants.transferInProgress, false),
      eq(participants.lockedByExternalSystem, false),
    ),
    what,
  );

/** Every id of the list of a filter, page after page, as the screen reads it. */
async function listIds(login: string, query: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page++) {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/adherentsCorrespondant',
      headers: await headersOf(ctx, login),
      query: { ...query, page: String(page), size: '100' },
    });
    const { items, totalRows } = participantListReply.parse(reply.json());
    ids.push(...items.map((item) => item.id));
    if (items.length < 100 || ids.length >= totalRows) return ids;
  }
}

describe('POST /api/adherentsCorrespondant/resilier', () => {
  it('terminates the selected participants with one reason, each audited as a single terminate', async () => {
    const first = await editable('first to terminate');
    const second = await editable('second to terminate');
    const summary = summaryOf(
      await terminateMany({ selection: { ids: [second.id, first.id, first.id] }, motifMouvement: REASON }),
    );
    expect(summary).toEqual({ terminated: 2, refused: [] });
    for (const row of [first, second]) {
      expect(await participantRow(ctx, row.id)).toMatchObject({
        active: false,
        terminationDate: centreToday(),
        terminationReasonId: REASON,
      });
      const entry = await lastAudit(ctx, 'PARTICIPANT_TERMINATED', row.id);
      expect(entry?.details).toEqual({
        before: {
          active: true,
          terminationDate: row.terminationDate,
          terminationReasonId: row.terminationReasonId,
        },
        after: { active: false, terminationDate: centreToday(), terminationReasonId: REASON },
      });
    }
    // The list, read after the reply, no longer shows them (its cache was dropped).
    const activeIds = await listIds(ACTOR, {});
    expect(activeIds).not.toContain(first.id);
    expect(activeIds).not.toContain(second.id);
  });

  it('refuses, by the terminate rules, each participant they forbid, with their name and the rule, and terminates the others', async () => {
    const ok = await editable('accepted');
    const busy = await takeParticipant(
      ctx,
      and(
        await inScope(),
        eq(participants.active, true),
        eq(participants.checkupInProgress, true),
        eq(participants.lockedByExternalSystem, false),
      ),
      'with a check-up in progress',
    );
    const moving = await takeParticipant(
      ctx,
      and(
        await inScope(),
        eq(participants.active, true),
        eq(participants.checkupInProgress, false),
        eq(participants.transferInProgress, true),
        eq(participants.lockedByExternalSystem, false),
      ),
      'with a transfer pending',
    );
    const inactive = await takeParticipant(
      ctx,
      and(await inScope(), eq(participants.active, false)),
      'terminated already',
    );
    const locked = await editable('to lock');
    await ctx.database.db
      .update(participants)
      .set({ lockedByExternalSystem: true })
      .where(eq(participants.id, locked.id));
    const refusedIds = [busy.id, moving.id, inactive.id, locked.id];
    const before = await ctx.database.db
      .select()
      .from(participants)
      .where(inArray(participants.id, refusedIds));

    const summary = summaryOf(
      await terminateMany({ selection: { ids: [ok.id, ...refusedIds] }, motifMouvement: REASON }),
    );
    expect(summary.terminated).toBe(1);
    const error = (errorCode: string) => [{ level: 'ERROR', errorCode }];
    const expected = [
      {
        id: busy.id,
        nom: busy.lastName,
        prenom: busy.firstName,
        messages: error('participant.error.resiliationBilanEnCours'),
      },
      {
        id: moving.id,
        nom: moving.lastName,
        prenom: moving.firstName,
        messages: error('participant.error.resiliationMutationEnCours'),
      },
      {
        id: inactive.id,
        nom: inactive.lastName,
        prenom: inactive.firstName,
        messages: error('participant.error.inactif'),
      },
      {
        id: locked.id,
        nom: locked.lastName,
        prenom: locked.firstName,
        messages: error('participant.error.verrouille'),
      },
    ].sort((a, b) => a.id - b.id);
    expect(summary.refused).toEqual(expected);
    // The refused rows are exactly as they were, and no audit row names them.
    const after = await ctx.database.db
      .select()
      .from(participants)
      .where(inArray(participants.id, refusedIds));
    expect(after).toEqual(before);
    for (const id of refusedIds) expect(await lastAudit(ctx, 'PARTICIPANT_TERMINATED', id)).toBeUndefined();
    expect((await participantRow(ctx, ok.id)).active).toBe(false);
  });

  it("refuses another scope's id exactly like an unknown one and never touches it", async () => {
    const mine = await editable('beside a foreign one');
    const foreign = await takeParticipant(
      ctx,
      and(not(await inScope()), eq(participants.active, true), eq(participants.checkupInProgress, false)),
      'outside the scope',
    );
    const unknownId = 2_147_483_000;
    const [auditBefore] = await ctx.database.db.select({ n: count() }).from(auditLog);
    const summary = summaryOf(
      await terminateMany({ selection: { ids: [foreign.id, unknownId, mine.id] }, motifMouvement: REASON }),
    );
    expect(summary.terminated).toBe(1);
    const notFound = (id: number) => ({
      id,
      nom: null,
      prenom: null,
      messages: [{ level: 'ERROR', errorCode: 'participant.error.introuvable' }],
    });
    expect(summary.refused).toEqual([notFound(foreign.id), notFound(unknownId)]);
    expect(await participantRow(ctx, foreign.id)).toEqual(foreign);
    expect(await lastAudit(ctx, 'PARTICIPANT_TERMINATED', foreign.id)).toBeUndefined();
    const [auditAfter] = await ctx.database.db.select({ n: count() }).from(auditLog);
    expect((auditAfter?.n ?? 0) - (auditBefore?.n ?? 0)).toBe(1);
  });

  it('checks the reason once for the whole selection: a wrong one is a field error and changes nothing', async () => {
    const row = await editable('reasonless');
    for (const [body, message] of [
      [{ selection: { ids: [row.id] } }, 'errors.required'],
      [{ selection: { ids: [row.id] }, motifMouvement: MOVEMENT_TYPE.termination }, 'errors.invalid'],
    ] as const) {
      const reply = await terminateMany(body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors).toEqual([
        { field: 'motifMouvement', defaultMessage: message },
      ]);
    }
    expect((await participantRow(ctx, row.id)).active).toBe(true);
  });

  it('refuses an empty selection, one of too many ids, and one that is both ids and a filter', async () => {
    for (const selection of [
      { ids: [] },
      { ids: Array.from({ length: 5001 }, (_, i) => i + 1) },
      { ids: [1], filtre: {} },
      {},
    ]) {
      const reply = await terminateMany({ selection, motifMouvement: REASON });
      expect(reply.statusCode, JSON.stringify(selection).slice(0, 80)).toBe(400);
    }
  });

  it('says what is wrong in the selection the caller meant: too many ids, an id that is not one, a field a filter has not', async () => {
    for (const [selection, error] of [
      [
        { ids: Array.from({ length: 5001 }, (_, i) => i + 1) },
        { field: 'selection.ids', defaultMessage: 'errors.maxItems', args: ['5000'] },
      ],
      [{ ids: [] }, { field: 'selection.ids', defaultMessage: 'errors.required' }],
      [{ ids: [1, 'x'] }, { field: 'selection.ids.1', defaultMessage: 'errors.invalid' }],
      [{ ids: [1, 'x', 'y', 'z'] }, { field: 'selection.ids.1', defaultMessage: 'errors.invalid' }],
      [
        { filtre: { actif: true, idEtablisement: 1 } },
        { field: 'selection.filtre', defaultMessage: 'errors.unknownField' },
      ],
      // Both shapes at once, or neither: no shape is meant more than the other.
      [
        { ids: [1], filtre: {} },
        { field: 'selection', defaultMessage: 'errors.invalid' },
      ],
      [{}, { field: 'selection', defaultMessage: 'errors.invalid' }],
    ] as const) {
      const reply = await terminateMany({ selection, motifMouvement: REASON });
      expect(reply.statusCode).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors, JSON.stringify(selection).slice(0, 80)).toEqual([
        error,
      ]);
    }
  });

  it('selects by filter exactly the participants the list shows for that filter, within the scope', async () => {
    const login = 'corr.etablissement';
    // A first-name prefix shared by a few of the establishment's active participants.
    const [sample] = await ctx.database.db
      .select({ prenom: participants.firstName })
      .from(participants)
      .where(and(await scopeOf(ctx, login), eq(participants.active, true)))
      .orderBy(asc(participants.id))
      .limit(1);
    const prefix = (sample?.prenom ?? 'A').slice(0, 1);
    const listed = await listIds(login, { prenom: prefix });
    expect(listed.length).toBeGreaterThan(1);
    const summary = summaryOf(
      await terminateMany({ selection: { filtre: { prenom: prefix } }, motifMouvement: REASON }, login),
    );
    const [outside] = await ctx.database.db
      .select({ n: count() })
      .from(participants)
      .where(
        and(
          not(await scopeOf(ctx, login)),
          like(participants.firstName, `${prefix}%`),
          eq(participants.terminationDate, centreToday()),
        ),
      );
    expect(outside?.n).toBe(0);
    const acted = [...summary.refused.map((refusal) => refusal.id)];
    const terminatedNow = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(and(inArray(participants.id, listed), eq(participants.active, false)));
    acted.push(...terminatedNow.map((row) => row.id));
    expect(acted.sort((a, b) => a - b)).toEqual([...listed].sort((a, b) => a - b));
    expect(summary.terminated).toBe(terminatedNow.length);
    // Nobody is left active under that filter but those refused.
    const left = await listIds(login, { prenom: prefix });
    expect(left.sort((a, b) => a - b)).toEqual(
      summary.refused
        .filter((refusal) => refusal.messages[0]?.errorCode !== 'participant.error.inactif')
        .map((refusal) => refusal.id)
        .sort((a, b) => a - b),
    );
  });

  it("a filter naming another scope's company or establishment selects no one", async () => {
    const foreign = await takeParticipant(ctx, not(await inScope()), 'of another company');
    for (const filtre of [
      { idEntreprise: foreign.companyId },
      { idEtablissement: foreign.establishmentId },
    ]) {
      const summary = summaryOf(await terminateMany({ selection: { filtre }, motifMouvement: REASON }));
      expect(summary).toEqual({ terminated: 0, refused: [] });
    }
    expect((await participantRow(ctx, foreign.id)).active).toBe(foreign.active);
  });
});

describe('POST /api/excel-adherents', () => {
  it('exports the selected ids in the list order, the list columns with French headers, never another scope', async () => {
    const own = await ctx.database.db
      .select()
      .from(participants)
      .where(await inScope())
      .orderBy(asc(participants.id))
      .limit(4);
    const foreign = await takeParticipant(ctx, not(await inScope()), 'not to export');
    const reply = await exportOf({
      selection: { ids: [...own.map((row) => row.id), foreign.id] },
      langue: 'fr_FR',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe(XLSX_MIME);
    expect(reply.headers['content-disposition']).toContain(`Participants ${centreToday()}.xlsx`);
    const rows = await rowsOf(reply.rawPayload);
    const [header, ...data] = rows;
    expect(header?.slice(0, 9)).toEqual([
      'N° participant',
      'Civilité',
      'Nom',
      'Prénom',
      'Statut',
      'Date de naissance',
      'Mail',
      'Mutation en cours',
      'Bilan en cours',
    ]);
    // The group's scope holds several companies and establishments: both columns are there.
    expect(header?.slice(9)).toEqual(['Entreprise', 'Établissement']);
    const expectedOrder = [...own]
      .sort((a, b) =>
        a.companyName === b.companyName ? a.id - b.id : a.companyName < b.companyName ? -1 : 1,
      )
      .map((row) => row.id);
    expect(data.map((row) => row[0])).toEqual(expectedOrder);
    const first = own.find((row) => row.id === expectedOrder[0]);
    expect(data[0]?.slice(2, 5)).toEqual([
      first?.lastName,
      first?.firstName,
      first?.active ? 'Actif' : 'Résilié',
    ]);
    expect(data[0]?.[5]).toBeInstanceOf(Date);
    expect(data[0]?.[9]).toBe(first?.companyName);
  });

  it('exports a filter as the list holds it, with English headers when asked', async () => {
    const login = 'corr.etablissement';
    const listed = await listIds(login, { actif: 'false' });
    const reply = await exportOf({ selection: { filtre: { actif: false } }, langue: 'en_EN' }, login);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-disposition']).toContain('Participants');
    const [header, ...data] = await rowsOf(reply.rawPayload);
    // One establishment: no company or establishment column.
    expect(header).toEqual([
      'Participant no.',
      'Title',
      'Last name',
      'First name',
      'Status',
      'Birth date',
      'Email',
      'Transfer in progress',
      'Check-up in progress',
    ]);
    expect(data.map((row) => row[0]).sort()).toEqual([...listed].sort());
    expect(data.every((row) => ['Yes', 'No'].includes(String(row[7])))).toBe(true);
  });

  it("an export of another scope's ids or filter holds the headers only, like unknown ones", async () => {
    const foreign = await takeParticipant(ctx, not(await inScope()), 'foreign export');
    const ofForeign = await exportOf({ selection: { ids: [foreign.id] }, langue: 'fr_FR' });
    const ofUnknown = await exportOf({ selection: { ids: [2_147_483_000] }, langue: 'fr_FR' });
    expect(await rowsOf(ofForeign.rawPayload)).toEqual(await rowsOf(ofUnknown.rawPayload));
    expect(await rowsOf(ofForeign.rawPayload)).toHaveLength(1);
    const byCompany = await exportOf({
      selection: { filtre: { idEntreprise: foreign.companyId, actif: false } },
      langue: 'fr_FR',
    });
    expect(await rowsOf(byCompany.rawPayload)).toHaveLength(1);
  });

  it('answers 400 to a selection it cannot read', async () => {
    const bad = await exportOf({ selection: { ids: ['x'] }, langue: 'fr_FR' });
    expect(bad.statusCode).toBe(400);
  });
});
