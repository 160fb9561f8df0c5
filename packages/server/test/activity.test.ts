import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { DOCUMENT_CATEGORY_SYSTEM, DOCUMENT_TYPE_SYSTEM } from '@portail/contract/integration/fhir-documents';
import { formatPersonName } from '@portail/contract/rules/person-name';
import { type ActivityEntry, activityList } from '@portail/contract/schemas/activity';
import { participant as participantSchema } from '@portail/contract/schemas/participants';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, documentTypes, users } from '../src/db/schema';
import { staffPseudonym } from '../src/features/activity/staff-pseudonym';
import { DOCUMENT_EXTENSION } from '../src/features/integration/document-reference.mapping';
import { accountOf, headersOf } from './documents-fixtures';
import { systemClient } from './fhir-fixtures';
import { createTestContext, signIn, type TestContext } from './helper';
import { updateFormOf } from './participants-fixtures';

/**
 * "My activity" (docs/activity.md): participant.dmc reads who accessed or changed their record, from
 * the audit trail the portal already writes; another participant's events never show, and no one but
 * the participant may read it.
 */
let ctx: TestContext;
let dmc: { userId: number; participantId: number };
let other: { userId: number; participantId: number };
let fhirToken: string;
let documentTypeId: number;

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function participantAccount(login: string) {
  const account = await accountOf(ctx, login);
  if (!account.participantId) throw new Error(`${login} is no participant`);
  return { userId: account.userId, participantId: account.participantId };
}

beforeAll(async () => {
  ctx = await createTestContext({ participants: 20 });
  dmc = await participantAccount('participant.dmc');
  other = await participantAccount('participant.sansdmc');
  const client = await systemClient(
    ctx,
    'system/Patient.cruds system/DocumentReference.cruds system/Binary.cr',
  );
  fhirToken = await client.token();
  const [type] = await ctx.database.db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(and(eq(documentTypes.category, 'MEDICO_TECHNIQUE'), eq(documentTypes.active, true)))
    .limit(1);
  if (!type) throw new Error('no document type');
  documentTypeId = type.id;
}, 60_000);
afterAll(async () => ctx.close());

async function activity(login: string, query: Record<string, string> = {}) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/participant/activite',
    query,
    headers: await headersOf(ctx, login),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { list: activityList.parse(reply.json()), body: reply.body };
}

/** A sign-in from a given browser, code confirmed, as the web does it. */
async function signInFrom(login: string, userAgent: string) {
  await signIn(ctx, login, 'participant', { userAgent });
}

async function ownDocumentIds(participantId: number) {
  const rows = await ctx.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.participantId, participantId), eq(documents.active, true)))
    .orderBy(asc(documents.id));
  return rows.map((row) => row.id);
}

const fhir = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `${FHIR_BASE_PATH}/${path}`,
    headers: { authorization: `Bearer ${fhirToken}`, 'content-type': 'application/fhir+json' },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

function publishedDocument(participantId: number, description: string, availableFrom?: string) {
  const pdf = Buffer.from(`%PDF-1.7\n% ${description}\n%%EOF\n`).toString('base64');
  return {
    resourceType: 'DocumentReference',
    status: 'current',
    subject: { reference: `Patient/${participantId}` },
    category: [{ coding: [{ system: DOCUMENT_CATEGORY_SYSTEM, code: 'MEDICO_TECHNIQUE' }] }],
    type: { coding: [{ system: DOCUMENT_TYPE_SYSTEM, code: String(documentTypeId) }] },
    description,
    ...(availableFrom
      ? { extension: [{ url: DOCUMENT_EXTENSION.availableFrom, valueDateTime: availableFrom }] }
      : {}),
    content: [{ attachment: { contentType: 'application/pdf', data: pdf, title: `${description}.pdf` } }],
  };
}

/** The first demo correspondant who manages the participant, with the participant as they read it. */
async function managerOf(participantId: number) {
  for (const login of ['corr.etablissement', 'corr.entreprise', 'corr.groupe', 'corr.autre']) {
    const headers = await headersOf(ctx, login, 'correspondant');
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/adherents/${participantId}`, headers });
    if (detail.statusCode === 200) return { login, headers, record: participantSchema.parse(detail.json()) };
  }
  throw new Error(`no correspondant manages participant ${participantId}`);
}

/** A correspondant who manages the participant changes their mobile and landline on the form. */
async function correspondantChanges(participantId: number) {
  const { login, headers, record } = await managerOf(participantId);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/adherentsCorrespondant/detail',
    headers,
    payload: {
      ...updateFormOf(record),
      telephonePortable: '06 98 76 54 32',
      telephoneFixe: '01 23 45 67 89',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return login;
}

const kinds = (items: ActivityEntry[]) => items.map((item) => item.kind);

describe('My activity of participant.dmc', () => {
  let allItems: ActivityEntry[];
  let published: number;
  let corrLogin: string;

  beforeAll(async () => {
    await signInFrom('participant.dmc', FIREFOX_WINDOWS);
    // The password typed elsewhere, the text-message code never confirmed.
    await signIn(ctx, 'participant.dmc', 'participant', { userAgent: CHROME_LINUX, confirm: false });
    const [first, second] = await ownDocumentIds(dmc.participantId);
    if (!first || !second) throw new Error('participant.dmc has fewer than two documents');
    const headers = await headersOf(ctx, 'participant.dmc');
    await ctx.app.inject({ method: 'GET', url: `/api/document/${first}/`, headers });
    await ctx.app.inject({
      method: 'GET',
      url: `/api/document/${second}/`,
      query: { usage: 'download' },
      headers,
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/download',
      headers,
      payload: { mail: 'Jean.Martin@GMail.com', password: 'Sésame ouvre-toi 42!', idDocuments: [first] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    corrLogin = await correspondantChanges(dmc.participantId);
    // The centre's system changes the e-mail through the integration API.
    const patient = await fhir('GET', `Patient/${dmc.participantId}`);
    expect(patient.statusCode, patient.body).toBe(200);
    const resource = patient.json<{ telecom?: { system: string; value: string }[] }>();
    const telecom = (resource.telecom ?? []).filter((item) => item.system !== 'email');
    const put = await fhir('PUT', `Patient/${dmc.participantId}`, {
      ...resource,
      telecom: [...telecom, { system: 'email', value: 'dmc.nouveau@example.fr' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const created = await fhir(
      'POST',
      'DocumentReference',
      publishedDocument(dmc.participantId, 'Compte rendu cardiologie'),
    );
    expect(created.statusCode, created.body).toBe(201);
    published = Number(created.json<{ id: string }>().id);
    const held = await fhir(
      'POST',
      'DocumentReference',
      publishedDocument(dmc.participantId, 'Résultat à venir', '2099-07-01'),
    );
    expect(held.statusCode, held.body).toBe(201);
    const operator = await headersOf(ctx, 'operateur', 'staff');
    const card = await ctx.app.inject({
      method: 'GET',
      url: `/api/centre/accounts/${dmc.userId}`,
      headers: operator,
    });
    expect(card.statusCode, card.body).toBe(200);
    // Another participant's events, written the same ways, must never show in participant.dmc's list.
    const [otherDocument] = await ownDocumentIds(other.participantId);
    if (otherDocument)
      await ctx.app.inject({
        method: 'GET',
        url: `/api/document/${otherDocument}/`,
        headers: await headersOf(ctx, 'participant.sansdmc'),
      });
    await fhir('POST', 'DocumentReference', publishedDocument(other.participantId, 'Document d’un autre'));
    await ctx.app.inject({
      method: 'GET',
      url: `/api/centre/accounts/${other.userId}`,
      headers: operator,
    });
    allItems = (await activity('participant.dmc', { size: '100' })).list.items;
  }, 60_000);

  it('lists the sign-in with its browser and system, never an address', async () => {
    const signIn = allItems.find((item) => item.kind === 'signIn' && item.browser?.includes('Firefox'));
    expect(signIn).toMatchObject({
      actor: { kind: 'self' },
      browser: expect.stringMatching(/Firefox 128 · Windows/),
    });
    const { body } = await activity('participant.dmc', { size: '100' });
    expect(body).not.toMatch(/127\.0\.0\.1|"ip"|details/);
  });

  it('tells a password sign-in whose code was never confirmed apart from a confirmed one', () => {
    const unconfirmed = allItems.filter((item) => item.kind === 'signInUnconfirmed');
    expect(unconfirmed).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'self' }),
        browser: expect.stringMatching(/^Chrome 131 · Linux/),
      }),
    ]);
    expect(allItems.some((item) => item.kind === 'signIn' && item.browser?.includes('Chrome'))).toBe(false);
    expect(allItems.some((item) => item.kind === 'signIn' && item.browser?.includes('Firefox'))).toBe(true);
  });

  it('lists the documents viewed and downloaded by their titles, newest first', () => {
    const viewed = allItems.find((item) => item.kind === 'documentViewed');
    const downloaded = allItems.find((item) => item.kind === 'documentDownloaded');
    expect(viewed?.documents).toHaveLength(1);
    expect(viewed?.documents[0]).toMatch(/\S/);
    expect(downloaded?.documents).toHaveLength(1);
    const times = allItems.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('tells a send with the recipient domain only', async () => {
    const sent = allItems.find((item) => item.kind === 'documentsSent');
    expect(sent).toMatchObject({ recipientDomain: 'gmail.com', documentCount: 1, actor: { kind: 'self' } });
    const { body } = await activity('participant.dmc', { size: '100' });
    expect(body.toLowerCase()).not.toContain('jean.martin');
  });

  it('names the correspondant and the fields they changed, never the values', async () => {
    const change = allItems.find(
      (item) => item.kind === 'recordChanged' && item.actor.kind === 'correspondant',
    );
    const [corr] = await ctx.database.db
      .select({ lastName: users.lastName, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.login, corrLogin), eq(users.kind, 'CORRESPONDANT')));
    expect(change?.actor.name).toBe(formatPersonName(corr?.lastName, corr?.firstName));
    expect(change?.fields).toEqual(expect.arrayContaining(['landline', 'mobile']));
    const { body } = await activity('participant.dmc', { size: '100' });
    expect(body).not.toContain('06 98 76 54 32');
    expect(body).not.toContain('0698765432');
  });

  it("tells the centre's system change as 'system', with the field and no client name", async () => {
    const change = allItems.find((item) => item.kind === 'recordChanged' && item.actor.kind === 'system');
    expect(change).toMatchObject({ actor: { kind: 'system', name: null }, fields: ['email'] });
    const { body } = await activity('participant.dmc', { size: '100' });
    expect(body).not.toContain('Test client');
  });

  it('tells a document published to the participant, and not one still held', () => {
    const items = allItems.filter((item) => item.kind === 'documentPublished');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: { kind: 'system' }, documents: ['Compte rendu cardiologie'] });
    expect(published).toBeGreaterThan(0);
    expect(JSON.stringify(allItems)).not.toContain('Résultat à venir');
  });

  it("names the centre's staff by role and name, or by a stable pseudonym when the centre chose so", async () => {
    const viewed = allItems.find((item) => item.kind === 'staffAction');
    expect(viewed).toMatchObject({
      staffAction: 'ACCOUNT_VIEWED',
      actor: { kind: 'staff', role: 'operator', pseudonym: false },
    });
    const operator = await accountOf(ctx, 'operateur');
    const pseudonym = staffPseudonym(ctx.config.codeSecret, operator.userId);
    expect(viewed?.actor.name).not.toBe(pseudonym);
    // The setting is read at each request (the plugin holds the app's configuration object).
    ctx.config.activityStaffNames = 'pseudonym';
    try {
      const first = (await activity('participant.dmc', { type: 'staff' })).list.items[0];
      const again = (await activity('participant.dmc', { type: 'staff' })).list.items[0];
      expect(first?.actor).toEqual({ kind: 'staff', role: 'operator', name: pseudonym, pseudonym: true });
      expect(again?.actor.name).toBe(pseudonym);
      expect(pseudonym).toMatch(/^[A-Z2-9]{4}$/);
      const admin = await accountOf(ctx, 'admin');
      expect(staffPseudonym(ctx.config.codeSecret, admin.userId)).not.toBe(pseudonym);
    } finally {
      ctx.config.activityStaffNames = 'name';
    }
  });

  it('filters by family of events', async () => {
    const families = {
      signIns: [
        'signIn',
        'signInUnconfirmed',
        'signInFailed',
        'codeFailed',
        'accountLocked',
        'passwordChanged',
      ],
      documents: [
        'documentViewed',
        'documentDownloaded',
        'documentsSent',
        'documentsSendFailed',
        'dataArchiveBuilt',
      ],
      recordChanges: [
        'recordCreated',
        'recordChanged',
        'contactChanged',
        'membershipEnded',
        'membershipResumed',
        'transferRequested',
        'transferAccepted',
        'transferCancelled',
      ],
      staff: ['staffAction'],
      published: ['documentPublished', 'documentUpdated'],
    };
    for (const [type, allowed] of Object.entries(families)) {
      const { list } = await activity('participant.dmc', { type, size: '100' });
      expect(list.items.length, type).toBeGreaterThan(0);
      for (const kind of kinds(list.items)) expect(allowed, type).toContain(kind);
    }
  });

  it('pages newest first with the same total on every page', async () => {
    const first = (await activity('participant.dmc', { size: '2', page: '0' })).list;
    const second = (await activity('participant.dmc', { size: '2', page: '1' })).list;
    expect(first.totalRows).toBe(allItems.length);
    expect(second.totalRows).toBe(allItems.length);
    expect(first.items.map((item) => item.id)).toEqual(allItems.slice(0, 2).map((item) => item.id));
    expect(second.items.map((item) => item.id)).toEqual(allItems.slice(2, 4).map((item) => item.id));
    const past = (await activity('participant.dmc', { size: '2', page: '500' })).list;
    expect(past).toEqual({ items: [], totalRows: allItems.length, subTotal: 0 });
  });

  it("never shows another participant's events", async () => {
    const rows = await ctx.database.db
      .select({ id: auditLog.id, participantId: auditLog.participantId, actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(
        inArray(
          auditLog.id,
          allItems.map((item) => item.id),
        ),
      );
    for (const row of rows) {
      expect(row.participantId === dmc.participantId || row.actorUserId === dmc.userId, String(row.id)).toBe(
        true,
      );
    }
    expect(JSON.stringify(allItems)).not.toContain('Document d’un autre');
    const theirs = (await activity('participant.sansdmc', { size: '100' })).list.items;
    const mine = new Set(allItems.map((item) => item.id));
    expect(theirs.filter((item) => mine.has(item.id))).toEqual([]);
    expect(theirs.some((item) => item.documents.includes('Document d’un autre'))).toBe(true);
  });

  it("reads no one else's trail whatever the query names", async () => {
    const plain = (await activity('participant.sansdmc', { size: '100' })).list;
    const queries: Record<string, string>[] = [
      { participant: String(dmc.participantId) },
      { participantId: String(dmc.participantId) },
      { userId: String(dmc.userId), user: String(dmc.userId) },
      { id: String(dmc.participantId), actor: 'participant.dmc' },
    ];
    for (const query of queries) {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: '/api/participant/activite',
        query: { size: '100', ...query },
        headers: await headersOf(ctx, 'participant.sansdmc'),
      });
      if (reply.statusCode === 200) expect(activityList.parse(reply.json())).toEqual(plain);
      else expect(reply.statusCode).toBe(400);
    }
  });

  it('refuses a bad filter or page with 400', async () => {
    const queries: Record<string, string>[] = [{ type: 'everything' }, { page: '-1' }, { size: '1000' }];
    for (const query of queries) {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: '/api/participant/activite',
        query,
        headers: await headersOf(ctx, 'participant.dmc'),
      });
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('refuses correspondants and the centre staff (403)', async () => {
    for (const [login, kind] of [
      ['corr.groupe', 'correspondant'],
      ['operateur', 'staff'],
      ['admin', 'staff'],
    ] as const) {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: '/api/participant/activite',
        headers: await headersOf(ctx, login, kind),
      });
      expect(reply.statusCode, login).toBe(403);
    }
  });
});

describe('the participant of every event that concerns one', () => {
  it('is recorded on record changes, publications and sends', async () => {
    const rows = await ctx.database.db
      .select({ action: auditLog.action, participantId: auditLog.participantId })
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'PARTICIPANT_UPDATED',
          'FHIR_DOCUMENT_CREATED',
          'DOCUMENTS_SENT',
          'STAFF_ACCOUNT_VIEWED',
        ]),
      );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row.participantId, row.action).not.toBeNull();
  });
});

describe("a correspondant's other changes to a record", () => {
  it('tell the participant their membership ended and was restored, and nobody else', async () => {
    const { headers } = await managerOf(other.participantId);
    const ended = await ctx.app.inject({
      method: 'POST',
      url: `/api/adherents/${other.participantId}/resilier`,
      headers,
      payload: { motifMouvement: 52 },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const resumed = await ctx.app.inject({
      method: 'POST',
      url: `/api/adherents/${other.participantId}/adherer`,
      headers,
      payload: {},
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const theirs = (await activity('participant.sansdmc', { type: 'recordChanges' })).list.items;
    expect(kinds(theirs).slice(0, 2)).toEqual(['membershipResumed', 'membershipEnded']);
    expect(theirs[0]?.actor.kind).toBe('correspondant');
    const mine = (await activity('participant.dmc', { type: 'recordChanges', size: '100' })).list.items;
    expect(kinds(mine)).not.toContain('membershipEnded');
  });
});
