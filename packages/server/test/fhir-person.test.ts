import type { Bundle, OperationOutcome, Person, Resource } from '@medplum/fhirtypes';
import { CENTRE_ID_SYSTEMS, FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { Client, type FhirResource } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, correspondants, establishments, users } from '../src/db/schema';
import { PERSON_EXTENSIONS } from '../src/features/integration/person-mapping';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, passwordRequest, type TestContext } from './helper';
import {
  correspondantForm,
  NEW_PASSWORD,
  registrationCall,
  resultOf,
  tokenIn,
} from './registration-fixtures';

/**
 * Issue 19: correspondants written by the centre's information system as FHIR Person, driven by a
 * client no one here wrote (fhir-kit-client) against the listening server: a creation mails the
 * registration link the person then completes; updates follow the screens' rules (a registered
 * account's new mail waits for its code); a deactivation stops sign-in; refusals name the element
 * and write nothing; managingOrganization gives the scope.
 */
let ctx: TestContext;
let baseUrl: string;
let client: Client;
let establishmentId: number;
let companyId: number;
let groupId: number;
const SYSTEM = CENTRE_ID_SYSTEMS.correspondant;

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 20, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}${FHIR_BASE_PATH}`;
  const writer = await systemClient(ctx, 'system/Person.cruds system/Organization.rs');
  client = new Client({ baseUrl, bearerToken: await writer.token() });
  const [row] = await ctx.database.db
    .select({ id: establishments.id, companyId: establishments.companyId, groupId: companies.groupId })
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(isNull(establishments.terminationDate))
    .limit(1);
  if (!row?.groupId) throw new Error('no open establishment of a company in a group');
  ({ id: establishmentId, companyId, groupId } = { ...row, groupId: row.groupId });
}, 60_000);
afterAll(async () => ctx.close());

let counter = 0;
/** A correspondant the back office would send: HR of an establishment, with the centre's number. */
function newPerson(overrides: Partial<Person> = {}): Person {
  counter++;
  const stamp = `${Date.now()}-${counter}`;
  return {
    resourceType: 'Person',
    identifier: [{ system: SYSTEM, value: `RH-${stamp}` }],
    active: true,
    name: [{ use: 'official', family: 'Rhodes', given: ['Inès'], prefix: ['Mme'] }],
    telecom: [
      { system: 'phone', use: 'work', value: '05 56 11 22 33' },
      { system: 'phone', use: 'mobile', value: '06 22 33 44 55' },
      { system: 'email', use: 'work', value: `ines.${stamp}@example.fr` },
    ],
    managingOrganization: { reference: `Organization/etab-${establishmentId}` },
    extension: [{ url: PERSON_EXTENSIONS.jobTitle, valueString: 'Responsable RH' }],
    ...overrides,
  };
}

/** fhir-kit-client types its replies as any resource; these calls answer Bundles. */
const asBundle = (reply: unknown) => reply as Bundle;
const wire = (resource: Resource): FhirResource => JSON.parse(JSON.stringify(resource)) as FhirResource;
const expressions = (outcome: OperationOutcome) => outcome.issue.flatMap((issue) => issue.expression ?? []);
const mailOf = (person: Person) => person.telecom?.find((point) => point.system === 'email')?.value ?? '';

async function refusal(call: Promise<unknown>): Promise<{ status: number; outcome: OperationOutcome }> {
  try {
    await call;
  } catch (error) {
    const { response } = error as { response: { status: number; data: OperationOutcome } };
    return { status: response.status, outcome: response.data };
  }
  throw new Error('the call was not refused');
}

async function correspondantCount() {
  return (await ctx.database.db.select({ id: correspondants.id }).from(correspondants)).length;
}

const accountOf = async (id: string) => {
  const [account] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.correspondantId, Number(id)));
  if (!account) throw new Error(`no account for correspondant ${id}`);
  return account;
};

/** The latest mail to an address, as the notifier recorded it. */
const lastMailTo = (to: string) => [...ctx.notifier.mails].reverse().find((mail) => mail.to === to);

/** Creates a correspondant and completes their registration by the mailed link, as the person does. */
async function registered(overrides: Partial<Person> = {}) {
  const created = (await client.create({
    resourceType: 'Person',
    body: wire(newPerson(overrides)),
  })) as Person;
  const mail = lastMailTo(mailOf(created));
  if (!mail) throw new Error('no registration mail');
  const done = await resultOf(
    await registrationCall(ctx, 'POST', 'confirmation', tokenIn(mail.text), correspondantForm()),
  );
  expect(done.ok).toBe(true);
  return { created, account: await accountOf(created.id ?? '') };
}

describe('Person create', () => {
  it('creates a correspondant of the establishment with an account, mails the registration link after commit, and the link registers them', async () => {
    const sent = newPerson();
    const mails = ctx.notifier.mails.length;
    const created = (await client.create({ resourceType: 'Person', body: wire(sent) })) as Person;
    expect(created.id).toMatch(/^\d+$/);
    expect(created.meta?.versionId).toBe('1');
    expect(created.managingOrganization?.reference).toBe(`Organization/etab-${establishmentId}`);
    expect(created.name?.[0]).toMatchObject({ family: 'Rhodes', given: ['Inès'], prefix: ['Mme'] });
    expect(created.identifier).toContainEqual(sent.identifier?.[0]);
    const [row] = await ctx.database.db
      .select()
      .from(correspondants)
      .where(eq(correspondants.id, Number(created.id)));
    expect(row).toMatchObject({
      scopeLevel: 'ETABLISSEMENT',
      establishmentId,
      companyId,
      groupId,
      active: true,
      email: mailOf(sent),
      mobile: '06 22 33 44 55',
      landline: '05 56 11 22 33',
      jobTitle: 'Responsable RH',
      centreId: sent.identifier?.[0]?.value,
    });
    const account = await accountOf(created.id ?? '');
    expect(account).toMatchObject({ kind: 'CORRESPONDANT', active: false, passwordHash: null });
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    const mail = lastMailTo(mailOf(sent));
    expect(mail?.text).toContain('RHODES Inès');
    const token = tokenIn(mail?.text ?? '');
    const done = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, correspondantForm()),
    );
    expect(done.ok).toBe(true);
    const signIn = await passwordRequest(ctx.app, account.login, true, NEW_PASSWORD);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CORRESPONDANT_CREATED'), eq(auditLog.targetId, String(created.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({ source: 'fhir', scope: 'ETABLISSEMENT' });
  });

  it('takes the scope from the organisation named: a company or a group', async () => {
    const ofCompany = (await client.create({
      resourceType: 'Person',
      body: wire(newPerson({ managingOrganization: { reference: `Organization/ent-${companyId}` } })),
    })) as Person;
    const ofGroup = (await client.create({
      resourceType: 'Person',
      body: wire(newPerson({ managingOrganization: { reference: `Organization/grp-${groupId}` } })),
    })) as Person;
    const rows = await ctx.database.db
      .select()
      .from(correspondants)
      .where(eq(correspondants.centreId, ofCompany.identifier?.[1]?.value ?? ''));
    expect(rows[0]).toMatchObject({ scopeLevel: 'ENTREPRISE', companyId, establishmentId: null, groupId });
    const [group] = await ctx.database.db
      .select()
      .from(correspondants)
      .where(eq(correspondants.id, Number(ofGroup.id)));
    expect(group).toMatchObject({
      scopeLevel: 'GROUPEMENT',
      groupId,
      companyId: null,
      establishmentId: null,
    });
    const found = asBundle(
      await client.search({
        resourceType: 'Person',
        searchParams: { organization: `Organization/grp-${groupId}` },
      }),
    );
    const ids = (found.entry ?? []).map((entry) => entry.resource?.id);
    expect(ids).toContain(ofGroup.id);
    expect(ids).not.toContain(ofCompany.id);
  });

  it('refuses what breaks the screens’ rules with 422 naming each element, and writes and mails nothing', async () => {
    const before = await correspondantCount();
    const mails = ctx.notifier.mails.length;
    const bad = newPerson({
      name: [{ use: 'official', given: ['Inès'], prefix: ['Dr'] }],
      telecom: [
        { system: 'phone', use: 'mobile', value: '01 02' },
        { system: 'email', value: 'not-an-address' },
      ],
    });
    const { status, outcome } = await refusal(client.create({ resourceType: 'Person', body: wire(bad) }));
    expect(status).toBe(422);
    expect(expressions(outcome)).toEqual(
      expect.arrayContaining([
        'Person.name[0].prefix[0]',
        'Person.name[0].family',
        'Person.telecom[1].value',
      ]),
    );
    const noMail = newPerson({ telecom: [{ system: 'phone', use: 'mobile', value: '06 22 33 44 55' }] });
    const missing = await refusal(client.create({ resourceType: 'Person', body: wire(noMail) }));
    expect(missing.status).toBe(422);
    expect(expressions(missing.outcome)).toEqual(['Person.telecom']);
    const wrongMobile = newPerson({
      telecom: [
        { system: 'phone', use: 'mobile', value: '01 02 03 04 05' },
        { system: 'email', value: 'a@b.fr' },
      ],
    });
    const mobile = await refusal(client.create({ resourceType: 'Person', body: wire(wrongMobile) }));
    expect(expressions(mobile.outcome)).toEqual(['Person.telecom[0].value']);
    const nowhere = await refusal(
      client.create({
        resourceType: 'Person',
        body: wire(newPerson({ managingOrganization: { reference: 'Organization/etab-999999' } })),
      }),
    );
    expect(nowhere.status).toBe(422);
    expect(expressions(nowhere.outcome)).toEqual(['Person.managingOrganization']);
    const unscoped = await refusal(
      client.create({ resourceType: 'Person', body: wire(newPerson({ managingOrganization: undefined })) }),
    );
    expect(unscoped.status).toBe(422);
    expect(expressions(unscoped.outcome)).toEqual(['Person.managingOrganization']);
    // A code outside R4's required binding (the validator leaves bindings to the mapping).
    const gender = await refusal(
      client.create({
        resourceType: 'Person',
        body: wire({ ...newPerson(), gender: 'homme' } as unknown as Person),
      }),
    );
    expect(gender.status).toBe(422);
    expect(expressions(gender.outcome)).toEqual(['Person.gender']);
    // What the R4 definitions refuse: 400.
    const structural = await refusal(
      client.create({
        resourceType: 'Person',
        body: wire({ ...newPerson(), birthDate: '1980-13-45' } as unknown as Person),
      }),
    );
    expect(structural.status).toBe(400);
    expect(expressions(structural.outcome).join(' ')).toContain('Person.birthDate');
    expect(await correspondantCount()).toBe(before);
    expect(ctx.notifier.mails).toHaveLength(mails);
  });
});

describe('Person update', () => {
  it('upserts by the centre’s identifier: one correspondant, one mail; names, phones and job change', async () => {
    const sent = newPerson();
    const identifier = `${SYSTEM}|${sent.identifier?.[0]?.value}`;
    const mails = ctx.notifier.mails.length;
    const first = (await client.update({
      resourceType: 'Person',
      searchParams: { identifier },
      body: wire(sent),
    })) as Person;
    const same = (await client.update({
      resourceType: 'Person',
      searchParams: { identifier },
      body: wire(sent),
    })) as Person;
    expect(same.id).toBe(first.id);
    expect(same.meta?.versionId).toBe('1');
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    const changed = (await client.update({
      resourceType: 'Person',
      searchParams: { identifier },
      body: wire({
        ...sent,
        name: [{ use: 'official', family: 'Rhodes-Martin', given: ['Inès'], prefix: ['Mme'] }],
        telecom: [
          ...(sent.telecom ?? []).filter((point) => point.use !== 'work' || point.system === 'email'),
          { system: 'fax', value: '05 56 99 99 99' },
        ],
        extension: [{ url: PERSON_EXTENSIONS.jobTitle, valueString: 'DRH' }],
      }),
    })) as Person;
    expect(changed.meta?.versionId).toBe('2');
    const [row] = await ctx.database.db
      .select()
      .from(correspondants)
      .where(eq(correspondants.id, Number(first.id)));
    expect(row).toMatchObject({
      lastName: 'Rhodes-Martin',
      landline: null,
      fax: '05 56 99 99 99',
      jobTitle: 'DRH',
    });
    expect((await accountOf(first.id ?? '')).lastName).toBe('Rhodes-Martin');
    const found = asBundle(
      await client.search({
        resourceType: 'Person',
        searchParams: { identifier },
      }),
    );
    expect(found.total).toBe(1);
  });

  it('mails a new link to a corrected mail of a correspondant still to register; the old link no longer works', async () => {
    const created = (await client.create({ resourceType: 'Person', body: wire(newPerson()) })) as Person;
    const oldToken = tokenIn(lastMailTo(mailOf(created))?.text ?? '');
    const corrected = `corrected.${Date.now()}@example.fr`;
    await client.update({
      resourceType: 'Person',
      id: created.id ?? '',
      body: wire({ ...created, telecom: [{ system: 'email', value: corrected }] }),
    });
    const account = await accountOf(created.id ?? '');
    expect(account.email).toBe(corrected);
    const newToken = tokenIn(lastMailTo(corrected)?.text ?? '');
    const stale = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', oldToken, correspondantForm()),
    );
    expect(stale.ok).toBe(false);
    const done = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', newToken, correspondantForm()),
    );
    expect(done.ok).toBe(true);
  });

  it('a registered correspondant’s new mail waits for the code mailed to it, as on the screens', async () => {
    const { created, account } = await registered();
    const next = `next.${Date.now()}@example.fr`;
    const telecom = [
      ...(created.telecom ?? []).filter((point) => point.system !== 'email'),
      { system: 'email' as const, value: next },
    ];
    const answered = (await client.update({
      resourceType: 'Person',
      id: created.id ?? '',
      body: wire({ ...created, telecom }),
    })) as Person;
    // The record and the account keep the confirmed mail; the new one shows as pending.
    expect(mailOf(answered)).toBe(mailOf(created));
    expect(answered.extension).toContainEqual({
      url: PERSON_EXTENSIONS.pendingTelecom,
      valueContactPoint: { system: 'email', use: 'work', value: next },
    });
    const codeMail = lastMailTo(next);
    const code = codeMail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    // Sending the same again mails no second code.
    const mails = ctx.notifier.mails.length;
    await client.update({
      resourceType: 'Person',
      id: created.id ?? '',
      body: wire({ ...created, telecom }),
    });
    expect(ctx.notifier.mails).toHaveLength(mails);
    // The person confirms on their details page: the account and the record change together.
    const signIn = await passwordRequest(ctx.app, account.login, true, NEW_PASSWORD);
    const access = signIn.json<{ access_token: string }>().access_token;
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/contact/confirmation',
      headers: { authorization: `Bearer ${access}` },
      payload: { canal: 'EMAIL', code },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const read = (await client.read({ resourceType: 'Person', id: created.id ?? '' })) as Person;
    expect(mailOf(read)).toBe(next);
    expect(read.extension?.some((item) => item.url === PERSON_EXTENSIONS.pendingTelecom)).toBe(false);
  });

  it('deactivates (never deletes): the correspondant can no longer sign in, and re-activation lets them back', async () => {
    const { created, account } = await registered();
    expect((await passwordRequest(ctx.app, account.login, true, NEW_PASSWORD)).statusCode).toBe(200);
    const off = (await client.update({
      resourceType: 'Person',
      id: created.id ?? '',
      body: wire({ ...created, active: false }),
    })) as Person;
    expect(off.active).toBe(false);
    expect((await passwordRequest(ctx.app, account.login, true, NEW_PASSWORD)).statusCode).toBe(400);
    const inactive = asBundle(
      await client.search({
        resourceType: 'Person',
        searchParams: { _id: created.id ?? '', active: 'false' },
      }),
    );
    expect(inactive.total).toBe(1);
    await client.update({
      resourceType: 'Person',
      id: created.id ?? '',
      body: wire({ ...created, active: true }),
    });
    expect((await passwordRequest(ctx.app, account.login, true, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a stale If-Match with 412 and an update of nobody with 404', async () => {
    const created = (await client.create({ resourceType: 'Person', body: wire(newPerson()) })) as Person;
    await client.update({
      resourceType: 'Person',
      id: created.id ?? '',
      body: wire({ ...created, extension: [] }),
    });
    const stale = await refusal(
      client.update({
        resourceType: 'Person',
        id: created.id ?? '',
        body: wire(created),
        options: { headers: { 'If-Match': 'W/"1"' } },
      }),
    );
    expect(stale.status).toBe(412);
    const nobody = await refusal(
      client.update({ resourceType: 'Person', id: '999999', body: wire({ ...newPerson(), id: '999999' }) }),
    );
    expect(nobody.status).toBe(404);
  });
});

describe('Person read and feed', () => {
  it('is in the change feed, whoever changes it (the API, or the portal’s own save), and in _lastUpdated searches', async () => {
    const end = asBundle(await client.request('Person/_history?_count=1000'));
    const since = end.meta?.lastUpdated ?? new Date(0).toISOString();
    const created = (await client.create({ resourceType: 'Person', body: wire(newPerson()) })) as Person;
    // What the correspondant's own save (correspondant-save.service.ts) writes.
    await ctx.database.db
      .update(correspondants)
      .set({ jobTitle: 'Chargée RH' })
      .where(eq(correspondants.id, Number(created.id)));
    const feed = asBundle(
      await client.request(`Person/_history?_since=${encodeURIComponent(since)}&_count=100`),
    );
    const entries = (feed.entry ?? []).filter((entry) => entry.resource?.id === created.id);
    expect(entries).toHaveLength(1);
    const current = entries[0]?.resource as Person | undefined;
    expect(current?.meta?.versionId).toBe('2');
    expect(current?.extension).toContainEqual({ url: PERSON_EXTENSIONS.jobTitle, valueString: 'Chargée RH' });
    const recent = asBundle(
      await client.search({
        resourceType: 'Person',
        searchParams: { _lastUpdated: `ge${created.meta?.lastUpdated}` },
      }),
    );
    expect((recent.entry ?? []).map((entry) => entry.resource?.id)).toContain(created.id);
  });
});
