import type { Appointment, Consent, EpisodeOfCare, OperationOutcome } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH, portalCodeSystem, portalExtension } from '@portail/contract/integration/fhir';
import { and, count, eq } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkups, participants, visits } from '../src/db/schema';
import { get, headersOf, participantIdOf } from './documents-fixtures';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19: the back office opens and closes check-ups, books visits and appointments and records
 * consents given on paper through the FHIR API (fhir-kit-client over HTTP); the portal's screens then
 * show them, and every refusal names the element at fault and writes nothing.
 */
let ctx: TestContext;
let client: Client;

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 20, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const writer = await systemClient(
    ctx,
    'system/EpisodeOfCare.cru system/Appointment.cru system/Consent.cr system/Patient.r',
  );
  client = new Client({
    baseUrl: `http://127.0.0.1:${port}${FHIR_BASE_PATH}`,
    bearerToken: await writer.token(),
  });
}, 60_000);
afterAll(async () => ctx.close());

async function refusal(call: Promise<unknown>): Promise<{ status: number; outcome: OperationOutcome }> {
  try {
    await call;
  } catch (error) {
    const { response } = error as { response: { status: number; data: OperationOutcome } };
    return { status: response.status, outcome: response.data };
  }
  throw new Error('the call was not refused');
}

const create = async <T>(resource: T) =>
  (await client.create({
    resourceType: (resource as { resourceType: string }).resourceType,
    body: resource as never,
  })) as unknown as T;

async function rowCounts() {
  const [c] = await ctx.database.db.select({ n: count() }).from(checkups);
  const [v] = await ctx.database.db.select({ n: count() }).from(visits);
  return { checkups: c?.n, visits: v?.n };
}

const visitOf = (participantId: number, checkupId: string, start: string, end: string): Appointment => ({
  resourceType: 'Appointment',
  status: 'booked',
  serviceType: [{ coding: [{ system: portalCodeSystem('visit-kind'), code: 'VISIT' }] }],
  description: 'Première visite',
  start,
  end,
  minutesDuration: 90,
  extension: [
    { url: portalExtension('visit-order'), valuePositiveInt: 1 },
    {
      url: portalExtension('appointment-state'),
      extension: [
        { url: 'label', valueString: 'Planifiée' },
        { url: 'colour', valueString: '#0277bd' },
      ],
    },
  ],
  supportingInformation: [{ reference: `EpisodeOfCare/${checkupId}` }],
  participant: [{ actor: { reference: `Patient/${participantId}` }, status: 'accepted' }],
});

describe('the back office opens a check-up and books its first visit', () => {
  it('creates the check-up and the visit, which the participant’s home card then shows', async () => {
    const participantId = await participantIdOf(ctx, 'participant.sansdmc');
    // The demo may have given this participant a check-up in progress: the back office closes it first.
    const open = await ctx.database.db
      .select()
      .from(checkups)
      .where(and(eq(checkups.participantId, participantId), eq(checkups.state, 'IN_PROGRESS')));
    for (const row of open)
      await ctx.database.db
        .update(checkups)
        .set({ state: 'CLOSED', closingDate: '2026-01-10' })
        .where(eq(checkups.id, row.id));

    const episode = await create<EpisodeOfCare>({
      resourceType: 'EpisodeOfCare',
      status: 'active',
      patient: { reference: `Patient/${participantId}` },
      period: { start: '2026-12-01' },
    });
    expect(episode).toMatchObject({ status: 'active', meta: { versionId: '1' } });
    const [flag] = await ctx.database.db
      .select({ inProgress: participants.checkupInProgress })
      .from(participants)
      .where(eq(participants.id, participantId));
    expect(flag?.inProgress).toBe(true);

    const visit = await create(
      visitOf(participantId, episode.id ?? '', '2026-12-01T09:30:00+01:00', '2026-12-01T11:00:00+01:00'),
    );
    expect(visit.id).toMatch(/^vis-\d+$/);
    expect(visit.start).toBe('2026-12-01T09:30:00+01:00');
    const [stored] = await ctx.database.db
      .select()
      .from(visits)
      .where(eq(visits.id, Number(visit.id?.slice(4))));
    expect(stored?.startsAt?.toISOString()).toBe('2026-12-01T08:30:00.000Z');

    const home = await get(ctx, '/api/get-detail-accueil', 'participant.sansdmc');
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json()).toMatchObject({
      bilanEnCours: true,
      visite1: {
        typeVisite: 'Première visite',
        libelleEtat: 'Planifiée',
        couleurEtat: '#0277bd',
        dateRdv: '2026-12-01T08:30:00.000Z',
      },
    });

    // A second first visit of the same check-up, a second check-up in progress: refused by name.
    const twice = await refusal(
      create(
        visitOf(participantId, episode.id ?? '', '2026-12-02T09:30:00+01:00', '2026-12-02T10:00:00+01:00'),
      ),
    );
    expect(twice.status).toBe(422);
    expect(twice.outcome.issue?.[0]?.expression).toEqual(['Appointment.extension']);
    const second = await refusal(
      create<EpisodeOfCare>({
        resourceType: 'EpisodeOfCare',
        status: 'active',
        patient: { reference: `Patient/${participantId}` },
      }),
    );
    expect(second.status).toBe(422);
    expect(second.outcome.issue?.[0]?.expression).toEqual(['EpisodeOfCare.status']);

    // Closing it: If-Match on the version read, then a stale If-Match is refused with 412.
    const closed = (await client.update({
      resourceType: 'EpisodeOfCare',
      id: episode.id ?? '',
      body: {
        ...episode,
        status: 'finished',
        period: { start: '2026-12-01', end: '2026-12-20' },
        // The portal's state follows: closed (CLOTURE), not invoiced.
        extension: [
          {
            url: portalExtension('checkup-state'),
            valueCoding: { system: portalCodeSystem('etatBilan'), code: 'CLOTURE' },
          },
        ],
      } as never,
      options: { headers: { 'If-Match': 'W/"1"' } },
    })) as unknown as EpisodeOfCare;
    expect(closed.meta?.versionId).toBe('2');
    const stale = await refusal(
      client.update({
        resourceType: 'EpisodeOfCare',
        id: episode.id ?? '',
        body: { ...closed, status: 'finished' } as never,
        options: { headers: { 'If-Match': 'W/"1"' } },
      }),
    );
    expect(stale.status).toBe(412);
    const [after] = await ctx.database.db
      .select({ inProgress: participants.checkupInProgress })
      .from(participants)
      .where(eq(participants.id, participantId));
    expect(after?.inProgress).toBe(false);
  });

  it('books an appointment with a cardiologist, which "my appointments" then lists', async () => {
    const participantId = await participantIdOf(ctx, 'participant.dmc');
    const booked = await create<Appointment>({
      resourceType: 'Appointment',
      status: 'booked',
      description: 'Consultation de cardiologie',
      start: '2026-12-03T14:00:00+01:00',
      end: '2026-12-03T14:30:00+01:00',
      participant: [
        { actor: { reference: `Patient/${participantId}` }, status: 'accepted' },
        {
          type: [{ coding: [{ system: portalCodeSystem('specialite'), code: 'CARDIOLOGUE' }] }],
          actor: { display: 'MARTIN Paul' },
          status: 'accepted',
        },
      ],
    });
    expect(booked.id).toMatch(/^rdv-\d+$/);
    const list = await get(ctx, '/api/participant/rdvs-participant', 'participant.dmc');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Consultation de cardiologie');
    expect(list.body).toContain('MARTIN Paul');
    expect(list.body).toContain('Confirmé');
  });

  it('refuses what the portal cannot hold, naming the element, and writes nothing', async () => {
    const participantId = await participantIdOf(ctx, 'participant.dmc');
    const [other] = await ctx.database.db
      .select()
      .from(checkups)
      .where(eq(checkups.participantId, participantId + 1))
      .limit(1);
    const before = await rowCounts();
    // Each call starts only when its turn comes: a refusal left pending would be an unhandled rejection.
    const cases: [() => Promise<unknown>, number, string][] = [
      [
        () =>
          create<EpisodeOfCare>({
            resourceType: 'EpisodeOfCare',
            status: 'active',
            patient: { reference: 'Patient/99999999' },
          }),
        422,
        'EpisodeOfCare.patient',
      ],
      [
        () =>
          create<EpisodeOfCare>({
            resourceType: 'EpisodeOfCare',
            status: 'planned',
            patient: { reference: `Patient/${participantId}` },
          }),
        422,
        'EpisodeOfCare.status',
      ],
      [
        () =>
          create<EpisodeOfCare>({
            resourceType: 'EpisodeOfCare',
            status: 'finished',
            patient: { reference: `Patient/${participantId}` },
          }),
        422,
        'EpisodeOfCare.period.end',
      ],
      [
        () =>
          create<EpisodeOfCare>({
            resourceType: 'EpisodeOfCare',
            status: 'finished',
            type: [{ coding: [{ system: portalCodeSystem('typeBilan'), code: 'NOPE' }] }],
            patient: { reference: `Patient/${participantId}` },
            period: { end: '2026-01-01' },
          }),
        422,
        'EpisodeOfCare.type[0].coding[0]',
      ],
      [
        () =>
          create(
            visitOf(
              participantId,
              String(other?.id ?? 1),
              '2026-12-01T09:30:00+01:00',
              '2026-12-01T10:00:00+01:00',
            ),
          ),
        422,
        'Appointment.supportingInformation',
      ],
      [
        () =>
          create({
            ...visitOf(participantId, '1', '2026-12-01T09:30:00+01:00', '2026-12-01T09:00:00+01:00'),
          }),
        422,
        'Appointment.end',
      ],
    ];
    for (const [call, status, path] of cases) {
      const refused = await refusal(call());
      expect(refused.status, path).toBe(status);
      expect(refused.outcome.issue?.[0]?.expression, path).toEqual([path]);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('Consent given on paper', () => {
  it('records the medical record refused, then accepted, and the participant’s menu follows', async () => {
    const participantId = await participantIdOf(ctx, 'participant.refus');
    const paper = (status: 'active' | 'rejected', dateTime: string): Consent => ({
      resourceType: 'Consent',
      status,
      scope: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'patient-privacy' }],
      },
      category: [{ coding: [{ system: portalCodeSystem('consent-kind'), code: 'DMC' }] }],
      patient: { reference: `Patient/${participantId}` },
      dateTime,
      policy: [{ uri: 'https://example.org/politiqueProtectionDonnees' }],
    });
    const accepted = await create(paper('active', '2026-11-20T10:00:00+01:00'));
    expect(accepted).toMatchObject({
      id: `dmc-${participantId}`,
      status: 'active',
      dateTime: '2026-11-20T10:00:00+01:00',
    });
    const [row] = await ctx.database.db.select().from(participants).where(eq(participants.id, participantId));
    expect(row?.dmcStatus).toBe('ACCEPTED');
    const principal = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/principal',
      headers: await headersOf(ctx, 'participant.refus'),
      payload: { roleCorrespondant: false },
    });
    expect(principal.json<{ dmcAccepte: boolean }>().dmcAccepte).toBe(true);
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'MEDICAL_RECORD_RECORDED'), eq(auditLog.targetId, String(participantId))),
      );
    expect(audited?.details).toMatchObject({ after: true, at: 'integration' });

    const future = await refusal(create(paper('rejected', '2099-01-01T10:00:00+01:00')));
    expect(future.outcome.issue?.[0]?.expression).toEqual(['Consent.dateTime']);
    const unknownKind = await refusal(
      create({ ...paper('active', '2026-11-20T10:00:00+01:00'), category: [{ text: 'x' }] }),
    );
    expect(unknownKind.outcome.issue?.[0]?.expression).toEqual(['Consent.category']);
  });
});
