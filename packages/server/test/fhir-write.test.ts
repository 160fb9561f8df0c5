import type { Bundle, OperationOutcome, Organization, Patient, Resource } from '@medplum/fhirtypes';
import {
  CENTRE_ID_SYSTEMS,
  FHIR_BASE_PATH,
  INS_NIR_SYSTEM,
  portalCodeSystem,
} from '@portail/contract/integration/fhir';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Client, type FhirResource } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  enumItems,
  establishmentCheckupTypes,
  establishments,
  participants,
  users,
} from '../src/db/schema';
import { PATIENT_EXTENSIONS as ext } from '../src/features/integration/patient-extensions';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19: the centre's information system writes participants through the integration API, driven
 * by a FHIR client no one here wrote (fhir-kit-client) against the listening server: create,
 * conditional update by the centre's identifier, If-Match, transaction Bundles, and refusals that
 * name the element at fault and write nothing.
 */
let ctx: TestContext;
let baseUrl: string;
let client: Client;
let establishmentId: number;
const SYSTEM = CENTRE_ID_SYSTEMS.patient;

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 20, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}${FHIR_BASE_PATH}`;
  const writer = await systemClient(ctx, 'system/Patient.cruds system/Organization.rs');
  client = new Client({ baseUrl, bearerToken: await writer.token() });
  // An open establishment that takes the traditional check-up.
  const [row] = await ctx.database.db
    .select({ id: establishments.id })
    .from(establishments)
    .innerJoin(establishmentCheckupTypes, eq(establishmentCheckupTypes.establishmentId, establishments.id))
    .innerJoin(enumItems, eq(enumItems.id, establishmentCheckupTypes.checkupTypeId))
    .where(and(isNull(establishments.terminationDate), eq(enumItems.code, 'TRAD')))
    .limit(1);
  if (!row) throw new Error('no open establishment taking TRAD');
  establishmentId = row.id;
}, 60_000);
afterAll(async () => ctx.close());

const coding = (list: string, code: string) => ({ system: portalCodeSystem(list), code });

let counter = 0;
/** A Patient the back office would send: a unique person, in Bordeaux, with a centre number. */
function newPatient(overrides: Partial<Patient> = {}): Patient {
  counter++;
  return {
    resourceType: 'Patient',
    identifier: [{ system: SYSTEM, value: `BO-${Date.now()}-${counter}` }],
    active: true,
    name: [{ use: 'official', family: `Fhirson${String.fromCharCode(65 + (counter % 26))}`, given: ['Léa'] }],
    gender: 'female',
    birthDate: `1980-01-${String(1 + (counter % 28)).padStart(2, '0')}`,
    telecom: [
      { system: 'phone', use: 'mobile', value: '06 12 34 56 78' },
      { system: 'email', value: `lea${counter}@example.fr` },
    ],
    address: [
      {
        use: 'home',
        line: ['12 rue Sainte-Catherine'],
        postalCode: '33000',
        city: 'Bordeaux',
        country: 'FR',
      },
    ],
    managingOrganization: { reference: `Organization/etab-${establishmentId}` },
    extension: [
      { url: ext.checkupType, valueCoding: coding('typeBilan', 'TRAD') },
      { url: ext.periodicity, valueCoding: coding('periodicite', '24M') },
      { url: ext.nextCheckup, valueDate: '2027-03-01' },
    ],
    ...overrides,
  };
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; outcome: OperationOutcome }> {
  try {
    await call;
  } catch (error) {
    const { response } = error as { response: { status: number; data: OperationOutcome } };
    return { status: response.status, outcome: response.data };
  }
  throw new Error('the call was not refused');
}

/** A resource as the client's loose type takes it (a JSON round trip, as the wire does). */
const wire = (resource: Resource): FhirResource => JSON.parse(JSON.stringify(resource)) as FhirResource;

const expressions = (outcome: OperationOutcome) => outcome.issue.flatMap((issue) => issue.expression ?? []);

async function participantCount() {
  return (await ctx.database.db.select({ id: participants.id }).from(participants)).length;
}

describe('Patient create', () => {
  it('creates a participant with its account, a registration link mailed, and an audit row naming the client', async () => {
    const sent = newPatient();
    const created = (await client.create({ resourceType: 'Patient', body: wire(sent) })) as Patient;
    expect(created.id).toMatch(/^\d+$/);
    expect(created.meta?.versionId).toBe('1');
    expect(created.identifier).toContainEqual(sent.identifier?.[0]);
    const [row] = await ctx.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, Number(created.id)));
    expect(row).toMatchObject({
      lastName: sent.name?.[0]?.family?.toUpperCase(),
      firstName: 'Léa',
      addressPostalCode: '33000',
      addressLocality: 'Bordeaux',
      establishmentId,
      active: true,
      centreId: sent.identifier?.[0]?.value,
    });
    const [account] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.participantId, Number(created.id)));
    expect(account?.active).toBe(false);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PARTICIPANT_CREATED'), eq(auditLog.targetId, String(created.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({ source: 'fhir' });
    // The registration link leaves once the write has committed, without holding the reply.
    const email = sent.telecom?.find((telecom) => telecom.system === 'email')?.value;
    await vi.waitFor(() =>
      expect(ctx.notifier.mails.filter((mail) => mail.to === email).map((mail) => mail.text)).toEqual([
        expect.stringContaining('?token='),
      ]),
    );
  });

  it('answers 201 with Location and ETag (raw HTTP)', async () => {
    const token = await (await systemClient(ctx, 'system/Patient.c')).token();
    const reply = await fetch(`${baseUrl}/Patient`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify(newPatient()),
    });
    expect(reply.status).toBe(201);
    const body = (await reply.json()) as Patient;
    expect(reply.headers.get('location')).toBe(`${baseUrl}/Patient/${body.id}/_history/1`);
    expect(reply.headers.get('etag')).toBe('W/"1"');
  });

  it('refuses what breaks the screens’ rules with 422 naming each element, and writes nothing', async () => {
    const before = await participantCount();
    const bad = newPatient({
      telecom: [
        { system: 'phone', use: 'mobile', value: '01 02' },
        { system: 'email', value: 'not-an-address' },
      ],
      address: [{ use: 'home', line: ['1 rue X'], postalCode: '33000', city: 'Lyon', country: 'FR' }],
    });
    const { status, outcome } = await refusal(client.create({ resourceType: 'Patient', body: wire(bad) }));
    expect(status).toBe(422);
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(expressions(outcome)).toContain('Patient.telecom[1].value');
    expect(await participantCount()).toBe(before);
    const wrongCity = newPatient({
      address: [{ use: 'home', line: ['1 rue X'], postalCode: '33000', city: 'Lyon', country: 'FR' }],
    });
    const city = await refusal(client.create({ resourceType: 'Patient', body: wire(wrongCity) }));
    expect(city.status).toBe(422);
    expect(expressions(city.outcome)).toEqual(['Patient.address[0].city']);
    const mobile = await refusal(
      client.create({
        resourceType: 'Patient',
        body: wire(
          newPatient({
            telecom: [
              { system: 'phone', use: 'mobile', value: '01 02' },
              { system: 'email', value: 'a@b.fr' },
            ],
          }),
        ),
      }),
    );
    expect(expressions(mobile.outcome)).toEqual(['Patient.telecom[0].value']);
    expect(await participantCount()).toBe(before);
  });

  it('refuses codes that are not the portal’s, and an origin that contradicts the address', async () => {
    const wrongType = newPatient();
    wrongType.extension = [
      { url: ext.checkupType, valueCoding: coding('typeBilan', 'NOPE') },
      { url: ext.periodicity, valueCoding: coding('periodicite', '24M') },
      { url: ext.nextCheckup, valueDate: '2027-03-01' },
      { url: ext.origin, valueCoding: coding('provenance', 'ETR') },
    ];
    const { status, outcome } = await refusal(
      client.create({ resourceType: 'Patient', body: wire(wrongType) }),
    );
    expect(status).toBe(422);
    expect(outcome.issue.map((issue) => issue.code)).toContain('code-invalid');
    expect(expressions(outcome)).toContain(`Patient.extension.where(url='${ext.checkupType}').valueCoding`);
    const abroad = newPatient();
    abroad.extension?.push({ url: ext.origin, valueCoding: coding('provenance', 'ETR') });
    const origin = await refusal(client.create({ resourceType: 'Patient', body: wire(abroad) }));
    expect(origin.status).toBe(422);
    expect(expressions(origin.outcome)).toEqual([`Patient.extension.where(url='${ext.origin}').valueCoding`]);
  });

  it('refuses what the R4 definitions refuse with 400, and a duplicate person with 422', async () => {
    const malformed = { ...newPatient(), birthDate: '1980-13-45', gender: 'homme' } as unknown as Patient;
    const structural = await refusal(client.create({ resourceType: 'Patient', body: wire(malformed) }));
    expect(structural.status).toBe(400);
    expect(expressions(structural.outcome).join(' ')).toContain('Patient.birthDate');
    const person = newPatient();
    await client.create({ resourceType: 'Patient', body: wire(person) });
    const twin = { ...person, identifier: [{ system: SYSTEM, value: `other-${Date.now()}` }] };
    const duplicate = await refusal(client.create({ resourceType: 'Patient', body: wire(twin) }));
    expect(duplicate.status).toBe(422);
    expect(duplicate.outcome.issue[0]?.code).toBe('duplicate');
  });
});

describe('Patient conditional update and versions', () => {
  it('upserts by the centre identifier: creates once, then updates the same participant', async () => {
    const sent = newPatient();
    const identifier = `${SYSTEM}|${sent.identifier?.[0]?.value}`;
    const first = (await client.update({
      resourceType: 'Patient',
      searchParams: { identifier },
      body: wire(sent),
    })) as Patient;
    const again = (await client.update({
      resourceType: 'Patient',
      searchParams: { identifier },
      body: {
        ...sent,
        telecom: [...(sent.telecom ?? []), { system: 'phone', use: 'home', value: '05 56 00 00 00' }],
      },
    })) as Patient;
    expect(again.id).toBe(first.id);
    expect(again.meta?.versionId).toBe('2');
    const found = (await client.search({
      resourceType: 'Patient',
      searchParams: { identifier },
    })) as unknown as Bundle;
    expect(found.total).toBe(1);
    const [row] = await ctx.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, Number(first.id)));
    expect(row?.landline).toBe('05 56 00 00 00');
  });

  it('refuses with 412 criteria that match several participants, and writes nothing', async () => {
    const before = await participantCount();
    const many = await refusal(
      client.update({ resourceType: 'Patient', searchParams: { active: 'true' }, body: wire(newPatient()) }),
    );
    expect(many.status).toBe(412);
    expect(many.outcome.issue?.[0]?.code).toBe('duplicate');
    expect(await participantCount()).toBe(before);
  });

  it('keeps the version of every Patient read and sent back as it is', async () => {
    // Every demo participant whose stored record the form accepts: an inactive one has no next check-up
    // date, and one without a mobile or a mail must be completed first (422, as on the screens).
    const rows = (
      await ctx.database.db
        .select({
          id: participants.id,
          version: participants.version,
          next: participants.nextCheckupDate,
          mobile: participants.mobile,
          email: participants.email,
        })
        .from(participants)
    ).filter((row) => row.next !== null && row.mobile !== null && row.email !== null);
    expect(rows.length).toBeGreaterThan(10);
    const moved: string[] = [];
    const refused: string[] = [];
    for (const { id, version } of rows) {
      const read = (await client.read({ resourceType: 'Patient', id: String(id) })) as Patient;
      const back = (await client
        .update({ resourceType: 'Patient', id: String(id), body: wire(read) })
        .catch((error: unknown) => ({
          refused: JSON.stringify((error as { response?: { data?: unknown } }).response?.data),
        }))) as Patient | { refused: string };
      if ('refused' in back) {
        refused.push(`${id}: ${back.refused}`);
        continue;
      }
      if (back.meta?.versionId !== String(version)) {
        const [entry] = await ctx.database.db
          .select({ details: auditLog.details })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'PARTICIPANT_UPDATED'), eq(auditLog.targetId, String(id))))
          .orderBy(desc(auditLog.id))
          .limit(1);
        moved.push(`${id}: ${JSON.stringify(entry?.details)}`);
      }
    }
    expect(moved).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('answers a record that predates a rule, sent back as read, unchanged; a change to it meets the rules', async () => {
    const created = (await client.create({ resourceType: 'Patient', body: wire(newPatient()) })) as Patient;
    // Stored before the mobile check: a landline number as the mobile.
    await ctx.database.db
      .update(participants)
      .set({ mobile: '01 45 00 00 00' })
      .where(eq(participants.id, Number(created.id)));
    const read = (await client.read({ resourceType: 'Patient', id: created.id ?? '' })) as Patient;
    const same = (await client.update({
      resourceType: 'Patient',
      id: created.id ?? '',
      body: wire(read),
    })) as Patient;
    expect(same.meta?.versionId).toBe(read.meta?.versionId);
    const changed = await refusal(
      client.update({
        resourceType: 'Patient',
        id: created.id ?? '',
        body: wire({ ...read, birthDate: '1990-01-01' }),
      }),
    );
    expect(changed.status).toBe(422);
    expect(changed.outcome.issue?.map((issue) => issue.expression?.[0])).toEqual([
      expect.stringMatching(/^Patient\.telecom/),
    ]);
  });

  it('keeps what FHIR does not carry, and takes the INS and a termination', async () => {
    const created = (await client.create({ resourceType: 'Patient', body: wire(newPatient()) })) as Patient;
    await ctx.database.db
      .update(participants)
      .set({ info4: 'kept', secretaryPhone: '01 00 00 00 00' })
      .where(eq(participants.id, Number(created.id)));
    const current = (await client.read({ resourceType: 'Patient', id: created.id ?? '' })) as Patient;
    const ins = { system: INS_NIR_SYSTEM, value: '280017512345678' };
    const updated = (await client.update({
      resourceType: 'Patient',
      id: created.id ?? '',
      body: wire({
        ...current,
        identifier: [...(current.identifier ?? []), ins],
        active: false,
        extension: [
          ...(current.extension ?? []).filter((item) => item.url !== ext.membership),
          { url: ext.membership, valuePeriod: { start: '2020-01-01', end: '2026-10-31' } },
        ],
      }),
    })) as Patient;
    expect(updated.active).toBe(false);
    expect(updated.identifier).toContainEqual(expect.objectContaining(ins));
    const [row] = await ctx.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, Number(created.id)));
    expect(row).toMatchObject({
      info4: 'kept',
      secretaryPhone: '01 00 00 00 00',
      active: false,
      terminationDate: '2026-10-31',
    });
  });

  it('refuses an update against a stale version (If-Match) with 412, and an unknown id with 404', async () => {
    const created = (await client.create({ resourceType: 'Patient', body: wire(newPatient()) })) as Patient;
    const id = created.id ?? '';
    // Sent again as stored, the Patient writes nothing: still version 1.
    const same = (await client.update({ resourceType: 'Patient', id, body: wire(created) })) as Patient;
    expect(same.meta?.versionId).toBe('1');
    const moved = (await client.update({
      resourceType: 'Patient',
      id,
      body: wire({ ...created, birthDate: '1979-12-31' }),
      options: { headers: { 'if-match': 'W/"1"' } },
    })) as Patient;
    expect(moved.meta?.versionId).toBe('2');
    const stale = await refusal(
      client.update({
        resourceType: 'Patient',
        id,
        body: wire(created),
        options: { headers: { 'if-match': 'W/"1"' } },
      }),
    );
    expect(stale.status).toBe(412);
    const missing = await refusal(
      client.update({ resourceType: 'Patient', id: '999999', body: wire({ ...created, id: '999999' }) }),
    );
    expect(missing.status).toBe(404);
    const otherId = await refusal(
      client.update({ resourceType: 'Patient', id, body: wire({ ...created, id: '1' }) }),
    );
    expect(otherId.status).toBe(400);
  });
});

describe('conditional updates name what they write', () => {
  it('refuses a body whose centre identifier is not the one its URL names, or is there twice', async () => {
    const before = await participantCount();
    const person = newPatient();
    const other = {
      ...person,
      identifier: [{ system: SYSTEM, value: `${person.identifier?.[0]?.value}-B` }],
    };
    const identifier = `${SYSTEM}|${person.identifier?.[0]?.value}`;
    const moved = await refusal(
      client.update({ resourceType: 'Patient', searchParams: { identifier }, body: wire(other) }),
    );
    expect(moved.status).toBe(422);
    expect(expressions(moved.outcome)).toEqual(['Patient.identifier']);
    const doubled = {
      ...person,
      identifier: [person.identifier?.[0] ?? {}, { system: SYSTEM, value: 'ANOTHER' }],
    };
    const twice = await refusal(
      client.update({ resourceType: 'Patient', searchParams: { identifier }, body: wire(doubled) }),
    );
    expect(twice.status).toBe(422);
    expect(await participantCount()).toBe(before);
  });

  it('returns the civility as the official name’s prefix', async () => {
    const created = (await client.create({
      resourceType: 'Patient',
      body: wire(newPatient()),
    })) as unknown as Patient;
    expect(created.name?.[0]?.prefix).toEqual(['Mme']);
  });
});

describe('transaction Bundles', () => {
  const entry = (patient: Patient) => ({
    fullUrl: `urn:uuid:${crypto.randomUUID()}`,
    resource: patient,
    request: {
      method: 'PUT' as const,
      url: `Patient?identifier=${SYSTEM}|${patient.identifier?.[0]?.value}`,
    },
  });

  it('writes every entry or none: one bad entry refuses all, naming its place', async () => {
    const before = await participantCount();
    const bad = newPatient({ birthDate: '2999-01-01' });
    const body: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [entry(newPatient()), entry(newPatient()), entry(bad)],
    };
    const { status, outcome } = await refusal(client.transaction({ body: wire(body) }));
    expect(status).toBe(422);
    expect(expressions(outcome)).toEqual(['Bundle.entry[2].resource.birthDate']);
    expect(await participantCount()).toBe(before);
  });

  it('answers a transaction-response in the request’s order, and the same Bundle again changes nothing twice', async () => {
    const body: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [entry(newPatient()), entry(newPatient()), entry(newPatient())],
    };
    const before = await participantCount();
    const reply = (await client.transaction({ body: wire(body) })) as unknown as Bundle;
    expect(reply.type).toBe('transaction-response');
    expect(reply.entry?.map((item) => item.response?.status)).toEqual([
      '201 Created',
      '201 Created',
      '201 Created',
    ]);
    expect(await participantCount()).toBe(before + 3);
    const replay = (await client.transaction({ body: wire(body) })) as unknown as Bundle;
    expect(replay.entry?.map((item) => item.response?.status)).toEqual(['200 OK', '200 OK', '200 OK']);
    expect(await participantCount()).toBe(before + 3);
  });

  // Ten or more conditional updates of Patients by the centre's number in a row are written set-wise
  // (patient-bulk.ts): the outcomes, refusals, accounts and versions must be those of one-by-one writes.
  it('writes a run of twelve Patients together with the outcomes of one-by-one writes', async () => {
    const before = await participantCount();
    const people = Array.from({ length: 12 }, () => newPatient());
    const spoilt = [...people];
    spoilt[7] = { ...people[7], birthDate: '2999-01-01' } as Patient;
    const refused = await refusal(
      client.transaction({
        body: wire({ resourceType: 'Bundle', type: 'transaction', entry: spoilt.map(entry) }),
      }),
    );
    expect(refused.status).toBe(422);
    expect(expressions(refused.outcome)).toEqual(['Bundle.entry[7].resource.birthDate']);
    expect(await participantCount()).toBe(before);

    const body: Bundle = { resourceType: 'Bundle', type: 'transaction', entry: people.map(entry) };
    const reply = (await client.transaction({ body: wire(body) })) as unknown as Bundle;
    expect(reply.entry?.map((item) => item.response?.status)).toEqual(Array(12).fill('201 Created'));
    expect(await participantCount()).toBe(before + 12);
    const ids = reply.entry?.map((item) => Number(item.resource?.id)) ?? [];
    expect(reply.entry?.map((item) => (item.resource as Patient).identifier?.[1]?.value)).toEqual(
      people.map((person) => person.identifier?.[0]?.value),
    );
    // Each new participant gets its account and registration link, as a single create does.
    const accounts = await ctx.database.db
      .select({ id: users.participantId })
      .from(users)
      .where(inArray(users.participantId, ids));
    expect(accounts).toHaveLength(12);
    const addresses = people.map(
      (person) => person.telecom?.find((telecom) => telecom.system === 'email')?.value,
    );
    await vi.waitFor(() =>
      expect(
        addresses.map((address) => ctx.notifier.mails.filter((mail) => mail.to === address).length),
      ).toEqual(Array(12).fill(1)),
    );

    const changed = [...people];
    changed[3] = { ...people[3], name: [{ use: 'official', family: 'Renommée', given: ['Léa'] }] } as Patient;
    const again = (await client.transaction({
      body: wire({ resourceType: 'Bundle', type: 'transaction', entry: changed.map(entry) }),
    })) as unknown as Bundle;
    expect(again.entry?.map((item) => item.response?.status)).toEqual(Array(12).fill('200 OK'));
    expect(again.entry?.map((item) => item.resource?.meta?.versionId)).toEqual(
      changed.map((_, index) => (index === 3 ? '2' : '1')),
    );
  });

  it('refuses a transaction whose entries resolve to one resource twice, and names an unknown id’s entry', async () => {
    const person = newPatient();
    const twice = await refusal(
      client.transaction({
        body: wire({ resourceType: 'Bundle', type: 'transaction', entry: [entry(person), entry(person)] }),
      }),
    );
    expect(twice.status).toBe(400);
    expect(expressions(twice.outcome)).toEqual(['Bundle.entry[1]']);
    const unknown = await refusal(
      client.transaction({
        body: wire({
          resourceType: 'Bundle',
          type: 'transaction',
          entry: [
            entry(newPatient()),
            {
              resource: { ...newPatient(), id: '99999999' },
              request: { method: 'PUT', url: 'Patient/99999999' },
            },
          ],
        }),
      }),
    );
    expect(unknown.status).toBe(404);
    expect(expressions(unknown.outcome)).toEqual(['Bundle.entry[1]']);
  });

  it('checks each entry against the token’s scopes', async () => {
    const reader = await systemClient(ctx, 'system/Patient.rs system/Organization.cu');
    const readOnly = new Client({ baseUrl, bearerToken: await reader.token() });
    const body: Bundle = { resourceType: 'Bundle', type: 'transaction', entry: [entry(newPatient())] };
    const { status, outcome } = await refusal(readOnly.transaction({ body: wire(body) }));
    expect(status).toBe(403);
    expect(expressions(outcome)).toEqual(['Bundle.entry[0].request']);
  });
});

describe('Organization writes', () => {
  const level = (code: string) => [{ coding: [{ system: portalCodeSystem('organisation-level'), code }] }];

  it('creates a company, its establishment and two participants in one transaction, linked by urn:uuid', async () => {
    const companyUrn = `urn:uuid:${crypto.randomUUID()}`;
    const establishmentUrn = `urn:uuid:${crypto.randomUUID()}`;
    const stamp = Date.now();
    const people = [newPatient(), newPatient()].map((patient) => ({
      ...patient,
      managingOrganization: { reference: establishmentUrn },
    }));
    const body: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      // The participants come first: the server writes what they refer to before them.
      entry: [
        ...people.map((patient) => ({
          fullUrl: `urn:uuid:${crypto.randomUUID()}`,
          resource: patient,
          request: { method: 'POST' as const, url: 'Patient' },
        })),
        {
          fullUrl: establishmentUrn,
          resource: {
            resourceType: 'Organization',
            type: level('ETABLISSEMENT'),
            name: 'Atelier Garonne',
            identifier: [
              { system: 'https://sirene.fr/siret', value: '12345678900017' },
              { system: CENTRE_ID_SYSTEMS.organization, value: `E-${stamp}` },
            ],
            address: [
              { line: ['3 quai des Chartrons'], postalCode: '33000', city: 'Bordeaux', country: 'FR' },
            ],
            partOf: { reference: companyUrn },
          },
          request: { method: 'POST', url: 'Organization' },
        },
        {
          fullUrl: companyUrn,
          resource: {
            resourceType: 'Organization',
            type: level('ENTREPRISE'),
            name: 'Garonne Industries',
            identifier: [{ system: CENTRE_ID_SYSTEMS.organization, value: `C-${stamp}` }],
          },
          request: {
            method: 'PUT',
            url: `Organization?identifier=${CENTRE_ID_SYSTEMS.organization}|C-${stamp}`,
          },
        },
      ],
    };
    const writer = await systemClient(ctx, 'system/Patient.cruds system/Organization.cruds');
    const both = new Client({ baseUrl, bearerToken: await writer.token() });
    const reply = (await both.transaction({ body: wire(body) })) as unknown as Bundle;
    expect(reply.entry?.map((item) => item.response?.status)).toEqual([
      '201 Created',
      '201 Created',
      '201 Created',
      '201 Created',
    ]);
    const establishment = reply.entry?.[2]?.resource;
    const company = reply.entry?.[3]?.resource;
    expect(establishment?.id).toMatch(/^etab-\d+$/);
    expect(company?.id).toMatch(/^ent-\d+$/);
    const patientIds = reply.entry?.slice(0, 2).map((item) => Number(item.resource?.id)) ?? [];
    const rows = await ctx.database.db
      .select({ establishmentId: participants.establishmentId, companyName: participants.companyName })
      .from(participants)
      .where(eq(participants.id, patientIds[0] ?? 0));
    expect(rows[0]).toEqual({
      establishmentId: Number(establishment?.id?.slice('etab-'.length)),
      companyName: 'Garonne Industries',
    });
    // Renaming the company rewrites the name its participants' lists show.
    const renamed = (await both.update({
      resourceType: 'Organization',
      id: company?.id ?? '',
      body: wire({ ...(company as Organization), name: 'Garonne Industries SA' }),
    })) as Organization;
    expect(renamed.meta?.versionId).toBe('2');
    const [after] = await ctx.database.db
      .select({ companyName: participants.companyName })
      .from(participants)
      .where(eq(participants.id, patientIds[1] ?? 0));
    expect(after?.companyName).toBe('Garonne Industries SA');
  });

  it('refuses an establishment without its company, or with a locality not of its postal code', async () => {
    const writer = await systemClient(ctx, 'system/Organization.cruds');
    const orgs = new Client({ baseUrl, bearerToken: await writer.token() });
    const orphan = await refusal(
      orgs.create({
        resourceType: 'Organization',
        body: wire({ resourceType: 'Organization', type: level('ETABLISSEMENT'), name: 'Seul' }),
      }),
    );
    expect(orphan.status).toBe(422);
    expect(expressions(orphan.outcome)).toEqual(['Organization.partOf']);
    const wrongCity = await refusal(
      orgs.create({
        resourceType: 'Organization',
        body: wire({
          resourceType: 'Organization',
          type: level('ETABLISSEMENT'),
          name: 'Ailleurs',
          partOf: { reference: 'Organization/ent-1' },
          address: [{ line: ['1 rue A'], postalCode: '33000', city: 'Lyon', country: 'FR' }],
        }),
      }),
    );
    expect(wrongCity.status).toBe(422);
    expect(expressions(wrongCity.outcome)).toEqual(['Organization.address[0].city']);
  });
});

describe('Patient $activation-code', () => {
  it('gives the back office a new code for its letter each time, hashed in the database, audited', async () => {
    const created = (await client.create({ resourceType: 'Patient', body: wire(newPatient()) })) as Patient;
    const first = (await client.operation({
      name: '$activation-code',
      resourceType: 'Patient',
      id: created.id ?? '',
      input: { resourceType: 'Parameters' },
    })) as unknown as { parameter: { name: string; valueString?: string; valueInstant?: string }[] };
    const code = first.parameter.find((item) => item.name === 'code')?.valueString ?? '';
    expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
    expect(first.parameter.find((item) => item.name === 'expires')?.valueInstant).toBeTruthy();
    const second = (await client.operation({
      name: '$activation-code',
      resourceType: 'Patient',
      id: created.id ?? '',
      input: { resourceType: 'Parameters' },
    })) as unknown as { parameter: { name: string; valueString?: string }[] };
    expect(second.parameter[0]?.valueString).not.toBe(code);
    const [account] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.participantId, Number(created.id)));
    const stored = await ctx.database.db.execute(
      sql`select code_hash from activation_codes where user_id = ${account?.id ?? 0}`,
    );
    expect(JSON.stringify(stored)).not.toContain(code);
    const missing = await refusal(
      client.operation({
        name: '$activation-code',
        resourceType: 'Patient',
        id: '999999',
        input: { resourceType: 'Parameters' },
      }),
    );
    expect(missing.status).toBe(404);
  });
});
