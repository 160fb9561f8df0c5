import { ACCOUNT_MESSAGES, correspondantAddress } from '@portail/contract/schemas/account';
import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { and, asc, count, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, enumItems, establishments } from '../src/db/schema';
import { FRANCE } from '../src/demo/reference';
import { createTestContext, type TestContext } from './helper';
import { type CorrespondantLogin, correspondantOf, headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const get = async (login: CorrespondantLogin | 'corr.coordonnees', query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/adresse${query}`, headers: await headersOf(ctx, login) });

const post = async (login: CorrespondantLogin | 'corr.coordonnees', payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/adresse', headers: await headersOf(ctx, login), payload });

async function establishment(id: number) {
  const [row] = await ctx.database.db.select().from(establishments).where(eq(establishments.id, id));
  if (!row) throw new Error(`no establishment ${id}`);
  return row;
}

/** Establishments of a group other than `except`, open or terminated. */
async function groupEstablishment(groupId: number, except: number, terminated: boolean) {
  const [row] = await ctx.database.db
    .select({ id: establishments.id })
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(
      and(
        eq(companies.groupId, groupId),
        ne(establishments.id, except),
        terminated ? isNotNull(establishments.terminationDate) : isNull(establishments.terminationDate),
      ),
    )
    .orderBy(asc(establishments.id))
    .limit(1);
  if (!row)
    throw new Error(
      `the demo has no ${terminated ? 'terminated' : 'open'} establishment in group ${groupId}`,
    );
  return row.id;
}

async function streetTypeId() {
  const [row] = await ctx.database.db
    .select({ id: enumItems.id })
    .from(enumItems)
    .where(and(eq(enumItems.namespace, 'typeVoie'), eq(enumItems.active, true)))
    .orderBy(asc(enumItems.id))
    .limit(1);
  if (!row) throw new Error('no street type');
  return row.id;
}

const address = (overrides: Record<string, unknown> = {}) => ({
  ligne1: 'Bâtiment B',
  ligne2: null,
  ligne3: null,
  numeroVoie: '12',
  typeVoie: null,
  nomVoie: 'des Lilas',
  ligne5: null,
  codePostal: '69003',
  localite: 'Lyon 3e Arrondissement',
  pays: FRANCE,
  ...overrides,
});

async function addressAudits() {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, 'ESTABLISHMENT_ADDRESS_CHANGED'));
  return row?.n ?? 0;
}

describe('GET /api/adresse', () => {
  it("gives an establishment correspondant their establishment's addresses, billing included and writable", async () => {
    const me = await correspondantOf(ctx, 'corr.etablissement');
    const reply = await get('corr.etablissement');
    expect(reply.statusCode).toBe(200);
    const record = correspondantAddress.parse(reply.json());
    const row = await establishment(me.establishmentId ?? -1);
    expect(record).toMatchObject({
      idEtablissement: row.id,
      raisonsociale: row.name,
      adresseFacturationIdentique: row.billingSameAsGeo,
      modifiable: true,
      facturationModifiable: true,
    });
    expect(record.adresse).toMatchObject({
      ligne1: row.geoLine1,
      nomVoie: row.geoStreetName,
      codePostal: row.geoPostalCode,
      localite: row.geoLocality,
      pays: { id: row.geoCountryId, raccourci: 'FR', unionEuropeenne: true },
    });
    expect(record.adresse.pays?.label).toMatch(/France/);
    if (row.geoStreetTypeId !== null) expect(record.adresse.typeVoie?.id).toBe(row.geoStreetTypeId);
    expect(record.adresseFacturation).toMatchObject({
      codePostal: row.billingPostalCode,
      localite: row.billingLocality,
    });
  });

  it.each([
    ['corr.entreprise', false],
    ['corr.groupe', true],
  ] as const)('gives %s their head office without the billing address', async (login, modifiable) => {
    const me = await correspondantOf(ctx, login);
    const record = correspondantAddress.parse((await get(login)).json());
    expect(record.idEtablissement).toBe(me.establishmentId);
    expect(record.adresseFacturation).toBeNull();
    expect(record).toMatchObject({ modifiable, facturationModifiable: false });
  });

  it('reaches the establishments of the scope by idEtablissement, and no other (404)', async () => {
    const group = await correspondantOf(ctx, 'corr.groupe');
    const sister = await groupEstablishment(group.groupId ?? -1, group.establishmentId ?? -1, false);
    const other = await correspondantOf(ctx, 'corr.autre');
    const inGroup = await get('corr.groupe', `?idEtablissement=${sister}`);
    expect(inGroup.statusCode).toBe(200);
    expect(correspondantAddress.parse(inGroup.json()).idEtablissement).toBe(sister);
    expect((await get('corr.groupe', `?idEtablissement=${other.establishmentId}`)).statusCode).toBe(404);
    expect((await get('corr.groupe', '?idEtablissement=999999')).statusCode).toBe(404);
    // The company's other establishments are the enterprise correspondant's, not the establishment one's.
    const company = await correspondantOf(ctx, 'corr.entreprise');
    const [sibling] = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .where(
        and(
          eq(establishments.companyId, company.companyId ?? -1),
          ne(establishments.id, company.establishmentId ?? -1),
        ),
      )
      .limit(1);
    expect((await get('corr.entreprise', `?idEtablissement=${sibling?.id}`)).statusCode).toBe(200);
    expect((await get('corr.etablissement', `?idEtablissement=${sibling?.id}`)).statusCode).toBe(404);
    const bad = await get('corr.groupe', '?idEtablissement=abc');
    expect(bad.statusCode).toBe(400);
    expect(errorReply.parse(bad.json()).fieldErrors?.[0]?.field).toBe('idEtablissement');
  });
});

describe('POST /api/adresse', () => {
  it('lets an establishment correspondant write both addresses; "same as geographic" copies it into billing', async () => {
    const me = await correspondantOf(ctx, 'corr.coordonnees');
    const typeVoie = await streetTypeId();
    const separate = await post('corr.coordonnees', {
      adresse: address({ typeVoie }),
      adresseFacturation: address({
        ligne1: null,
        nomVoie: 'du Port',
        codePostal: '13002',
        localite: 'Marseille',
      }),
      adresseFacturationIdentique: false,
    });
    expect(separate.statusCode).toBe(200);
    expect(messagesReply.parse(separate.json()).ciemException.messages).toEqual([
      { level: 'INFO', errorCode: ACCOUNT_MESSAGES.addressSaved },
    ]);
    let row = await establishment(me.establishmentId ?? -1);
    expect(row).toMatchObject({
      geoLine1: 'Bâtiment B',
      geoStreetTypeId: typeVoie,
      geoStreetName: 'des Lilas',
      geoPostalCode: '69003',
      billingLine1: null,
      billingStreetName: 'du Port',
      billingPostalCode: '13002',
      billingSameAsGeo: false,
    });

    // The record as GET read it goes back as it is (items as objects).
    const read = correspondantAddress.parse((await get('corr.coordonnees')).json());
    const same = await post('corr.coordonnees', {
      adresse: { ...read.adresse, localite: 'Lyon' },
      adresseFacturation: read.adresseFacturation,
      adresseFacturationIdentique: true,
    });
    expect(same.statusCode).toBe(200);
    row = await establishment(me.establishmentId ?? -1);
    expect(row).toMatchObject({
      geoLocality: 'Lyon',
      billingLine1: 'Bâtiment B',
      billingStreetTypeId: typeVoie,
      billingStreetName: 'des Lilas',
      billingPostalCode: '69003',
      billingLocality: 'Lyon',
      billingSameAsGeo: true,
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ESTABLISHMENT_ADDRESS_CHANGED'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorUserId: me.userId,
      targetType: 'establishment',
      targetId: String(row.id),
    });
    expect(entry?.details).toEqual({
      before: {
        'geo.locality': 'Lyon 3e Arrondissement',
        'billing.line1': null,
        'billing.streetTypeId': null,
        'billing.streetName': 'du Port',
        'billing.postalCode': '13002',
        'billing.locality': 'Marseille',
        billingSameAsGeo: false,
      },
      after: {
        'geo.locality': 'Lyon',
        'billing.line1': 'Bâtiment B',
        'billing.streetTypeId': typeVoie,
        'billing.streetName': 'des Lilas',
        'billing.postalCode': '69003',
        'billing.locality': 'Lyon',
        billingSameAsGeo: true,
      },
    });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const me = await correspondantOf(ctx, 'corr.etablissement');
    const before = await establishment(me.establishmentId ?? -1);
    const audits = await addressAudits();
    const cases: [Record<string, unknown>, { field: string; defaultMessage: string; args?: string[] }[]][] = [
      [
        { adresse: address({ codePostal: '12345678901' }), adresseFacturationIdentique: true },
        [{ field: 'adresse.codePostal', defaultMessage: 'errors.maxlength', args: ['10'] }],
      ],
      [
        { adresse: address({ pays: null }), adresseFacturationIdentique: true },
        [{ field: 'adresse.pays', defaultMessage: 'errors.required' }],
      ],
      [{ adresse: address() }, [{ field: 'adresseFacturationIdentique', defaultMessage: 'errors.required' }]],
      // A French locality outside its postal code's communes (issue 18), on either address.
      [
        { adresse: address({ codePostal: '68130', localite: 'Poses' }), adresseFacturationIdentique: true },
        [{ field: 'adresse.localite', defaultMessage: 'errors.localite' }],
      ],
      [
        {
          adresse: address(),
          adresseFacturationIdentique: false,
          adresseFacturation: address({ codePostal: '68130', localite: null }),
        },
        [{ field: 'adresseFacturation.localite', defaultMessage: 'errors.localite' }],
      ],
      [
        { adresse: address(), adresseFacturationIdentique: false },
        [{ field: 'adresseFacturation', defaultMessage: 'errors.required' }],
      ],
      [
        // A street type id where a country belongs, and an id no list holds.
        {
          adresse: address({ pays: await streetTypeId(), typeVoie: 999_999 }),
          adresseFacturationIdentique: true,
        },
        [
          { field: 'adresse.typeVoie', defaultMessage: 'errors.invalid' },
          { field: 'adresse.pays', defaultMessage: 'errors.invalid' },
        ],
      ],
      [
        {
          adresse: address(),
          adresseFacturation: address({ pays: { id: 999_999 } }),
          adresseFacturationIdentique: false,
        },
        [{ field: 'adresseFacturation.pays', defaultMessage: 'errors.invalid' }],
      ],
    ];
    for (const [payload, fieldErrors] of cases) {
      const reply = await post('corr.etablissement', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors).toEqual(fieldErrors);
    }
    expect(await establishment(before.id)).toEqual(before);
    expect(await addressAudits()).toBe(audits);
  });

  it("lets a group correspondant write the geographic address of their group's establishments only, never the billing one", async () => {
    const group = await correspondantOf(ctx, 'corr.groupe');
    const sister = await groupEstablishment(group.groupId ?? -1, group.establishmentId ?? -1, false);
    const before = await establishment(sister);
    const reply = await post('corr.groupe', {
      idEtablissement: sister,
      adresse: address(),
      adresseFacturation: address({ nomVoie: 'ignorée' }),
      adresseFacturationIdentique: !before.billingSameAsGeo,
    });
    expect(reply.statusCode).toBe(200);
    const after = await establishment(sister);
    expect(after).toMatchObject({ geoStreetName: 'des Lilas', geoPostalCode: '69003' });
    expect({
      name: after.billingStreetName,
      code: after.billingPostalCode,
      same: after.billingSameAsGeo,
    }).toEqual({
      name: before.billingStreetName,
      code: before.billingPostalCode,
      same: before.billingSameAsGeo,
    });

    const other = await correspondantOf(ctx, 'corr.autre');
    const foreign = await establishment(other.establishmentId ?? -1);
    const refused = await post('corr.groupe', {
      idEtablissement: foreign.id,
      adresse: address(),
      adresseFacturationIdentique: true,
    });
    expect(refused.statusCode).toBe(404);
    expect(await establishment(foreign.id)).toEqual(foreign);
  });

  it("answers another establishment's id to an establishment correspondant 404", async () => {
    const other = await correspondantOf(ctx, 'corr.autre');
    const before = await establishment(other.establishmentId ?? -1);
    const reply = await post('corr.etablissement', {
      idEtablissement: before.id,
      adresse: address(),
      adresseFacturationIdentique: true,
    });
    expect(reply.statusCode).toBe(404);
    expect(await establishment(before.id)).toEqual(before);
  });

  it('keeps the enterprise correspondant read-only (403 with its message)', async () => {
    const me = await correspondantOf(ctx, 'corr.entreprise');
    const before = await establishment(me.establishmentId ?? -1);
    const audits = await addressAudits();
    const reply = await post('corr.entreprise', { adresse: address(), adresseFacturationIdentique: true });
    expect(reply.statusCode).toBe(403);
    expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: ACCOUNT_MESSAGES.addressReadOnly },
    ]);
    expect(await establishment(before.id)).toEqual(before);
    expect(await addressAudits()).toBe(audits);
  });

  it('keeps a terminated establishment read-only', async () => {
    const group = await correspondantOf(ctx, 'corr.groupe');
    const closed = await groupEstablishment(group.groupId ?? -1, group.establishmentId ?? -1, true);
    const before = await establishment(closed);
    const record = correspondantAddress.parse(
      (await get('corr.groupe', `?idEtablissement=${closed}`)).json(),
    );
    expect(record).toMatchObject({ dateResiliation: before.terminationDate, modifiable: false });
    const reply = await post('corr.groupe', {
      idEtablissement: closed,
      adresse: address(),
      adresseFacturationIdentique: true,
    });
    expect(reply.statusCode).toBe(409);
    expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: ACCOUNT_MESSAGES.establishmentClosed },
    ]);
    expect(await establishment(closed)).toEqual(before);
  });
});
