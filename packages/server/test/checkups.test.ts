import {
  CHECKUP_SORT_FIELDS,
  CHECKUP_STATES,
  type CheckupListReply,
  type CheckupRow,
  checkupListReply,
  checkupRow,
  HISTORY_SORT_FIELDS,
  type HistoryListReply,
  type HistoryRow,
  historyListReply,
  historyRow,
} from '@portail/contract/schemas/checkups';
import { errorReply } from '@portail/contract/schemas/common';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkups, participants } from '../src/db/schema';
import { centreToday } from '../src/lib/dates';
import { createTestContext, type TestContext } from './helper';
import { correspondantOf, headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 400 });
});
afterAll(async () => ctx.close());

const TODAY = centreToday();
const YEAR_AGO = `${Number(TODAY.slice(0, 4)) - 1}${TODAY.slice(4)}`;
/** Every check-up of the demo (its history goes a few years back). */
const WIDE = { dateDebut: '2000-01-01', dateFin: '2100-12-31' };
const DEFAULT = { dateDebut: YEAR_AGO, dateFin: TODAY };

async function call(
  url: string,
  login: string,
  query: Record<string, string | number>,
  kind = 'correspondant',
) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: await headersOf(ctx, login, kind as 'correspondant'),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
}

async function checkupPage(login: string, query: Record<string, string | number>): Promise<CheckupListReply> {
  const reply = await call('/api/bilansCorrespondant', login, query);
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json<CheckupListReply>();
  // Nothing beyond the contract's columns (no medical field can slip in).
  for (const row of body.items) expect(Object.keys(row).sort()).toEqual(Object.keys(checkupRow.shape).sort());
  return checkupListReply.parse(body);
}

async function historyPage(login: string, query: Record<string, string | number>): Promise<HistoryListReply> {
  const reply = await call('/api/historiqueBilansCorrespondant', login, query);
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json<HistoryListReply>();
  for (const row of body.items) expect(Object.keys(row).sort()).toEqual(Object.keys(historyRow.shape).sort());
  return historyListReply.parse(body);
}

/** Every row of a filter, page after page. */
async function allPages<T>(
  read: (page: number) => Promise<{ items: T[]; totalRows: number }>,
): Promise<{ rows: T[]; totalRows: number }> {
  const rows: T[] = [];
  let totalRows = 0;
  for (let page = 0; page < 1000; page++) {
    const reply = await read(page);
    totalRows = reply.totalRows;
    rows.push(...reply.items);
    if (reply.items.length === 0 || rows.length >= totalRows) break;
  }
  return { rows, totalRows };
}

/** The check-up ids a correspondant's scope holds in a range, read straight from the table. */
async function scopeCheckups(login: string, range: { dateDebut: string; dateFin: string }) {
  const c = await correspondantOf(ctx, login);
  const scope =
    c.scopeLevel === 'ETABLISSEMENT'
      ? eq(checkups.establishmentId, c.establishmentId ?? -1)
      : c.scopeLevel === 'ENTREPRISE'
        ? eq(checkups.companyId, c.companyId ?? -1)
        : eq(checkups.groupId, c.groupId ?? -1);
  return ctx.database.db
    .select()
    .from(checkups)
    .where(
      and(
        scope,
        gte(checkups.firstAppointmentDate, range.dateDebut),
        lte(checkups.firstAppointmentDate, range.dateFin),
      ),
    );
}

const WIRE = { IN_PROGRESS: 'EN_COURS', CLOSED: 'CLOTURE', INVOICED: 'FACTURE' } as const;

async function expectFieldError(url: string, query: Record<string, string>, field: string, message: string) {
  const reply = await call(url, 'corr.etablissement', query);
  expect(reply.statusCode, reply.body).toBe(400);
  const body = errorReply.parse(reply.json());
  expect(body.fieldErrors).toContainEqual(expect.objectContaining({ field, defaultMessage: message }));
}

/** Nulls last ascending, first descending (PostgreSQL's default), then the id in the same direction. */
function compareBy<R extends { id: number }>(
  values: (row: R) => (string | number | null)[],
  descending: boolean,
) {
  return (a: R, b: R): number => {
    const left = [...values(a), a.id];
    const right = [...values(b), b.id];
    for (let i = 0; i < left.length; i++) {
      const x = left[i] ?? null;
      const y = right[i] ?? null;
      if (x === y) continue;
      let order: number;
      if (x === null) order = 1;
      else if (y === null) order = -1;
      else order = x < y ? -1 : 1;
      return descending ? -order : order;
    }
    return 0;
  };
}

/** Participants' ids in the database's name order (its collation decides, not JavaScript's). */
async function nameOrder(rows: { id: number }[], descending: boolean): Promise<number[]> {
  const order = descending ? desc : asc;
  const expected = await ctx.database.db
    .select({ id: participants.id })
    .from(participants)
    .where(inArray(participants.id, [...rows.map((row) => row.id), -1]))
    .orderBy(order(participants.lastName), order(participants.firstName), order(participants.id));
  return expected.map((row) => row.id);
}

const CHECKUP_VALUES: Record<string, (row: CheckupRow) => (string | number | null)[]> = {
  datePremierRdv: (r) => [r.datePremierRdv],
  id: () => [],
  nom: (r) => [r.nom, r.prenom],
  dateCloture: (r) => [r.dateCloture],
  dateFacturation: (r) => [r.dateFacturation],
  // The life-cycle order (docs/checkups.md#states).
  etatBilan: (r) => [['EN_COURS', 'CLOTURE', 'FACTURE'].indexOf(r.etatBilan)],
};

const HISTORY_VALUES: Record<string, (row: HistoryRow) => (string | number | null)[]> = {
  nom: (r) => [r.nom, r.prenom],
  id: () => [],
  dateNaissance: (r) => [r.dateNaissance],
  dateAdhesion: (r) => [r.dateAdhesion],
  dateProchainBilan: (r) => [r.dateProchainBilan],
};

describe('GET /api/bilansCorrespondant', () => {
  it('lists the scope check-ups of the default range (one year back), 15 a page, latest first', async () => {
    const expected = await scopeCheckups('corr.etablissement', DEFAULT);
    const reply = await checkupPage('corr.etablissement', DEFAULT);
    expect(reply.totalRows).toBe(expected.length);
    expect(reply.totalRows).toBeGreaterThan(15);
    expect(reply.items).toHaveLength(15);
    expect(reply.subTotal).toBe(15);
    const ids = new Set(expected.map((row) => row.id));
    expect(reply.items.every((row) => ids.has(row.id))).toBe(true);
    expect(reply.items).toEqual(
      [...reply.items].sort(compareBy((row: CheckupRow) => [row.datePremierRdv], true)),
    );
  });

  it('returns the stored values of each row, joined to the participant', async () => {
    const reply = await checkupPage('corr.etablissement', { ...WIDE, size: 5 });
    for (const row of reply.items) {
      const [stored] = await ctx.database.db
        .select()
        .from(checkups)
        .innerJoin(participants, eq(participants.id, checkups.participantId))
        .where(eq(checkups.id, row.id));
      expect(row).toEqual({
        id: stored?.checkups.id,
        idParticipant: stored?.participants.id,
        nom: stored?.participants.lastName,
        prenom: stored?.participants.firstName,
        datePremierRdv: stored?.checkups.firstAppointmentDate,
        dateCloture: stored?.checkups.closingDate,
        dateFacturation: stored?.checkups.billingDate,
        etatBilan: stored ? WIRE[stored.checkups.state] : undefined,
        idEntreprise: stored?.checkups.companyId,
        idEtablissement: stored?.checkups.establishmentId,
      });
    }
  });

  it.each(CHECKUP_STATES)('filters on the state %s', async (state) => {
    const expected = (await scopeCheckups('corr.groupe', WIDE)).filter((row) => WIRE[row.state] === state);
    expect(expected.length).toBeGreaterThan(0);
    const { rows, totalRows } = await allPages((page) =>
      checkupPage('corr.groupe', { ...WIDE, etatBilan: state, page, size: 100 }),
    );
    expect(totalRows).toBe(expected.length);
    expect(rows.every((row) => row.etatBilan === state)).toBe(true);
    expect(rows.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());
  });

  it('keeps to the date range, bounds included', async () => {
    const all = await scopeCheckups('corr.etablissement', WIDE);
    const dates = all.map((row) => row.firstAppointmentDate ?? '').sort();
    const range = {
      dateDebut: dates[Math.floor(dates.length / 4)] ?? '',
      dateFin: dates[Math.floor(dates.length / 2)] ?? '',
    };
    const { rows, totalRows } = await allPages((page) =>
      checkupPage('corr.etablissement', { ...range, page, size: 100 }),
    );
    const expected = all.filter(
      (row) =>
        (row.firstAppointmentDate ?? '') >= range.dateDebut &&
        (row.firstAppointmentDate ?? '') <= range.dateFin,
    );
    expect(totalRows).toBe(expected.length);
    expect(rows.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());
    expect(rows.some((row) => row.datePremierRdv === range.dateDebut)).toBe(true);
    expect(rows.some((row) => row.datePremierRdv === range.dateFin)).toBe(true);
  });

  it('refuses an end before the start, missing dates, a bad state or an unknown sort', async () => {
    const url = '/api/bilansCorrespondant';
    await expectFieldError(
      url,
      { dateDebut: TODAY, dateFin: YEAR_AGO },
      'dateFin',
      'errors.dateFinAvantDebut',
    );
    await expectFieldError(url, { dateFin: TODAY }, 'dateDebut', 'errors.required');
    await expectFieldError(url, { dateDebut: TODAY }, 'dateFin', 'errors.required');
    await expectFieldError(url, { ...DEFAULT, dateDebut: '2026-02-30' }, 'dateDebut', 'errors.date');
    await expectFieldError(url, { ...DEFAULT, etatBilan: 'OUVERT' }, 'etatBilan', 'errors.invalid');
    await expectFieldError(url, { ...DEFAULT, sort: 'diagnostic,ASC' }, 'sort', 'errors.sort');
    await expectFieldError(url, { ...DEFAULT, sort: 'nom' }, 'sort', 'errors.sort');
  });

  it('pages without overlap or gap', async () => {
    const whole = await allPages((page) =>
      checkupPage('corr.groupe', { ...WIDE, page, size: 100, sort: 'nom,ASC' }),
    );
    expect(whole.rows).toHaveLength(whole.totalRows);
    const { rows } = await allPages((page) =>
      checkupPage('corr.groupe', { ...WIDE, page, size: 7, sort: 'nom,ASC' }),
    );
    expect(rows).toEqual(whole.rows);
    const beyond = await checkupPage('corr.groupe', { ...WIDE, page: 50, size: 15 });
    expect(beyond.items).toEqual([]);
    expect(beyond.subTotal).toBe(0);
    expect(beyond.totalRows).toBe(whole.totalRows);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it.each(CHECKUP_SORT_FIELDS.flatMap((field) => [`${field},ASC`, `${field},DESC`]))(
    'sorts by %s',
    async (sort) => {
      const [field = '', direction] = sort.split(',');
      const { rows } = await allPages((page) =>
        checkupPage('corr.groupe', { ...WIDE, sort, page, size: 100 }),
      );
      expect(rows.length).toBeGreaterThan(15);
      const values = CHECKUP_VALUES[field];
      if (!values) throw new Error(field);
      if (field === 'nom') {
        // Names follow the database's collation, not JavaScript's code-unit order.
        const order = direction === 'DESC' ? desc : asc;
        const expected = await ctx.database.db
          .select({ id: checkups.id })
          .from(checkups)
          .innerJoin(participants, eq(participants.id, checkups.participantId))
          .where(
            inArray(
              checkups.id,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(order(participants.lastName), order(participants.firstName), order(checkups.id));
        expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      } else expect(rows).toEqual([...rows].sort(compareBy(values, direction === 'DESC')));
    },
  );

  it('filters a group by company and by establishment, and never by another scope’s', async () => {
    const all = await scopeCheckups('corr.groupe', WIDE);
    const companyIds = [...new Set(all.map((row) => row.companyId))];
    const establishmentIds = [...new Set(all.map((row) => row.establishmentId))];
    expect(companyIds.length).toBeGreaterThan(1);
    for (const id of companyIds) {
      const { rows, totalRows } = await allPages((page) =>
        checkupPage('corr.groupe', { ...WIDE, idEntreprise: id, page, size: 100 }),
      );
      expect(totalRows).toBe(all.filter((row) => row.companyId === id).length);
      expect(rows.every((row) => row.idEntreprise === id)).toBe(true);
    }
    const establishment = establishmentIds[0] ?? -1;
    const inOne = await checkupPage('corr.groupe', { ...WIDE, idEtablissement: establishment, size: 100 });
    expect(inOne.totalRows).toBe(all.filter((row) => row.establishmentId === establishment).length);
    const history = await historyPage('corr.groupe', { ...WIDE, idEtablissement: establishment, size: 100 });
    const participantsThere = new Set(
      all.filter((row) => row.establishmentId === establishment).map((row) => row.participantId),
    );
    expect(history.totalRows).toBe(participantsThere.size);

    const [foreign] = await ctx.database.db
      .select({ companyId: checkups.companyId, establishmentId: checkups.establishmentId })
      .from(checkups)
      .where(
        inArray(
          checkups.participantId,
          (await scopeCheckups('corr.autre', WIDE)).map((r) => r.participantId),
        ),
      )
      .limit(1);
    for (const url of ['/api/bilansCorrespondant', '/api/historiqueBilansCorrespondant'])
      for (const [name, id] of [
        ['idEntreprise', foreign?.companyId ?? -1],
        ['idEtablissement', foreign?.establishmentId ?? -1],
      ] as const) {
        const theirs = await call(url, 'corr.groupe', { ...WIDE, [name]: id });
        const unknown = await call(url, 'corr.groupe', { ...WIDE, [name]: 2_147_483_000 });
        expect(theirs.statusCode).toBe(200);
        expect(theirs.body).toBe(unknown.body);
        expect(theirs.json<{ totalRows: number }>().totalRows).toBe(0);
        expect((await call(url, 'corr.groupe', { ...WIDE, [name]: 'abc' })).statusCode).toBe(400);
      }
  });

  it('keeps each correspondant to their scope: establishment ⊆ company ⊆ group, never another company', async () => {
    const idsOf = async (login: string) =>
      new Set(
        (await allPages((page) => checkupPage(login, { ...WIDE, page, size: 100 }))).rows.map((r) => r.id),
      );
    const establishment = await idsOf('corr.etablissement');
    const company = await idsOf('corr.entreprise');
    const group = await idsOf('corr.groupe');
    const other = await idsOf('corr.autre');
    expect(establishment.size).toBeGreaterThan(0);
    expect(other.size).toBeGreaterThan(0);
    expect([...establishment].every((id) => company.has(id))).toBe(true);
    expect([...company].every((id) => group.has(id))).toBe(true);
    expect(group.size).toBeGreaterThanOrEqual(company.size);
    expect(company.size).toBeGreaterThanOrEqual(establishment.size);
    expect([...other].some((id) => establishment.has(id) || group.has(id))).toBe(false);
    const mine = await correspondantOf(ctx, 'corr.etablissement');
    const rows = await ctx.database.db
      .select({ establishmentId: checkups.establishmentId })
      .from(checkups)
      .where(inArray(checkups.id, [...establishment]));
    expect(rows.every((row) => row.establishmentId === mine.establishmentId)).toBe(true);
  });

  it('is for correspondants only', async () => {
    expect(
      (await call('/api/bilansCorrespondant', 'participant.dmc', DEFAULT, 'participant')).statusCode,
    ).toBe(403);
    expect((await call('/api/bilansCorrespondant', 'admin', DEFAULT, 'staff')).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/bilansCorrespondant',
      query: DEFAULT,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/historiqueBilansCorrespondant', () => {
  it('lists one row per participant of the scope with a check-up in the range, by name', async () => {
    const inRange = await scopeCheckups('corr.entreprise', DEFAULT);
    const c = await correspondantOf(ctx, 'corr.entreprise');
    const members = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(
          eq(participants.companyId, c.companyId ?? -1),
          inArray(participants.id, [...new Set(inRange.map((row) => row.participantId)), -1]),
        ),
      );
    const { rows, totalRows } = await allPages((page) =>
      historyPage('corr.entreprise', { ...DEFAULT, page, size: 100 }),
    );
    expect(totalRows).toBe(members.length);
    expect(totalRows).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows.map((row) => row.id).sort()).toEqual(members.map((row) => row.id).sort());
    expect(rows.map((row) => row.id)).toEqual(await nameOrder(rows, false));
  });

  it('gives the age, the enumeration ids and the latest closing date of each of the last three years', async () => {
    const year = Number(TODAY.slice(0, 4));
    const { rows } = await allPages((page) => historyPage('corr.groupe', { ...WIDE, page, size: 100 }));
    const c = await correspondantOf(ctx, 'corr.groupe');
    let closings = 0;
    for (const row of rows) {
      const [p] = await ctx.database.db.select().from(participants).where(eq(participants.id, row.id));
      if (!p) throw new Error('no participant');
      const birthday = `${year}${p.birthDate.slice(4)}`;
      expect(row.age).toBe(year - Number(p.birthDate.slice(0, 4)) - (TODAY < birthday ? 1 : 0));
      expect(row).toMatchObject({
        nom: p.lastName,
        prenom: p.firstName,
        dateNaissance: p.birthDate,
        dateAdhesion: p.membershipDate,
        dateResiliation: p.terminationDate,
        gestionRdv: p.appointmentManagementId,
        periodicite: p.periodicityId,
        dateProchainBilan: p.nextCheckupDate,
      });
      const own = await ctx.database.db
        .select({ closing: checkups.closingDate })
        .from(checkups)
        .where(and(eq(checkups.participantId, row.id), eq(checkups.groupId, c.groupId ?? -1)));
      const latest = (y: number) =>
        own
          .map((x) => x.closing)
          .filter((d): d is string => d?.startsWith(`${y}-`) ?? false)
          .sort()
          .at(-1) ?? null;
      expect([row.dateClotureN2, row.dateClotureN1, row.dateClotureN]).toEqual([
        latest(year - 2),
        latest(year - 1),
        latest(year),
      ]);
      closings += [row.dateClotureN2, row.dateClotureN1, row.dateClotureN].filter(Boolean).length;
    }
    expect(closings).toBeGreaterThan(0);
  });

  it.each(CHECKUP_STATES)('keeps the participants with a check-up in state %s', async (state) => {
    const expected = new Set(
      (await scopeCheckups('corr.groupe', WIDE))
        .filter((row) => WIRE[row.state] === state)
        .map((r) => r.participantId),
    );
    const { rows } = await allPages((page) =>
      historyPage('corr.groupe', { ...WIDE, etatBilan: state, page, size: 100 }),
    );
    expect(rows.every((row) => expected.has(row.id))).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(HISTORY_SORT_FIELDS.flatMap((field) => [`${field},ASC`, `${field},DESC`]))(
    'sorts by %s',
    async (sort) => {
      const [field = '', direction] = sort.split(',');
      const { rows } = await allPages((page) => historyPage('corr.groupe', { ...WIDE, sort, page, size: 6 }));
      expect(rows.length).toBeGreaterThan(6);
      const values = HISTORY_VALUES[field];
      if (!values) throw new Error(field);
      if (field === 'nom')
        expect(rows.map((row) => row.id)).toEqual(await nameOrder(rows, direction === 'DESC'));
      else expect(rows).toEqual([...rows].sort(compareBy(values, direction === 'DESC')));
    },
  );

  it('refuses bad filters like the list, and never shows another company', async () => {
    const url = '/api/historiqueBilansCorrespondant';
    await expectFieldError(
      url,
      { dateDebut: TODAY, dateFin: YEAR_AGO },
      'dateFin',
      'errors.dateFinAvantDebut',
    );
    await expectFieldError(url, {}, 'dateDebut', 'errors.required');
    await expectFieldError(url, { ...DEFAULT, sort: 'datePremierRdv,ASC' }, 'sort', 'errors.sort');
    const other = new Set(
      (await allPages((page) => historyPage('corr.autre', { ...WIDE, page, size: 100 }))).rows.map(
        (r) => r.id,
      ),
    );
    const group = (await allPages((page) => historyPage('corr.groupe', { ...WIDE, page, size: 100 }))).rows;
    expect(other.size).toBeGreaterThan(0);
    expect(group.some((row) => other.has(row.id))).toBe(false);
    expect((await call(url, 'participant.dmc', DEFAULT, 'participant')).statusCode).toBe(403);
  });
});
