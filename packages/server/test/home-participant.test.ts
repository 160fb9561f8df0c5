import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { DOCUMENT_MESSAGES } from '@portail/contract/schemas/documents';
import { HOME_MESSAGES, homeDetail, mammogramReply, participantHome } from '@portail/contract/schemas/home';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkups, documents, participants, users, visits } from '../src/db/schema';
import { recordWithdrawalConsent } from '../src/features/home/participant-home.service';
import { centreToday } from '../src/lib/dates';
import { createTestContext, signIn, type TestContext } from './helper';
import { headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Kind = 'participant' | 'correspondant' | 'staff';
const KIND: Record<string, Kind> = { 'corr.etablissement': 'correspondant', admin: 'staff' };
const kindOf = (login: string): Kind => KIND[login] ?? 'participant';

async function call(method: 'GET' | 'POST', url: string, login: string, payload?: unknown) {
  const headers = await headersOf(ctx, login, kindOf(login));
  if (payload === undefined) return ctx.app.inject({ method, url, headers });
  return ctx.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function accountOf(login: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!user?.participantId) throw new Error(`no participant account ${login}`);
  const [row] = await ctx.database.db
    .select()
    .from(participants)
    .where(eq(participants.id, user.participantId));
  if (!row) throw new Error(`no participant ${user.participantId}`);
  return { user, participant: row };
}

async function auditRows(action: string, participantId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(participantId))))
    .orderBy(asc(auditLog.id));
}

const messagesOf = (body: unknown) => messagesReply.parse(body).ciemException.messages;

describe('GET /api/get-detail-accueil for a participant', () => {
  it('gives participant.dmc the check-up in progress, its visits and the unread documents newest first', async () => {
    const { participant } = await accountOf('participant.dmc');
    const reply = await call('GET', '/api/get-detail-accueil', 'participant.dmc');
    expect(reply.statusCode).toBe(200);
    const body = homeDetail.parse(reply.json());
    if (body.profil !== 'PARTICIPANT') throw new Error('expected the participant part');
    expect(body).toMatchObject({
      bilanEnCours: true,
      accordDesistement: participant.withdrawalAgreement,
      mail: participant.email,
      refusDmc: false,
    });
    const [open] = await ctx.database.db
      .select({ id: checkups.id })
      .from(checkups)
      .where(and(eq(checkups.participantId, participant.id), eq(checkups.state, 'IN_PROGRESS')));
    const stored = await ctx.database.db
      .select()
      .from(visits)
      .where(eq(visits.checkupId, open?.id ?? -1));
    for (const [field, kind, order] of [
      ['visite1', 'VISIT', 1],
      ['visite2', 'VISIT', 2],
      ['visite3', 'VISIT', 3],
      ['mammographie', 'MAMMOGRAPHY', null],
      ['osteopathie', 'OSTEOPATHY', null],
    ] as const) {
      const visit = stored.find((v) => v.kind === kind && v.visitOrder === order);
      expect(visit, field).toBeDefined();
      expect(body[field]).toEqual({
        typeVisite: visit?.typeLabel,
        typeVisiteEn: visit?.typeLabelEn,
        dateRdv: visit?.startsAt?.toISOString() ?? null,
        heureFin: visit?.endsAt?.toISOString() ?? null,
        dureePrevue: visit?.expectedDurationMinutes,
        libelleEtat: visit?.stateLabel,
        libelleEtatEn: visit?.stateLabelEn,
        couleurEtat: visit?.stateColour,
      });
    }
    const unread = await ctx.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.participantId, participant.id),
          eq(documents.active, true),
          eq(documents.unread, true),
        ),
      )
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(20);
    expect(unread.length).toBeGreaterThan(0);
    expect(body.documents.map((d) => d.id)).toEqual(unread.map((d) => d.id));
    expect(body.documents.some((d) => d.documentJointExtraciem.length > 0)).toBe(true);
    expect(body.documents.some((d) => d.documentJointLSExtraciem.length > 0)).toBe(true);
  });

  it('lists no documents unless the medical record is accepted, and flags a refusal', async () => {
    const { participant } = await accountOf('participant.dmc');
    const db = ctx.database.db;
    await db.update(participants).set({ dmcStatus: 'REFUSED' }).where(eq(participants.id, participant.id));
    try {
      const body = participantHome.parse(
        (await call('GET', '/api/get-detail-accueil', 'participant.dmc')).json(),
      );
      expect(body.documents).toEqual([]);
      expect(body.refusDmc).toBe(true);
      expect(body.bilanEnCours).toBe(true);
    } finally {
      await db.update(participants).set({ dmcStatus: 'ACCEPTED' }).where(eq(participants.id, participant.id));
    }
    const refused = participantHome.parse(
      (await call('GET', '/api/get-detail-accueil', 'participant.refus')).json(),
    );
    expect(refused).toMatchObject({
      bilanEnCours: false,
      refusDmc: true,
      documents: [],
      visite1: null,
      visite2: null,
      visite3: null,
      mammographie: null,
      osteopathie: null,
    });
    const notAnswered = participantHome.parse(
      (await call('GET', '/api/get-detail-accueil', 'participant.sansdmc')).json(),
    );
    expect(notAnswered.refusDmc).toBe(false);
  });

  it('says whether the last-mammogram entry and the withdrawal consent apply', async () => {
    const home = async (login: string) =>
      participantHome.parse((await call('GET', '/api/get-detail-accueil', login)).json());
    // participant.dmc: a woman, visits ahead; participant.visites: a man, every visit behind;
    // participant.refus: a woman without a check-up in progress.
    expect(await home('participant.dmc')).toMatchObject({
      mammographieConcernee: true,
      desistementModifiable: true,
    });
    expect(await home('participant.visites')).toMatchObject({
      mammographieConcernee: false,
      desistementModifiable: false,
    });
    expect(await home('participant.refus')).toMatchObject({
      mammographieConcernee: true,
      desistementModifiable: false,
    });
    // No sex on the record: the entry concerns no one by default.
    const { participant } = await accountOf('participant.dmc');
    const db = ctx.database.db;
    await db.update(participants).set({ genderId: null }).where(eq(participants.id, participant.id));
    try {
      expect((await home('participant.dmc')).mammographieConcernee).toBe(false);
    } finally {
      await db
        .update(participants)
        .set({ genderId: participant.genderId })
        .where(eq(participants.id, participant.id));
    }
  });

  it('serves the French label as the English one when the centre gave no English label', async () => {
    const { participant } = await accountOf('participant.visites');
    const db = ctx.database.db;
    const [first] = await db
      .select()
      .from(visits)
      .where(and(eq(visits.participantId, participant.id), eq(visits.visitOrder, 1)));
    if (!first) throw new Error('participant.visites has no first visit');
    expect(first.typeLabelEn).toBeTruthy();
    await db.update(visits).set({ typeLabelEn: null, stateLabelEn: null }).where(eq(visits.id, first.id));
    try {
      const home = participantHome.parse(
        (await call('GET', '/api/get-detail-accueil', 'participant.visites')).json(),
      );
      expect(home.visite1).toMatchObject({
        typeVisite: first.typeLabel,
        typeVisiteEn: first.typeLabel,
        libelleEtat: first.stateLabel,
        libelleEtatEn: first.stateLabel,
      });
    } finally {
      await db
        .update(visits)
        .set({ typeLabelEn: first.typeLabelEn, stateLabelEn: first.stateLabelEn })
        .where(eq(visits.id, first.id));
    }
  });

  it('tells a first sign-in from a later one', async () => {
    const { user } = await accountOf('participant.visites');
    const body = participantHome.parse(
      (await call('GET', '/api/get-detail-accueil', 'participant.visites')).json(),
    );
    const [fresh] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(body.premiereConnexion).toBe(fresh?.previousLoginAt === null);
    expect(body.derniereConnexion).toBe(fresh?.previousLoginAt?.toISOString() ?? null);
  });
});

describe('POST /api/adherents/accordDesistement', () => {
  it('stores the consent both ways while a visit is ahead, with an audit row each time', async () => {
    const { participant } = await accountOf('participant.dmc');
    for (const agreed of [true, false, true]) {
      const reply = await call('POST', '/api/adherents/accordDesistement', 'participant.dmc', agreed);
      expect(reply.statusCode).toBe(200);
      expect(messagesOf(reply.json())).toEqual([{ level: 'INFO', errorCode: HOME_MESSAGES.consentSaved }]);
      const home = participantHome.parse(
        (await call('GET', '/api/get-detail-accueil', 'participant.dmc')).json(),
      );
      expect(home.accordDesistement).toBe(agreed);
    }
    const rows = await auditRows('WITHDRAWAL_CONSENT_RECORDED', participant.id);
    expect(rows.map((row) => row.details?.after)).toEqual([true, false, true]);
    expect(rows[1]?.details?.before).toBe(true);
  });

  it('warns and changes nothing when every visit of the check-up is behind', async () => {
    const { participant } = await accountOf('participant.visites');
    const reply = await call('POST', '/api/adherents/accordDesistement', 'participant.visites', true);
    expect(reply.statusCode).toBe(200);
    expect(messagesOf(reply.json())).toEqual([
      { level: 'WARN', errorCode: HOME_MESSAGES.consentNoVisitLeft },
    ]);
    const [after] = await ctx.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, participant.id));
    expect(after?.withdrawalAgreement).toBe(false);
    expect(await auditRows('WITHDRAWAL_CONSENT_RECORDED', participant.id)).toEqual([]);
  });

  it('counts a visit still to plan as ahead, and a planned one only until it starts', async () => {
    const { participant } = await accountOf('participant.visites');
    const db = ctx.database.db;
    const [third] = await db
      .select()
      .from(visits)
      .where(and(eq(visits.participantId, participant.id), eq(visits.visitOrder, 3)));
    if (!third) throw new Error('participant.visites has no third visit');
    await db.update(visits).set({ startsAt: null, endsAt: null }).where(eq(visits.id, third.id));
    try {
      const reply = await call('POST', '/api/adherents/accordDesistement', 'participant.visites', true);
      expect(messagesOf(reply.json())).toEqual([{ level: 'INFO', errorCode: HOME_MESSAGES.consentSaved }]);
    } finally {
      await db
        .update(visits)
        .set({ startsAt: third.startsAt, endsAt: third.endsAt })
        .where(eq(visits.id, third.id));
      await db
        .update(participants)
        .set({ withdrawalAgreement: false })
        .where(eq(participants.id, participant.id));
    }
    // participant.dmc's last visit is weeks ahead: a year from now, every one of them is behind.
    const dmc = await accountOf('participant.dmc');
    const caller = {
      userId: dmc.user.id,
      sessionId: 'test',
      kind: 'PARTICIPANT' as const,
      roles: ['ROLE_PARTICIPANT' as const],
      participantId: dmc.participant.id,
      correspondant: null,
      confirmed: true,
      profile: {} as never,
    };
    const later = new Date(Date.now() + 365 * 86_400_000);
    expect(await recordWithdrawalConsent(db, { caller, ip: '127.0.0.1' }, true, later)).toEqual([
      { level: 'WARN', errorCode: HOME_MESSAGES.consentNoVisitLeft },
    ]);
  });

  it('is an error without a check-up in progress', async () => {
    const { participant } = await accountOf('participant.sansdmc');
    const reply = await call('POST', '/api/adherents/accordDesistement', 'participant.sansdmc', true);
    expect(reply.statusCode).toBe(409);
    expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: HOME_MESSAGES.consentNoCheckup },
    ]);
    const [after] = await ctx.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, participant.id));
    expect(after?.withdrawalAgreement).toBe(false);
  });

  it('takes a bare JSON boolean and nothing else', async () => {
    for (const payload of ['"true"', '{"accord":true}', '1', 'null']) {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/adherents/accordDesistement',
        headers: {
          ...(await headersOf(ctx, 'participant.dmc', 'participant')),
          'content-type': 'application/json',
        },
        payload,
      });
      expect(reply.statusCode, payload).toBe(400);
    }
  });

  it.each(['corr.etablissement', 'admin'])('is refused to %s', async (login) => {
    expect((await call('POST', '/api/adherents/accordDesistement', login, true)).statusCode).toBe(403);
  });
});

describe('adherents/dateMammo', () => {
  it('stores a date up to today, gives it back and audits it', async () => {
    const { participant } = await accountOf('participant.dmc');
    const before = mammogramReply.parse(
      (await call('GET', '/api/adherents/dateMammo', 'participant.dmc')).json(),
    );
    expect(before.date).toBe(participant.lastMammogramDate);
    for (const date of ['2024-05-14', centreToday()]) {
      const reply = await call('POST', '/api/adherents/dateMammo', 'participant.dmc', { date });
      expect(reply.statusCode).toBe(200);
      expect(messagesOf(reply.json())).toEqual([{ level: 'INFO', errorCode: HOME_MESSAGES.mammogramSaved }]);
      expect((await call('GET', '/api/adherents/dateMammo', 'participant.dmc')).json()).toEqual({ date });
    }
    const rows = await auditRows('MAMMOGRAM_DATE_RECORDED', participant.id);
    expect(rows.map((row) => row.details)).toEqual([
      { before: participant.lastMammogramDate, after: '2024-05-14' },
      { before: '2024-05-14', after: centreToday() },
    ]);
  });

  it('refuses tomorrow at the centre, absurd dates and non-dates, changing nothing', async () => {
    const tomorrow = centreToday(new Date(Date.now() + 86_400_000));
    const future = await call('POST', '/api/adherents/dateMammo', 'participant.sansdmc', { date: tomorrow });
    expect(future.statusCode).toBe(400);
    const body = errorReply.parse(future.json());
    expect(body.fieldErrors).toEqual([{ field: 'date', defaultMessage: 'errors.date' }]);
    expect(body.ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: HOME_MESSAGES.mammogramFuture },
    ]);
    for (const date of ['1899-12-31', '2024-02-30', '14/05/2024', '']) {
      const reply = await call('POST', '/api/adherents/dateMammo', 'participant.sansdmc', { date });
      expect(reply.statusCode, date).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors?.[0]?.field).toBe('date');
    }
    const { participant } = await accountOf('participant.sansdmc');
    expect(participant.lastMammogramDate).toBeNull();
  });

  it('refuses a participant it does not concern (a male record) with a translated 409, storing nothing', async () => {
    const { participant } = await accountOf('participant.visites');
    const reply = await call('POST', '/api/adherents/dateMammo', 'participant.visites', {
      date: '2024-05-14',
    });
    expect(reply.statusCode).toBe(409);
    expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: HOME_MESSAGES.mammogramNotConcerned },
    ]);
    const after = await accountOf('participant.visites');
    expect(after.participant.lastMammogramDate).toBe(participant.lastMammogramDate);
    expect(await auditRows('MAMMOGRAM_DATE_RECORDED', participant.id)).toEqual([]);
  });

  it.each(['corr.etablissement', 'admin'])('is refused to %s', async (login) => {
    expect((await call('GET', '/api/adherents/dateMammo', login)).statusCode).toBe(403);
    expect((await call('POST', '/api/adherents/dateMammo', login, { date: '2024-01-02' })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/re-activate-dmc', () => {
  it('accepts the record again, audits it, and the same session sees it at once', async () => {
    const { participant } = await accountOf('participant.refus');
    const signed = await signIn(ctx, 'participant.refus', 'participant');
    const principal = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/oauth/principal',
          headers: signed.headers,
          payload: { roleCorrespondant: false },
        })
      ).json<{ dmcAccepte: boolean }>();
    expect((await principal()).dmcAccepte).toBe(false);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/re-activate-dmc',
      headers: signed.headers,
    });
    expect(reply.statusCode).toBe(200);
    expect(messagesOf(reply.json())).toEqual([{ level: 'INFO', errorCode: DOCUMENT_MESSAGES.reactivated }]);
    expect((await principal()).dmcAccepte).toBe(true);
    const home = participantHome.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/get-detail-accueil', headers: signed.headers })
      ).json(),
    );
    expect(home.refusDmc).toBe(false);
    const rows = await auditRows('MEDICAL_RECORD_REACTIVATED', participant.id);
    expect(rows.map((row) => row.details)).toEqual([{ before: 'REFUSED', after: 'ACCEPTED' }]);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/re-activate-dmc',
      headers: signed.headers,
    });
    expect(messagesOf(again.json())).toEqual([
      { level: 'WARN', errorCode: DOCUMENT_MESSAGES.alreadyAccepted },
    ]);
    expect(await auditRows('MEDICAL_RECORD_REACTIVATED', participant.id)).toHaveLength(1);
  });

  it('works from "not answered" too', async () => {
    const { participant } = await accountOf('participant.sansdmc');
    const reply = await call('POST', '/api/re-activate-dmc', 'participant.sansdmc');
    expect(messagesOf(reply.json())).toEqual([{ level: 'INFO', errorCode: DOCUMENT_MESSAGES.reactivated }]);
    const [after] = await ctx.database.db
      .select({ dmc: participants.dmcStatus })
      .from(participants)
      .where(eq(participants.id, participant.id));
    expect(after?.dmc).toBe('ACCEPTED');
    const [row] = await auditRows('MEDICAL_RECORD_REACTIVATED', participant.id);
    expect(row?.details).toEqual({ before: 'NONE', after: 'ACCEPTED' });
  });

  it.each(['corr.etablissement', 'admin'])('is refused to %s', async (login) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
    expect((await call('POST', '/api/re-activate-dmc', login)).statusCode).toBe(403);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorUserId, user?.id ?? -1), eq(auditLog.action, 'MEDICAL_RECORD_REACTIVATED')),
      );
    expect(rows).toEqual([]);
  });
});

describe('POST /api/withdraw-dmc', () => {
  it('withdraws the acceptance, audits it, closes the documents at once, and the record can be accepted again', async () => {
    const { participant, user } = await accountOf('participant.test2');
    expect(participant.dmcStatus).toBe('ACCEPTED');
    const signed = await signIn(ctx, 'participant.test2', 'participant');
    const principal = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/oauth/principal',
          headers: signed.headers,
          payload: { roleCorrespondant: false },
        })
      ).json<{ dmcAccepte: boolean; dmcRefuse: boolean }>();
    const post = (url: string) => ctx.app.inject({ method: 'POST', url, headers: signed.headers });
    const sheets = () => ctx.app.inject({ method: 'GET', url: '/api/fiche/list', headers: signed.headers });
    expect((await sheets()).statusCode).toBe(200);

    const reply = await post('/api/withdraw-dmc');
    expect(reply.statusCode).toBe(200);
    expect(messagesOf(reply.json())).toEqual([{ level: 'INFO', errorCode: HOME_MESSAGES.recordWithdrawn }]);
    const [stored] = await ctx.database.db
      .select({ dmc: participants.dmcStatus })
      .from(participants)
      .where(eq(participants.id, participant.id));
    expect(stored?.dmc).toBe('REFUSED');
    // The same session, cached a moment ago, is read again: menu and document routes close now.
    expect(await principal()).toMatchObject({ dmcAccepte: false, dmcRefuse: true });
    const refused = await sheets();
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).toContain(DOCUMENT_MESSAGES.recordNotAccepted);
    const home = participantHome.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/get-detail-accueil', headers: signed.headers })
      ).json(),
    );
    expect(home).toMatchObject({ refusDmc: true, documents: [] });
    const rows = await auditRows('MEDICAL_RECORD_WITHDRAWN', participant.id);
    expect(rows.map((row) => [row.actorUserId, row.details])).toEqual([
      [user.id, { before: 'ACCEPTED', after: 'REFUSED' }],
    ]);

    // Twice: a warning, nothing more.
    const again = await post('/api/withdraw-dmc');
    expect(messagesOf(again.json())).toEqual([{ level: 'WARN', errorCode: HOME_MESSAGES.recordNotAccepted }]);
    expect(await auditRows('MEDICAL_RECORD_WITHDRAWN', participant.id)).toHaveLength(1);

    // Accepting again later opens everything again.
    expect(messagesOf((await post('/api/re-activate-dmc')).json())).toEqual([
      { level: 'INFO', errorCode: DOCUMENT_MESSAGES.reactivated },
    ]);
    expect((await principal()).dmcAccepte).toBe(true);
    expect((await sheets()).statusCode).toBe(200);
  });

  it('warns a participant who has not accepted the record, changing nothing', async () => {
    const { participant } = await accountOf('participant.visites');
    const reply = await call('POST', '/api/withdraw-dmc', 'participant.visites');
    expect(reply.statusCode).toBe(200);
    expect(messagesOf(reply.json())).toEqual([{ level: 'WARN', errorCode: HOME_MESSAGES.recordNotAccepted }]);
    const after = await accountOf('participant.visites');
    expect(after.participant.dmcStatus).toBe(participant.dmcStatus);
    expect(await auditRows('MEDICAL_RECORD_WITHDRAWN', participant.id)).toEqual([]);
  });

  it.each(['corr.etablissement', 'admin'])('is refused to %s', async (login) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
    expect((await call('POST', '/api/withdraw-dmc', login)).statusCode).toBe(403);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, user?.id ?? -1), eq(auditLog.action, 'MEDICAL_RECORD_WITHDRAWN')));
    expect(rows).toEqual([]);
  });
});
