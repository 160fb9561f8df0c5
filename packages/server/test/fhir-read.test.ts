import type {
  Bundle,
  CapabilityStatement,
  OperationOutcome,
  Organization,
  Patient,
} from '@medplum/fhirtypes';
import { FHIR_BASE_PATH, PORTAL_ID_SYSTEM, SIRET_SYSTEM } from '@portail/contract/integration/fhir';
import { and, desc, eq } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, establishments, groups, participants } from '../src/db/schema';
import { checkAgainstDefinitions } from '../src/features/integration/fhir-definitions';
import { revokeClient } from '../src/features/integration/system-clients';
import { freePort, systemClient, type TestSystemClient } from './fhir-fixtures';
import { createTestContext, signIn, type TestContext } from './helper';

/**
 * Issue 19: the integration API read by a FHIR client no one here wrote (fhir-kit-client), over HTTP
 * against the listening server, as a back office would.
 */
let ctx: TestContext;
let baseUrl: string;
let reader: TestSystemClient;
let client: Client;
type NextPageBundle = Parameters<Client['nextPage']>[0]['bundle'];

beforeAll(async () => {
  // The server's public address is its listening one: the Bundles' links lead back to it.
  const port = await freePort();
  ctx = await createTestContext({ participants: 60, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}${FHIR_BASE_PATH}`;
  reader = await systemClient(ctx, 'system/Patient.rs system/Organization.rs');
  client = new Client({ baseUrl, bearerToken: await reader.token() });
}, 60_000);
afterAll(async () => ctx.close());

/** The status and OperationOutcome of a refused call of the client. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; outcome: OperationOutcome }> {
  try {
    await call;
  } catch (error) {
    const { response } = error as { response: { status: number; data: OperationOutcome } };
    return { status: response.status, outcome: response.data };
  }
  throw new Error('the call was not refused');
}

async function someParticipant() {
  const [row] = await ctx.database.db.select().from(participants).orderBy(participants.id).limit(1);
  if (!row) throw new Error('no participant');
  return row;
}

describe('CapabilityStatement', () => {
  it('lists exactly the resources, interactions and search parameters that work, and the token endpoint', async () => {
    const statement = (await new Client({ baseUrl }).capabilityStatement()) as unknown as CapabilityStatement;
    expect(statement.fhirVersion).toBe('4.0.1');
    expect(checkAgainstDefinitions(statement)).toEqual([]);
    const rest = statement.rest?.[0];
    expect(rest?.resource?.map((resource) => resource.type)).toEqual([
      'Patient',
      'Organization',
      'Person',
      'DocumentReference',
      'Binary',
      'EpisodeOfCare',
      'Appointment',
      'Consent',
      'AuditEvent',
      'Subscription',
    ]);
    const patient = rest?.resource?.[0];
    expect(patient?.interaction?.map((interaction) => interaction.code)).toEqual([
      'read',
      'vread',
      'search-type',
      'create',
      'update',
      'history-type',
    ]);
    expect(patient).toMatchObject({ conditionalUpdate: true, conditionalCreate: true, updateCreate: false });
    expect(rest?.interaction?.map((interaction) => interaction.code)).toEqual([
      'history-system',
      'transaction',
    ]);
    expect(patient?.searchParam?.map((param) => param.name)).toEqual([
      '_id',
      'identifier',
      '_lastUpdated',
      'active',
    ]);
    // Correspondants: no delete (a deactivation is `active: false`).
    const person = rest?.resource?.find((resource) => resource.type === 'Person');
    expect(person?.interaction?.map((interaction) => interaction.code)).toEqual([
      'read',
      'vread',
      'search-type',
      'create',
      'update',
      'history-type',
    ]);
    expect(person?.searchParam?.map((param) => param.name)).toEqual([
      '_id',
      'identifier',
      'organization',
      'active',
      'email',
      '_lastUpdated',
    ]);
    const oauth = rest?.security?.extension?.[0]?.extension?.find((entry) => entry.url === 'token');
    expect(oauth?.valueUri).toBe(`${ctx.config.publicUrl}${FHIR_BASE_PATH}/auth/token`);
  });
});

describe('Patient', () => {
  it('reads a participant as a valid R4 Patient with its version', async () => {
    const row = await someParticipant();
    const patient = (await client.read({
      resourceType: 'Patient',
      id: String(row.id),
    })) as unknown as Patient;
    expect(checkAgainstDefinitions(patient)).toEqual([]);
    expect(patient).toMatchObject({
      resourceType: 'Patient',
      id: String(row.id),
      active: row.active,
      birthDate: row.birthDate,
      identifier: [{ system: PORTAL_ID_SYSTEM.participant, value: String(row.id) }],
      managingOrganization: { reference: `Organization/etab-${row.establishmentId}` },
      meta: { versionId: String(row.version) },
    });
    expect(patient.name?.[0]).toMatchObject({
      use: 'official',
      family: row.lastName,
      given: [row.firstName],
    });
    // The civility (M. or Mme) is the official name's prefix.
    expect([['M.'], ['Mme'], undefined]).toContainEqual(patient.name?.[0]?.prefix);
    expect(['male', 'female']).toContain(patient.gender);
  });

  it('gives a new version, ETag and lastUpdated when the portal changes the participant', async () => {
    const row = await someParticipant();
    const before = await ctx.app.inject({
      method: 'GET',
      url: `${FHIR_BASE_PATH}/Patient/${row.id}`,
      headers: { authorization: `Bearer ${await reader.token()}` },
    });
    expect(before.headers.etag).toBe(`W/"${row.version}"`);
    expect(before.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    await ctx.database.db
      .update(participants)
      .set({ profession: 'Géomètre' })
      .where(eq(participants.id, row.id));
    const after = await ctx.app.inject({
      method: 'GET',
      url: `${FHIR_BASE_PATH}/Patient/${row.id}`,
      headers: { authorization: `Bearer ${await reader.token()}` },
    });
    const patient = after.json<Patient>();
    expect(patient.meta?.versionId).toBe(String(row.version + 1));
    expect(after.headers.etag).toBe(`W/"${row.version + 1}"`);
    expect(new Date(patient.meta?.lastUpdated ?? 0).getTime()).toBeGreaterThan(row.updatedAt.getTime());
  });

  it('searches by identifier, _id and _lastUpdated, page by page with next links', async () => {
    const row = await someParticipant();
    const byIdentifier = (await client.search({
      resourceType: 'Patient',
      searchParams: { identifier: `${PORTAL_ID_SYSTEM.participant}|${row.id}` },
    })) as unknown as Bundle<Patient>;
    expect(byIdentifier.type).toBe('searchset');
    expect(byIdentifier.total).toBe(1);
    expect(byIdentifier.entry?.[0]?.resource?.id).toBe(String(row.id));

    const all = await ctx.database.db.select({ id: participants.id }).from(participants);
    const seen: string[] = [];
    let page = (await client.search({
      resourceType: 'Patient',
      searchParams: { _lastUpdated: 'ge2000-01-01', _count: 25 },
    })) as unknown as Bundle<Patient>;
    for (;;) {
      expect(page.total).toBe(all.length);
      seen.push(...(page.entry ?? []).map((entry) => entry.resource?.id ?? ''));
      const next = page.link?.find((link) => link.relation === 'next');
      if (!next) break;
      page = (await client.nextPage({
        bundle: page as unknown as NextPageBundle,
      })) as unknown as Bundle<Patient>;
    }
    expect(seen.sort()).toEqual(all.map((r) => String(r.id)).sort());
  });

  it('searches by POST as by GET (fhir-kit-client postSearch), and refuses a POST search not sent as a form', async () => {
    const row = await someParticipant();
    const searchParams = { identifier: `${PORTAL_ID_SYSTEM.participant}|${row.id}` };
    const byPost = (await client.search({
      resourceType: 'Patient',
      searchParams,
      options: { postSearch: true },
    })) as unknown as Bundle<Patient>;
    const byGet = (await client.search({
      resourceType: 'Patient',
      searchParams,
    })) as unknown as Bundle<Patient>;
    expect(byPost.total).toBe(1);
    expect(byPost.entry?.map((entry) => entry.resource?.id)).toEqual(
      byGet.entry?.map((entry) => entry.resource?.id),
    );
    const unknownParam = await refusal(
      client.search({ resourceType: 'Patient', searchParams: { name: 'x' }, options: { postSearch: true } }),
    );
    expect(unknownParam.status).toBe(400);
    expect(unknownParam.outcome.issue[0]?.expression).toEqual(['name']);
    const token = await (await systemClient(ctx, 'system/Patient.rs')).token();
    const asJson = await fetch(`${baseUrl}/Patient/_search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify({ identifier: searchParams.identifier }),
    });
    expect(asJson.status).toBe(415);
    expect(((await asJson.json()) as OperationOutcome).issue[0]?.code).toBe('not-supported');
  });

  it('answers 406 to a request for XML (_format or Accept), and JSON to one that takes JSON', async () => {
    const token = await (await systemClient(ctx, 'system/Patient.rs')).token();
    const row = await someParticipant();
    const get = (query: string, accept: string) =>
      fetch(`${baseUrl}/Patient/${row.id}${query}`, {
        headers: { authorization: `Bearer ${token}`, accept },
      });
    for (const [query, accept] of [
      ['?_format=xml', 'application/fhir+json'],
      ['?_format=application/fhir%2Bxml', '*/*'],
      ['', 'application/fhir+xml'],
    ] as const) {
      const reply = await get(query, accept);
      expect({ query, accept, status: reply.status }).toEqual({ query, accept, status: 406 });
      expect(((await reply.json()) as OperationOutcome).issue[0]?.diagnostics).toContain('FHIR JSON only');
    }
    for (const [query, accept] of [
      ['?_format=json', 'application/fhir+json'],
      ['?_format=application/fhir%2Bjson', '*/*'],
      ['', 'application/fhir+xml, application/fhir+json;q=0.9'],
    ] as const)
      expect((await get(query, accept)).status).toBe(200);
  });

  it('answers refusals with an OperationOutcome naming the parameter, never a 500', async () => {
    const unknownParam = await refusal(
      client.search({ resourceType: 'Patient', searchParams: { name: 'x' } }),
    );
    expect(unknownParam.status).toBe(400);
    expect(unknownParam.outcome.issue[0]?.expression).toEqual(['name']);
    const badDate = await refusal(
      client.search({ resourceType: 'Patient', searchParams: { _lastUpdated: 'ge2026-13-45' } }),
    );
    expect(badDate.status).toBe(400);
    const badCount = await refusal(
      client.search({ resourceType: 'Patient', searchParams: { _count: '-1' } }),
    );
    expect(badCount.status).toBe(400);
    // Beyond the database's integer: unknown, not a failure (found by the fuzzer).
    expect((await refusal(client.read({ resourceType: 'Patient', id: '2147483648' }))).status).toBe(404);
    const missing = await refusal(client.read({ resourceType: 'Patient', id: '999999999' }));
    expect(missing.status).toBe(404);
    expect(missing.outcome.issue[0]?.code).toBe('not-found');
    const otherType = await refusal(client.read({ resourceType: 'Observation', id: '1' }));
    expect(otherType.status).toBe(404);
    expect(otherType.outcome.issue[0]?.code).toBe('not-supported');
  });
});

describe('Organization', () => {
  it('reads an establishment, its company and its group, linked by partOf, each a valid R4 Organization', async () => {
    const [establishment] = await ctx.database.db
      .select()
      .from(establishments)
      .innerJoin(companies, eq(companies.id, establishments.companyId))
      .innerJoin(groups, eq(groups.id, companies.groupId))
      .limit(1);
    if (!establishment) throw new Error('no establishment of a group');
    const site = (await client.read({
      resourceType: 'Organization',
      id: `etab-${establishment.establishments.id}`,
    })) as unknown as Organization;
    expect(checkAgainstDefinitions(site)).toEqual([]);
    expect(site.name).toBe(establishment.establishments.name);
    expect(site.partOf?.reference).toBe(`Organization/ent-${establishment.companies.id}`);
    if (establishment.establishments.siret)
      expect(site.identifier).toContainEqual({
        system: SIRET_SYSTEM,
        value: establishment.establishments.siret,
      });
    const company = (await client.read({
      resourceType: 'Organization',
      id: `ent-${establishment.companies.id}`,
    })) as unknown as Organization;
    expect(checkAgainstDefinitions(company)).toEqual([]);
    expect(company.partOf?.reference).toBe(`Organization/grp-${establishment.groups.id}`);
    const group = (await client.read({
      resourceType: 'Organization',
      id: `grp-${establishment.groups.id}`,
    })) as unknown as Organization;
    expect(checkAgainstDefinitions(group)).toEqual([]);
    expect(group.type?.[0]?.coding?.[0]?.code).toBe('GROUPEMENT');

    // The establishments of the company, by partof; one by its SIRET.
    const members = (await client.search({
      resourceType: 'Organization',
      searchParams: { partof: `Organization/ent-${establishment.companies.id}` },
    })) as unknown as Bundle<Organization>;
    const expected = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .where(eq(establishments.companyId, establishment.companies.id));
    expect(members.total).toBe(expected.length);
    expect((members.entry ?? []).map((entry) => entry.resource?.id).sort()).toEqual(
      expected.map((row) => `etab-${row.id}`).sort(),
    );
    if (establishment.establishments.siret) {
      const bySiret = (await client.search({
        resourceType: 'Organization',
        searchParams: { identifier: `${SIRET_SYSTEM}|${establishment.establishments.siret}` },
      })) as unknown as Bundle<Organization>;
      expect(bySiret.entry?.map((entry) => entry.resource?.id)).toContain(
        `etab-${establishment.establishments.id}`,
      );
    }
  });

  it('lists every group, company and establishment once across pages', async () => {
    const [g, c, e] = await Promise.all([
      ctx.database.db.select({ id: groups.id }).from(groups),
      ctx.database.db.select({ id: companies.id }).from(companies),
      ctx.database.db.select({ id: establishments.id }).from(establishments),
    ]);
    const seen: string[] = [];
    let page = (await client.search({
      resourceType: 'Organization',
      searchParams: { _count: 40 },
    })) as unknown as Bundle<Organization>;
    for (;;) {
      seen.push(...(page.entry ?? []).map((entry) => entry.resource?.id ?? ''));
      if (!page.link?.some((link) => link.relation === 'next')) break;
      page = (await client.nextPage({
        bundle: page as unknown as NextPageBundle,
      })) as unknown as Bundle<Organization>;
    }
    expect(seen.sort()).toEqual(
      [
        ...g.map((r) => `grp-${r.id}`),
        ...c.map((r) => `ent-${r.id}`),
        ...e.map((r) => `etab-${r.id}`),
      ].sort(),
    );
  });

  it('refuses what it cannot read with an OperationOutcome', async () => {
    expect((await refusal(client.read({ resourceType: 'Organization', id: 'etab-999999' }))).status).toBe(
      404,
    );
    expect((await refusal(client.read({ resourceType: 'Organization', id: 'site-1' }))).status).toBe(404);
    const badPartOf = await refusal(
      client.search({ resourceType: 'Organization', searchParams: { partof: 'Organization/etab-1' } }),
    );
    expect(badPartOf.status).toBe(400);
    expect(badPartOf.outcome.issue[0]?.expression).toEqual(['partof']);
  });
});

describe('who may call', () => {
  const get = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${FHIR_BASE_PATH}/Patient?_count=1`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('refuses no token, a user’s token, a client lacking the scope, and a revoked client', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get()).json<OperationOutcome>().issue[0]?.code).toBe('login');
    for (const [login, kind] of [
      ['corr.groupe', 'correspondant'],
      ['participant.dmc', 'participant'],
    ] as const) {
      const user = await signIn(ctx, login, kind);
      expect((await get(user.access)).statusCode).toBe(401);
    }
    const organisations = await systemClient(ctx, 'system/Organization.rs');
    const lacking = await get(await organisations.token());
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json<OperationOutcome>().issue[0]?.code).toBe('forbidden');

    const revoked = await systemClient(ctx, 'system/Patient.rs');
    const token = await revoked.token();
    expect((await get(token)).statusCode).toBe(200);
    await revokeClient(ctx.database.db, revoked.name);
    expect((await get(token)).statusCode).toBe(401);
  });

  it('writes every call to the audit log with the client’s name', async () => {
    const row = await someParticipant();
    await client.read({ resourceType: 'Patient', id: String(row.id) });
    // The row is written once the reply has gone.
    await expect
      .poll(async () => {
        const [entry] = await ctx.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'FHIR_READ'), eq(auditLog.targetId, String(row.id))))
          .orderBy(desc(auditLog.id))
          .limit(1);
        return entry?.details;
      })
      .toMatchObject({ client: reader.name, clientId: reader.clientId, status: 200 });
  });
});

// Found by an outside tester (issue 19): what a client may send must never answer 500 nor the web
// app's page, a day is a day, and a `_count=0` search has no page after it.
describe('what a client may send', () => {
  const get = async (path: string) => {
    const reply = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${await reader.token()}`, accept: 'application/fhir+json' },
    });
    const body = (await reply.json()) as {
      resourceType?: string;
      id?: string;
      issue: { expression?: string[] }[];
      total?: number;
      link?: { relation: string }[];
      entry?: { resource?: { id?: string } }[];
    };
    return { status: reply.status, type: reply.headers.get('content-type') ?? '', body };
  };

  it('refuses dates the calendar or the database does not have, and control characters, with 400 naming them', async () => {
    for (const [path, element] of [
      ['/_history?_since=0000-01-01T00:00:00Z', '_since'],
      ['/Patient/_history?_since=2026-02-30T00:00:00Z', '_since'],
      ['/Patient?_lastUpdated=ge0000-01-01', '_lastUpdated'],
      ['/Organization?_lastUpdated=2026-02-30', '_lastUpdated'],
      ['/Patient?identifier=%00', 'identifier'],
    ] as const) {
      const { status, body } = await get(path);
      expect({ path, status }).toEqual({ path, status: 400 });
      expect(body.issue[0]?.expression).toEqual([element]);
    }
  });

  it('takes a day in _lastUpdated as the whole day at the centre', async () => {
    const row = await someParticipant();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(row.updatedAt);
    const ids = async (query: string) =>
      (await get(`/Patient?_id=${row.id}&${query}`)).body.entry?.map((e) => e.resource?.id) ?? [];
    expect(await ids(`_lastUpdated=${day}`)).toEqual([String(row.id)]);
    expect(await ids(`_lastUpdated=le${day}`)).toEqual([String(row.id)]);
    expect(await ids(`_lastUpdated=ge${day}`)).toEqual([String(row.id)]);
    expect(await ids(`_lastUpdated=gt${day}`)).toEqual([]);
    expect(await ids(`_lastUpdated=lt${day}`)).toEqual([]);
  });

  it('gives a _count=0 search its total and no next page', async () => {
    const { body } = await get('/Patient?_count=0');
    expect(body.total).toBeGreaterThan(0);
    expect(body.link?.map((link) => link.relation)).toEqual(['self']);
  });

  it('reads the current version by its _history link, and answers any other path with a FHIR 404', async () => {
    const row = await someParticipant();
    const current = await get(`/Patient/${row.id}/_history/${row.version}`);
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(String(row.id));
    const earlier = await get(`/Patient/${row.id}/_history/${row.version + 5}`);
    expect(earlier.status).toBe(404);
    expect(earlier.body.resourceType).toBe('OperationOutcome');
    for (const path of ['/Foo', '/Practitioner/1', `/Patient/${row.id}/$everything`, '/Patient/1/x/y/z']) {
      const { status, type, body } = await get(path);
      expect({ path, status, type }).toEqual({
        path,
        status: 404,
        type: expect.stringContaining('fhir+json'),
      });
      expect(body.resourceType).toBe('OperationOutcome');
    }
  });
});
