import type { Bundle, BundleEntry, OperationOutcome, Patient } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { participant, participantCreatedReply } from '@portail/contract/schemas/participants';
import { eq, sql } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { establishments, participants } from '../src/db/schema';
import { checkAgainstDefinitions } from '../src/features/integration/fhir-definitions';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';
import { headersOf, updateFormOf, validForm } from './participants-fixtures';

/**
 * Issue 19, "back out to the centre": what people change on the portal, read back as FHIR history
 * (`_history?_since=`) by a client no one here wrote (fhir-kit-client), over HTTP.
 */
let ctx: TestContext;
let client: Client;
let baseUrl: string;
type NextPageBundle = Parameters<Client['nextPage']>[0]['bundle'];

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 40, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}${FHIR_BASE_PATH}`;
  const reader = await systemClient(ctx, 'system/Patient.rs system/Organization.rs');
  client = new Client({ baseUrl, bearerToken: await reader.token() });
}, 60_000);
afterAll(async () => ctx.close());

/** fhir-kit-client types its replies as any resource; these calls answer Bundles. */
const asBundle = (reply: unknown) => reply as Bundle;
const get = async (path: string) => asBundle(await client.request(path));

/** The connection string of this file's PostgreSQL database (drizzle keeps its pool as `$client`). */
const databaseUrl = () =>
  (ctx.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;

/** Reads the feed from `since` to its end through the `next` links; the entries and the next `_since`. */
async function readToEnd(path: string, since: string | null, count = 50) {
  let bundle = await get(`${path}?${since ? `_since=${encodeURIComponent(since)}&` : ''}_count=${count}`);
  const entries: BundleEntry[] = [...(bundle.entry ?? [])];
  let pages = 1;
  while (bundle.link?.some((link) => link.relation === 'next')) {
    bundle = asBundle(await client.nextPage({ bundle: bundle as unknown as NextPageBundle }));
    entries.push(...(bundle.entry ?? []));
    pages++;
  }
  return { entries, next: bundle.meta?.lastUpdated ?? null, pages, last: bundle };
}

/** The end of the feed now: what a client that has read everything stores. */
const endOfFeed = async (path = 'Patient/_history') => (await readToEnd(path, null, 1000)).next;

async function portal(method: 'POST' | 'PUT', url: string, payload: unknown) {
  const reply = await ctx.app.inject({
    method,
    url,
    headers: await headersOf(ctx, 'corr.etablissement'),
    payload: payload as Record<string, unknown>,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply;
}

async function aReason(): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    ctx.database.db,
    sql`select id from enum_items where namespace = 'motifmouvement' and active limit 1`,
  );
  if (!row) throw new Error('no termination reason in the demo data');
  return row.id;
}

describe('Patient/_history', () => {
  it('gives a participant created, edited, terminated and re-admitted on the portal, each time as it is now', async () => {
    const since = await endOfFeed();
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

    const created = participantCreatedReply.parse(
      (await portal('PUT', '/api/adherentsCorrespondant/detail', validForm())).json(),
    );
    const id = String(created.idParticipant);
    const afterCreate = await readToEnd('Patient/_history', since);
    expect(afterCreate.entries.map((entry) => entry.request?.method)).toEqual(['POST']);
    const [first] = afterCreate.entries;
    expect(first?.request?.url).toBe('Patient');
    expect(first?.fullUrl).toBe(`${baseUrl}/Patient/${id}`);
    expect((first?.resource as Patient | undefined)?.id).toBe(id);
    expect(first?.response?.status).toBe('201');
    expect(first?.response?.lastModified).toMatch(/\.\d{6}Z$/);
    expect(checkAgainstDefinitions(afterCreate.last)).toEqual([]);

    const detail = participant.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/adherents/${id}`,
          headers: await headersOf(ctx, 'corr.etablissement'),
        })
      ).json(),
    );
    await portal('POST', '/api/adherentsCorrespondant/detail', {
      ...updateFormOf(detail),
      telephonePortable: '06 99 88 77 66',
    });
    const edited = await readToEnd('Patient/_history', afterCreate.next);
    expect(edited.entries.map((entry) => [entry.request?.method, entry.request?.url])).toEqual([
      ['PUT', `Patient/${id}`],
    ]);
    const editedPatient = edited.entries[0]?.resource as Patient;
    expect(editedPatient.telecom?.find((t) => t.use === 'mobile')?.value).toBe('06 99 88 77 66');
    expect(edited.entries[0]?.response?.etag).toBe(`W/"${editedPatient.meta?.versionId}"`);

    await portal('POST', `/api/adherents/${id}/resilier`, { motifMouvement: await aReason() });
    const terminated = await readToEnd('Patient/_history', edited.next);
    expect(terminated.entries.map((entry) => (entry.resource as Patient).active)).toEqual([false]);

    await portal('POST', `/api/adherents/${id}/adherer`, {});
    const readmitted = await readToEnd('Patient/_history', terminated.next);
    expect(readmitted.entries.map((entry) => (entry.resource as Patient).active)).toEqual([true]);

    // Read from the first point, the four changes come once each, in order, the resource as it is now.
    const all = await readToEnd('Patient/_history', since, 1);
    expect(all.pages).toBe(4);
    expect(all.entries.map((entry) => entry.request?.method)).toEqual(['POST', 'PUT', 'PUT', 'PUT']);
    const instants = all.entries.map((entry) => entry.response?.lastModified ?? '');
    expect([...instants].sort()).toEqual(instants);
    expect(new Set(instants).size).toBe(4);
    expect(all.next).toBe(readmitted.next);
  });

  it('collapses one resource changed twice within a page into one entry, and a later _since gives nothing', async () => {
    const since = await endOfFeed();
    const [row] = await ctx.database.db.select().from(participants).orderBy(participants.id).limit(1);
    if (!row) throw new Error('no participant');
    await ctx.database.db
      .update(participants)
      .set({ lastMammogramDate: '2026-01-05' })
      .where(eq(participants.id, row.id));
    await ctx.database.db
      .update(participants)
      .set({ lastMammogramDate: '2026-02-06' })
      .where(eq(participants.id, row.id));
    const page = await readToEnd('Patient/_history', since);
    expect(page.entries).toHaveLength(1);
    const patient = page.entries[0]?.resource as Patient;
    expect(patient.extension?.find((e) => e.url.endsWith('last-mammogram-date'))?.valueDate).toBe(
      '2026-02-06',
    );
    expect((await readToEnd('Patient/_history', page.next)).entries).toEqual([]);
  });

  it('pages with _count through next links, in the order of the changes', async () => {
    const since = await endOfFeed();
    const rows = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .orderBy(participants.id)
      .limit(5);
    for (const row of rows.reverse())
      await ctx.database.db
        .update(participants)
        .set({ profession: 'Pilote' })
        .where(eq(participants.id, row.id));
    const { entries, pages } = await readToEnd('Patient/_history', since, 2);
    expect(pages).toBe(3);
    expect(entries.map((entry) => (entry.resource as Patient).id)).toEqual(rows.map((row) => String(row.id)));
  });
});

describe('_history (system level) and Organization/_history', () => {
  it('gives an establishment changed on the portal as an Organization, with fhir-kit-client history()', async () => {
    const since = await endOfFeed('_history');
    const [etab] = await ctx.database.db.select().from(establishments).limit(1);
    if (!etab) throw new Error('no establishment');
    await ctx.database.db
      .update(establishments)
      .set({ name: `${etab.name} (renamed)` })
      .where(eq(establishments.id, etab.id));
    const system = await readToEnd('_history', since);
    expect(system.entries.map((entry) => entry.request?.url)).toEqual([`Organization/etab-${etab.id}`]);
    const typed = asBundle(await client.history({ resourceType: 'Organization' }));
    expect(typed.type).toBe('history');
    expect(checkAgainstDefinitions(typed)).toEqual([]);
    const systemWide = asBundle(await client.history());
    expect(systemWide.entry?.length).toBe(50);
  });

  it('lists only the types the token may read in the system-level feed', async () => {
    const patientsOnly = await systemClient(ctx, 'system/Patient.s');
    const narrow = new Client({ baseUrl, bearerToken: await patientsOnly.token() });
    const bundle = asBundle(await narrow.request('_history?_count=1000'));
    expect(new Set(bundle.entry?.map((entry) => entry.request?.url?.split('/')[0]))).toEqual(
      new Set(['Patient']),
    );
    const refused = await narrow
      .request('Organization/_history')
      .catch((error: { response: { status: number } }) => error.response.status);
    expect(refused).toBe(403);
  });

  it('refuses a malformed _since and unknown parameters with an OperationOutcome naming them', async () => {
    for (const [query, expression] of [
      ['_since=yesterday', '_since'],
      ['_since=2026-11-25T10:00', '_since'],
      ['_at=2026-01-01', '_at'],
      ['_count=-1', '_count'],
    ] as const) {
      const outcome = await client
        .request(`Patient/_history?${query}`)
        .catch((error: { response: { status: number; data: OperationOutcome } }) => error.response);
      expect((outcome as { status: number }).status, query).toBe(400);
      expect((outcome as { data: OperationOutcome }).data.issue[0]?.expression, query).toEqual([expression]);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a transaction that commits late (PostgreSQL; PGlite has one connection)',
  () => {
    it('is not missed by a poller that read past its start', async () => {
      const since = await endOfFeed();
      const [a, b] = await ctx.database.db
        .select({ id: participants.id })
        .from(participants)
        .orderBy(participants.id)
        .limit(2);
      if (!a || !b) throw new Error('two participants expected');
      // The same database as the app's, on a connection of its own: the long transaction.
      const url = databaseUrl();
      const slow = new pg.Client({ connectionString: url });
      await slow.connect();
      try {
        await slow.query('begin');
        await slow.query(`update participants set profession = 'Lente' where id = $1`, [a.id]);
        // Meanwhile another transaction commits, and the poller reads it and moves on.
        await ctx.database.db
          .update(participants)
          .set({ profession: 'Rapide' })
          .where(eq(participants.id, b.id));
        const early = await readToEnd('Patient/_history', since);
        expect(early.entries.map((entry) => (entry.resource as Patient).id)).toEqual([String(b.id)]);
        // The slow transaction's change, made before the poller read, commits after it.
        await slow.query('commit');
        const late = await readToEnd('Patient/_history', early.next);
        expect(late.entries.map((entry) => (entry.resource as Patient).id)).toEqual([String(a.id)]);
        expect(
          late.entries[0]?.response?.lastModified &&
            early.next &&
            late.entries[0].response.lastModified >= early.next,
        ).toBe(true);
      } finally {
        await slow.end();
      }
    });

    it('loses nothing while many transactions commit in random order under a poller', async () => {
      const since = await endOfFeed();
      const ids = (
        await ctx.database.db
          .select({ id: participants.id })
          .from(participants)
          .orderBy(participants.id)
          .limit(30)
      ).map((r) => r.id);
      const url = databaseUrl();
      const writers = await Promise.all(
        [0, 1, 2, 3, 4].map(async () => {
          const connection = new pg.Client({ connectionString: url });
          await connection.connect();
          return connection;
        }),
      );
      const seen = new Set<string>();
      let cursor: string | null = since;
      let writing = true;
      const poller = (async () => {
        while (writing) {
          const page = await readToEnd('Patient/_history', cursor);
          for (const entry of page.entries) seen.add((entry.resource as Patient).id ?? '');
          cursor = page.next;
        }
      })();
      try {
        await Promise.all(
          writers.map(async (writer, w) => {
            for (let i = w; i < ids.length; i += writers.length) {
              await writer.query('begin');
              await writer.query(`update participants set info4 = 'c' || $1 where id = $1`, [ids[i]]);
              // Held open a random while: the writers then commit out of order while the poller reads.
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
              await writer.query('commit');
            }
          }),
        );
      } finally {
        writing = false;
        await poller;
        await Promise.all(writers.map((writer) => writer.end()));
      }
      const page = await readToEnd('Patient/_history', cursor);
      for (const entry of page.entries) seen.add((entry.resource as Patient).id ?? '');
      expect([...seen].sort()).toEqual(ids.map(String).sort());
    });
  },
);
