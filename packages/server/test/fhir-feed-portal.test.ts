import type {
  Appointment,
  Bundle,
  BundleEntry,
  CapabilityStatement,
  Consent,
  DocumentReference,
  EpisodeOfCare,
  Patient,
} from '@medplum/fhirtypes';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { and, asc, eq } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adviceSheets,
  appointments,
  checkups,
  documents,
  participants,
  users,
  visits,
} from '../src/db/schema';
import { checkAgainstDefinitions } from '../src/features/integration/fhir-definitions';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';
import { act, establishmentOf, MAIN, newParticipant, OTHER, requestTransfer } from './mutations-fixtures';
import { headersOf } from './participants-fixtures';

/**
 * Issue 19, "back out to the centre": each change a person makes on the portal, through the portal's
 * own routes as the screens call them, is in the change feed as the resource it changes (Patient or
 * Consent), read back by a client no one here wrote (fhir-kit-client). And what the back office's
 * tables hold (check-ups, visits, bookings, documents) is in the feed too, but not a participant
 * merely opening a document.
 */
let ctx: TestContext;
let client: Client;

const FEED_TYPES = ['Patient', 'Consent', 'EpisodeOfCare', 'Appointment', 'DocumentReference'];

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 40, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const reader = await systemClient(ctx, FEED_TYPES.map((type) => `system/${type}.rs`).join(' '));
  client = new Client({
    baseUrl: `http://127.0.0.1:${port}${FHIR_BASE_PATH}`,
    bearerToken: await reader.token(),
  });
}, 60_000);
afterAll(async () => ctx.close());

/** fhir-kit-client types its replies as any resource; these calls answer Bundles. */
const asBundle = (reply: unknown) => reply as Bundle;

/** The feed (system level) from `since`, one page of up to 1000 entries, and its next `_since`. */
async function feedSince(since: string | null): Promise<{ entries: BundleEntry[]; next: string }> {
  const query = `${since ? `_since=${encodeURIComponent(since)}&` : ''}_count=1000`;
  const bundle = asBundle(await client.request(`_history?${query}`));
  expect(bundle.link?.some((link) => link.relation === 'next')).toBe(false);
  expect(checkAgainstDefinitions(bundle)).toEqual([]);
  const next = bundle.meta?.lastUpdated;
  if (!next) throw new Error('the feed gave no next _since');
  return { entries: bundle.entry ?? [], next };
}

/** `Type/id method` of each entry: what a reader of the feed learns at a glance. */
const summary = (entries: BundleEntry[]) =>
  entries.map((entry) => `${entry.fullUrl?.split('/').slice(-2).join('/')} ${entry.request?.method}`);

const resourceOf = <R>(entries: BundleEntry[], reference: string): R => {
  const entry = entries.find((each) => each.fullUrl?.endsWith(`/${reference}`));
  if (!entry?.resource) throw new Error(`${reference} is not in the page`);
  return entry.resource as R;
};

const extension = (patient: Patient, name: string) =>
  patient.extension?.find((each) => each.url.endsWith(`/${name}`));

/** Runs a portal action and gives what the feed lists after it. */
async function afterAction(action: () => Promise<{ statusCode: number; body: string }>) {
  const { next: since } = await feedSince(null);
  const reply = await action();
  expect(reply.statusCode, reply.body).toBe(200);
  return (await feedSince(since)).entries;
}

async function participantCall(login: string, url: string, payload?: unknown) {
  const headers = await headersOf(ctx, login, 'participant');
  if (payload === undefined) return ctx.app.inject({ method: 'POST', url, headers });
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function participantIdOf(login: string): Promise<number> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!user?.participantId) throw new Error(`no participant account ${login}`);
  return user.participantId;
}

describe('a transfer in the feed (the participants row carries it)', () => {
  it('requested, cancelled, requested again and accepted: the Patient each time, its organisation at the end', async () => {
    const main = await establishmentOf(ctx, MAIN);
    const other = await establishmentOf(ctx, OTHER);
    const id = await newParticipant(ctx);

    let transfer = 0;
    const requested = await afterAction(async () => {
      transfer = await requestTransfer(ctx, id, other);
      return { statusCode: 200, body: '' };
    });
    expect(summary(requested)).toEqual([`Patient/${id} PUT`]);
    const pending = resourceOf<Patient>(requested, `Patient/${id}`);
    expect(extension(pending, 'transfer-in-progress')?.valueBoolean).toBe(true);
    expect(pending.managingOrganization?.reference).toBe(`Organization/etab-${main}`);

    const cancelled = await afterAction(() => act(ctx, transfer, 'annuler', MAIN));
    expect(summary(cancelled)).toEqual([`Patient/${id} PUT`]);
    expect(
      extension(resourceOf<Patient>(cancelled, `Patient/${id}`), 'transfer-in-progress')?.valueBoolean,
    ).toBe(false);

    transfer = await requestTransfer(ctx, id, other);
    const accepted = await afterAction(() => act(ctx, transfer, 'accepter', OTHER));
    expect(summary(accepted)).toEqual([`Patient/${id} PUT`]);
    const moved = resourceOf<Patient>(accepted, `Patient/${id}`);
    expect(extension(moved, 'transfer-in-progress')?.valueBoolean).toBe(false);
    expect(moved.managingOrganization?.reference).toBe(`Organization/etab-${other}`);
  });
});

describe("a participant's answers from the home screen", () => {
  it('the online medical record accepted then refused is Consent dmc-N, created then changed', async () => {
    const id = await participantIdOf('participant.sansdmc');
    const accepted = await afterAction(() => participantCall('participant.sansdmc', '/api/re-activate-dmc'));
    expect(summary(accepted).sort()).toEqual([`Consent/dmc-${id} POST`, `Patient/${id} PUT`]);
    const consent = resourceOf<Consent>(accepted, `Consent/dmc-${id}`);
    expect(consent.status).toBe('active');
    expect(consent.provision?.type).toBe('permit');

    const refused = await afterAction(() => participantCall('participant.sansdmc', '/api/withdraw-dmc'));
    expect(summary(refused).sort()).toEqual([`Consent/dmc-${id} PUT`, `Patient/${id} PUT`]);
    expect(resourceOf<Consent>(refused, `Consent/dmc-${id}`)).toMatchObject({
      status: 'rejected',
      provision: { type: 'deny' },
    });
  });

  it('the withdrawal consent given then taken back is Consent retr-N', async () => {
    const id = await participantIdOf('participant.dmc');
    const [before] = await ctx.database.db
      .select({ at: participants.withdrawalAgreementAt })
      .from(participants)
      .where(eq(participants.id, id));
    const given = await afterAction(() =>
      participantCall('participant.dmc', '/api/adherents/accordDesistement', true),
    );
    // A first answer creates the consent; one the demo data already holds changes it.
    expect(summary(given).sort()).toEqual([
      `Consent/retr-${id} ${before?.at ? 'PUT' : 'POST'}`,
      `Patient/${id} PUT`,
    ]);
    expect(resourceOf<Consent>(given, `Consent/retr-${id}`).provision?.type).toBe('permit');
    const takenBack = await afterAction(() =>
      participantCall('participant.dmc', '/api/adherents/accordDesistement', false),
    );
    expect(summary(takenBack).sort()).toEqual([`Consent/retr-${id} PUT`, `Patient/${id} PUT`]);
    expect(resourceOf<Consent>(takenBack, `Consent/retr-${id}`).status).toBe('rejected');
  });

  it('the last mammogram date is the Patient alone: no Consent when the consent columns do not change', async () => {
    const id = await participantIdOf('participant.dmc');
    const entries = await afterAction(() =>
      participantCall('participant.dmc', '/api/adherents/dateMammo', { date: '2025-03-04' }),
    );
    expect(summary(entries)).toEqual([`Patient/${id} PUT`]);
    expect(extension(resourceOf<Patient>(entries, `Patient/${id}`), 'last-mammogram-date')?.valueDate).toBe(
      '2025-03-04',
    );
  });
});

describe("the back office's resources", () => {
  it('a check-up, a visit, a booking, a document and an advice sheet changed are each their resource', async () => {
    const db = ctx.database.db;
    const id = await participantIdOf('participant.dmc');
    const [checkup] = await db.select().from(checkups).where(eq(checkups.participantId, id)).limit(1);
    const [visit] = await db.select().from(visits).where(eq(visits.participantId, id)).limit(1);
    const [booking] = await db.select().from(appointments).orderBy(asc(appointments.id)).limit(1);
    const [document] = await db.select().from(documents).where(eq(documents.participantId, id)).limit(1);
    const [sheet] = await db.select().from(adviceSheets).limit(1);
    if (!checkup || !visit || !booking || !document || !sheet) throw new Error('demo data missing');
    const { next: since } = await feedSince(null);
    await db.update(checkups).set({ firstAppointmentDate: '2026-01-02' }).where(eq(checkups.id, checkup.id));
    await db.update(visits).set({ stateLabel: 'Confirmé' }).where(eq(visits.id, visit.id));
    await db.update(appointments).set({ status: 'Confirmé' }).where(eq(appointments.id, booking.id));
    await db.update(documents).set({ label: 'Bilan sanguin' }).where(eq(documents.id, document.id));
    await db
      .update(adviceSheets)
      .set({ name: `${sheet.name} (2026)` })
      .where(eq(adviceSheets.id, sheet.id));
    const { entries } = await feedSince(since);
    expect(summary(entries)).toEqual([
      `EpisodeOfCare/${checkup.id} PUT`,
      `Appointment/vis-${visit.id} PUT`,
      `Appointment/rdv-${booking.id} PUT`,
      `DocumentReference/${document.id} PUT`,
      `DocumentReference/fiche-${sheet.id} PUT`,
    ]);
    expect(resourceOf<EpisodeOfCare>(entries, `EpisodeOfCare/${checkup.id}`).resourceType).toBe(
      'EpisodeOfCare',
    );
    expect(resourceOf<Appointment>(entries, `Appointment/rdv-${booking.id}`).id).toBe(`rdv-${booking.id}`);
    const changed = resourceOf<DocumentReference>(entries, `DocumentReference/${document.id}`);
    expect(entries[3]?.response?.etag).toBe(`W/"${changed.meta?.versionId}"`);
    expect(Number(changed.meta?.versionId)).toBe(document.version + 1);
  });

  it('a participant opening a document is no change: nothing in the feed', async () => {
    const db = ctx.database.db;
    const id = await participantIdOf('participant.dmc');
    const [document] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.participantId, id), eq(documents.active, true)))
      .limit(1);
    if (!document) throw new Error('participant.dmc has no document');
    await db.update(documents).set({ unread: true }).where(eq(documents.id, document.id));
    const { next: since } = await feedSince(null);
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/document/${document.id}/`,
      headers: await headersOf(ctx, 'participant.dmc', 'participant'),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [after] = await db.select().from(documents).where(eq(documents.id, document.id));
    expect(after?.unread).toBe(false);
    expect((await feedSince(since)).entries).toEqual([]);
  });

  it('lists the types of the feed in the CapabilityStatement with history-type', async () => {
    const statement: unknown = await client.capabilityStatement();
    const { rest } = statement as CapabilityStatement;
    const withHistory = (rest?.[0]?.resource ?? [])
      .filter((resource) => resource.interaction?.some((each) => each.code === 'history-type'))
      .map((resource) => resource.type)
      .sort();
    expect(withHistory).toEqual([...FEED_TYPES, 'Organization', 'Person'].sort());
  });
});
