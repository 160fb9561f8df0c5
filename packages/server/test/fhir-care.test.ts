import type {
  Appointment,
  AuditEvent,
  Bundle,
  Consent,
  EpisodeOfCare,
  OperationOutcome,
} from '@medplum/fhirtypes';
import { FHIR_BASE_PATH, PORTAL_ID_SYSTEM } from '@portail/contract/integration/fhir';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, checkups, documents, participants, visits } from '../src/db/schema';
import { checkAgainstDefinitions } from '../src/features/integration/fhir-definitions';
import { accountOf, get, participantIdOf } from './documents-fixtures';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19: check-ups, visits and appointments, consents and document access as EpisodeOfCare,
 * Appointment, Consent and AuditEvent, read over HTTP by a FHIR client no one here wrote.
 */
let ctx: TestContext;
let client: Client;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 40, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}${FHIR_BASE_PATH}`;
  const reader = await systemClient(
    ctx,
    'system/EpisodeOfCare.rs system/Appointment.rs system/Consent.rs system/AuditEvent.rs',
  );
  client = new Client({ baseUrl, bearerToken: await reader.token() });
}, 60_000);
afterAll(async () => ctx.close());

const read = async <T>(resourceType: string, id: string | number) =>
  (await client.read({ resourceType, id: String(id) })) as unknown as T;
const search = async (resourceType: string, searchParams: Record<string, string>) =>
  (await client.search({ resourceType, searchParams })) as unknown as Bundle;
const resourcesOf = <T>(bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource as T);

async function refusal(call: Promise<unknown>): Promise<{ status: number; outcome: OperationOutcome }> {
  try {
    await call;
  } catch (error) {
    const { response } = error as { response: { status: number; data: OperationOutcome } };
    return { status: response.status, outcome: response.data };
  }
  throw new Error('the call was not refused');
}

async function checkupIn(state: 'IN_PROGRESS' | 'CLOSED' | 'INVOICED') {
  const [row] = await ctx.database.db
    .select()
    .from(checkups)
    .where(eq(checkups.state, state))
    .orderBy(asc(checkups.id))
    .limit(1);
  if (!row) throw new Error(`no check-up ${state}`);
  return row;
}

describe('CapabilityStatement', () => {
  it('lists the four resources with their interactions and search parameters', async () => {
    const statement = (await client.capabilityStatement()) as unknown as {
      rest: {
        resource: { type: string; interaction: { code: string }[]; searchParam: { name: string }[] }[];
      }[];
    };
    const byType = new Map(statement.rest[0]?.resource.map((resource) => [resource.type, resource]));
    const names = (type: string) => byType.get(type)?.searchParam.map((param) => param.name);
    expect(names('EpisodeOfCare')).toEqual(['_id', 'identifier', 'patient', 'status', '_lastUpdated']);
    expect(names('Appointment')).toEqual(['_id', 'identifier', 'patient', 'date', 'status', '_lastUpdated']);
    expect(names('Consent')).toEqual(['_id', 'patient', '_lastUpdated']);
    expect(names('AuditEvent')).toEqual(['_id', 'patient', 'date']);
    expect(byType.get('AuditEvent')?.interaction.map((interaction) => interaction.code)).toEqual([
      'read',
      'vread',
      'search-type',
    ]);
  });
});

describe('EpisodeOfCare', () => {
  it.each([
    ['IN_PROGRESS', 'active', 'EN_COURS'],
    ['CLOSED', 'finished', 'CLOTURE'],
    ['INVOICED', 'finished', 'FACTURE'],
  ] as const)(
    'reads a check-up %s as a valid R4 EpisodeOfCare (%s, portal state %s)',
    async (state, status, code) => {
      const row = await checkupIn(state);
      const episode = await read<EpisodeOfCare>('EpisodeOfCare', row.id);
      expect(checkAgainstDefinitions(episode)).toEqual([]);
      expect(episode).toMatchObject({
        id: String(row.id),
        status,
        identifier: [{ system: PORTAL_ID_SYSTEM.checkup, value: String(row.id) }],
        patient: { reference: `Patient/${row.participantId}` },
        managingOrganization: { reference: `Organization/etab-${row.establishmentId}` },
        meta: { versionId: String(row.version) },
      });
      expect(episode.extension?.[0]?.valueCoding).toMatchObject({ code });
      expect(episode.period?.start).toBe(row.firstAppointmentDate ?? undefined);
      expect(episode.period?.end).toBe(row.closingDate ?? undefined);
      const billing = episode.extension?.find((entry) => entry.url.endsWith('/billing-date'));
      expect(billing?.valueDate).toBe(row.billingDate ?? undefined);
      if (row.checkupTypeId !== null) expect(episode.type?.[0]?.coding?.[0]?.system).toMatch(/typeBilan$/);
    },
  );

  it('searches a participant’s check-ups by status and identifier, and follows a change with a new version', async () => {
    const row = await checkupIn('CLOSED');
    const mine = await ctx.database.db
      .select()
      .from(checkups)
      .where(eq(checkups.participantId, row.participantId));
    const all = await search('EpisodeOfCare', { patient: `Patient/${row.participantId}` });
    expect(all.total).toBe(mine.length);
    const finished = await search('EpisodeOfCare', {
      patient: String(row.participantId),
      status: 'finished',
    });
    expect(resourcesOf<EpisodeOfCare>(finished).map((episode) => episode.status)).not.toContain('active');
    expect(finished.total).toBe(mine.filter((checkup) => checkup.state !== 'IN_PROGRESS').length);
    const byIdentifier = await search('EpisodeOfCare', {
      identifier: `${PORTAL_ID_SYSTEM.checkup}|${row.id}`,
    });
    expect(resourcesOf<EpisodeOfCare>(byIdentifier).map((episode) => episode.id)).toEqual([String(row.id)]);

    const since = new Date().toISOString();
    await ctx.database.db
      .update(checkups)
      .set({ state: 'INVOICED', billingDate: '2026-01-15' })
      .where(eq(checkups.id, row.id));
    const changed = await search('EpisodeOfCare', { _lastUpdated: `ge${since}` });
    const episode = resourcesOf<EpisodeOfCare>(changed).find((entry) => entry.id === String(row.id));
    expect(episode?.meta?.versionId).toBe(String(row.version + 1));
    expect(episode?.extension?.find((entry) => entry.url.endsWith('/billing-date'))?.valueDate).toBe(
      '2026-01-15',
    );
  });

  it('refuses an unknown status or a bad patient with the parameter named, and answers 404 for an unknown id', async () => {
    const status = await refusal(search('EpisodeOfCare', { status: 'planned' }));
    expect(status.status).toBe(400);
    expect(status.outcome.issue?.[0]?.expression).toEqual(['status']);
    const patient = await refusal(search('EpisodeOfCare', { patient: 'Organization/etab-1' }));
    expect(patient.outcome.issue?.[0]?.expression).toEqual(['patient']);
    expect((await refusal(read('EpisodeOfCare', 99_999_999))).status).toBe(404);
    expect((await refusal(read('EpisodeOfCare', 'etab-1'))).status).toBe(404);
  });
});

describe('Appointment', () => {
  it('reads a visit with its state label and colour, its times with the Paris offset, linked to its check-up', async () => {
    const [row] = await ctx.database.db.select().from(visits).where(isNotNull(visits.startsAt)).limit(1);
    if (!row?.startsAt) throw new Error('no planned visit');
    const appointment = await read<Appointment>('Appointment', `vis-${row.id}`);
    expect(checkAgainstDefinitions(appointment)).toEqual([]);
    expect(appointment.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(new Date(appointment.start ?? '').getTime()).toBe(row.startsAt.getTime());
    expect(new Date(appointment.end ?? '').getTime()).toBe(row.endsAt?.getTime());
    expect(appointment.description).toBe(row.typeLabel);
    expect(appointment.supportingInformation).toEqual([{ reference: `EpisodeOfCare/${row.checkupId}` }]);
    expect(appointment.participant?.[0]?.actor?.reference).toBe(`Patient/${row.participantId}`);
    const state = appointment.extension?.find((entry) => entry.url.endsWith('/appointment-state'));
    expect(state?.extension).toEqual(
      expect.arrayContaining([
        { url: 'label', valueString: row.stateLabel },
        { url: 'colour', valueString: row.stateColour },
      ]),
    );
    expect(appointment.status).toBe(row.startsAt < new Date() ? 'fulfilled' : 'booked');
  });

  it('reads a visit still to plan as proposed, without times', async () => {
    const [row] = await ctx.database.db.select().from(visits).where(eq(visits.visitOrder, 3)).limit(1);
    if (!row) throw new Error('no third visit');
    await ctx.database.db
      .update(visits)
      .set({ startsAt: null, endsAt: null, stateLabel: 'À planifier' })
      .where(eq(visits.id, row.id));
    const appointment = await read<Appointment>('Appointment', `vis-${row.id}`);
    expect(checkAgainstDefinitions(appointment)).toEqual([]);
    expect(appointment.status).toBe('proposed');
    expect(appointment.start).toBeUndefined();
    const proposed = await search('Appointment', {
      patient: String(row.participantId),
      status: 'proposed',
    });
    expect(resourcesOf<Appointment>(proposed).map((entry) => entry.id)).toContain(`vis-${row.id}`);
  });

  it('reads a booking with its physicians as participants and links it to its visit', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(appointments)
      .where(and(isNotNull(appointments.cardiologist), isNotNull(appointments.visitId)))
      .limit(1);
    if (!row) throw new Error('no booking with a cardiologist');
    const appointment = await read<Appointment>('Appointment', `rdv-${row.id}`);
    expect(checkAgainstDefinitions(appointment)).toEqual([]);
    expect(appointment.participant).toContainEqual(
      expect.objectContaining({ actor: { display: row.cardiologist } }),
    );
    expect(appointment.supportingInformation?.[0]).toEqual({ reference: `Appointment/vis-${row.visitId}` });
    expect(appointment.identifier).toEqual([{ system: PORTAL_ID_SYSTEM.appointment, value: String(row.id) }]);
  });

  it('searches a participant’s visits and bookings of a day (Paris calendar day) and by status', async () => {
    const [row] = await ctx.database.db.select().from(appointments).limit(1);
    if (!row) throw new Error('no booking');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(row.startsAt);
    const found = await search('Appointment', {
      patient: `Patient/${row.participantId}`,
      date: day,
    });
    const ids = resourcesOf<Appointment>(found).map((entry) => entry.id);
    expect(ids).toContain(`rdv-${row.id}`);
    if (row.visitId !== null) expect(ids).toContain(`vis-${row.visitId}`);
    for (const entry of resourcesOf<Appointment>(found))
      expect(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(entry.start ?? '')),
      ).toBe(day);

    const all = await search('Appointment', {
      patient: String(row.participantId),
      _count: '200',
    });
    const proposed = await search('Appointment', {
      patient: String(row.participantId),
      status: 'proposed,booked',
    });
    expect(proposed.total).toBe(
      resourcesOf<Appointment>(all).filter((entry) => ['proposed', 'booked'].includes(entry.status ?? ''))
        .length,
    );
  });

  it('gives a booking a new version when the back office changes it', async () => {
    const [row] = await ctx.database.db.select().from(appointments).limit(1);
    if (!row) throw new Error('no booking');
    await ctx.database.db
      .update(appointments)
      .set({ status: 'Annulé', statusEn: 'Cancelled' })
      .where(eq(appointments.id, row.id));
    const appointment = await read<Appointment>('Appointment', `rdv-${row.id}`);
    expect(appointment.meta?.versionId).toBe(String(row.version + 1));
    expect(appointment.status).toBe('cancelled');
  });

  it('refuses a bad date or id with the parameter named', async () => {
    for (const [name, value] of [
      ['date', '2026-02-30'],
      ['date', 'soon'],
      ['_id', '12'],
      ['status', 'arrived'],
    ]) {
      const refused = await refusal(search('Appointment', { [name as string]: value as string }));
      expect(refused.status, `${name}=${value}`).toBe(400);
      expect(refused.outcome.issue?.[0]?.expression).toEqual([name]);
    }
    expect((await refusal(read('Appointment', '12'))).status).toBe(404);
  });
});

describe('Consent', () => {
  it('shows the medical record accepted, then refused, with the instant of the answer', async () => {
    const participantId = await participantIdOf(ctx, 'participant.dmc');
    const consent = await read<Consent>('Consent', `dmc-${participantId}`);
    expect(checkAgainstDefinitions(consent)).toEqual([]);
    expect(consent).toMatchObject({
      status: 'active',
      patient: { reference: `Patient/${participantId}` },
      scope: { coding: [{ code: 'patient-privacy' }] },
      provision: { type: 'permit' },
    });
    expect(consent.policy?.[0]?.uri).toMatch(/\/politiqueProtectionDonnees$/);

    const before = Date.now();
    await ctx.database.db
      .update(participants)
      .set({ dmcStatus: 'REFUSED' })
      .where(eq(participants.id, participantId));
    const refused = await read<Consent>('Consent', `dmc-${participantId}`);
    expect(refused.status).toBe('rejected');
    expect(refused.provision?.type).toBe('deny');
    expect(new Date(refused.dateTime ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    await ctx.database.db
      .update(participants)
      .set({ dmcStatus: 'ACCEPTED' })
      .where(eq(participants.id, participantId));
  });

  it('has no consent for a question never answered, and a withdrawal consent once answered', async () => {
    const participantId = await participantIdOf(ctx, 'participant.sansdmc');
    await ctx.database.db
      .update(participants)
      .set({ withdrawalAgreement: false, withdrawalAgreementAt: null })
      .where(eq(participants.id, participantId));
    expect((await refusal(read('Consent', `dmc-${participantId}`))).status).toBe(404);
    expect((await refusal(read('Consent', `retr-${participantId}`))).status).toBe(404);
    expect((await search('Consent', { patient: `Patient/${participantId}` })).total).toBe(0);

    await ctx.database.db
      .update(participants)
      .set({ withdrawalAgreement: true })
      .where(eq(participants.id, participantId));
    const found = await search('Consent', { patient: `Patient/${participantId}` });
    const [withdrawal] = resourcesOf<Consent>(found);
    expect(found.total).toBe(1);
    expect(checkAgainstDefinitions(withdrawal as Consent)).toEqual([]);
    expect(withdrawal).toMatchObject({
      id: `retr-${participantId}`,
      status: 'active',
      scope: { coding: [{ code: 'treatment' }] },
    });
  });

  it('refuses an id that is no consent of the portal', async () => {
    const refused = await refusal(search('Consent', { _id: 'x-1' }));
    expect(refused.outcome.issue?.[0]?.expression).toEqual(['_id']);
    expect((await refusal(read('Consent', 'dmc-abc'))).status).toBe(404);
  });
});

describe('AuditEvent', () => {
  it('answers "who opened this participant’s results?" after the participant views and downloads a document', async () => {
    const participantId = await participantIdOf(ctx, 'participant.dmc');
    const { userId } = await accountOf(ctx, 'participant.dmc');
    const [doc] = await ctx.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.participantId, participantId), eq(documents.active, true)))
      .limit(1);
    if (!doc) throw new Error('no document');
    const since = new Date(Date.now() - 1000).toISOString();
    expect((await get(ctx, `/api/document/${doc.id}/`)).statusCode).toBe(200);
    expect(
      (await get(ctx, `/api/document/${doc.id}/`, 'participant.dmc', 'participant', { usage: 'download' }))
        .statusCode,
    ).toBe(200);

    const found = await search('AuditEvent', {
      patient: `Patient/${participantId}`,
      date: `ge${since}`,
    });
    const events = resourcesOf<AuditEvent>(found);
    expect(events).toHaveLength(2);
    for (const event of events) expect(checkAgainstDefinitions(event)).toEqual([]);
    const [viewed, downloaded] = events;
    expect(viewed?.type.code).toBe('rest');
    expect(viewed?.subtype?.[0]?.code).toBe('read');
    expect(downloaded?.type.code).toBe('110106');
    expect(viewed?.agent[0]?.who).toMatchObject({ reference: `Patient/${participantId}` });
    expect(viewed?.agent[0]?.who?.display).toMatch(/\(participant\)$/);
    expect(viewed?.entity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ what: { reference: `DocumentReference/${doc.id}`, display: doc.name } }),
        expect.objectContaining({ what: { reference: `Patient/${participantId}` } }),
      ]),
    );
    expect(JSON.stringify(events)).not.toMatch(/password|token/i);
    const again = await read<AuditEvent>('AuditEvent', viewed?.id ?? '');
    expect(again).toEqual(viewed);
    expect(userId).toBeGreaterThan(0);
  });

  it('does not serve other audit rows (sign-ins) as AuditEvents', async () => {
    const { userId } = await accountOf(ctx, 'participant.dmc');
    const [signIn] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'SIGN_IN')))
      .limit(1);
    if (!signIn) throw new Error('no sign-in audited');
    expect((await refusal(read('AuditEvent', signIn.id))).status).toBe(404);
    const refused = await refusal(search('AuditEvent', { date: 'yesterday' }));
    expect(refused.outcome.issue?.[0]?.expression).toEqual(['date']);
  });
});
