import { COUNTRY_FRANCE_ID } from '@portail/contract/constants';
import { errorReply } from '@portail/contract/schemas/common';
import { ENUM_NAMES, enumItem, enumReply } from '@portail/contract/schemas/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enumItems } from '../src/db/schema';
import { CHECKUP_TYPE, FOREIGN_COUNTRY_IDS } from '../src/demo/reference';
import { createTestContext, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
let participant: SignedIn;
let correspondant: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  participant = await signIn(ctx, 'participant.dmc', 'participant');
  correspondant = await signIn(ctx, 'corr.etablissement', 'correspondant');
  admin = await signIn(ctx, 'admin', 'staff');
});
afterAll(async () => ctx.close());

async function list(url: string, signed: SignedIn = participant) {
  const reply = await ctx.app.inject({ method: 'GET', url, headers: signed.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return enumReply.parse(reply.json());
}

const put = (name: string, label: string, signed: SignedIn, prefix = 'enum') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/${prefix}/${name}`,
    headers: signed.headers,
    payload: { label },
  });

async function countItems(namespace: string): Promise<number> {
  return ctx.database.db.$count(enumItems, eq(enumItems.namespace, namespace));
}

describe('GET enum/{name} and abstractenum/{name}', () => {
  it('answers every list under both prefixes, to every role', async () => {
    for (const name of ENUM_NAMES) {
      const items = await list(`/api/enum/${name}`);
      expect(items.length, name).toBeGreaterThan(0);
      expect(await list(`/api/abstractenum/${name}`, correspondant)).toEqual(items);
      expect(await list(`/api/enum/${name}`, admin)).toEqual(items);
    }
    const civilities = await list('/api/enum/civilite');
    expect(civilities.map((c) => [c.label, c.labelEn, c.raccourci])).toEqual([
      ['Monsieur', 'Mr', 'M.'],
      ['Madame', 'Mrs', 'Mme'],
    ]);
  });

  it('lists every country, France first with its dialling prefix, the older ids kept', async () => {
    const countries = await list('/api/enum/pays?actif=true');
    expect(countries.length).toBeGreaterThan(190);
    expect(countries[0]).toEqual({
      id: COUNTRY_FRANCE_ID,
      label: 'France',
      labelEn: 'France',
      raccourci: 'FR',
      actif: true,
      unionEuropeenne: true,
      indicatif: '0033',
    });
    const byId = new Map(countries.map((c) => [c.id, c]));
    expect(FOREIGN_COUNTRY_IDS.every((id) => byId.has(id))).toBe(true);
    expect(byId.get(701)).toMatchObject({ label: 'Allemagne', raccourci: 'DE', unionEuropeenne: true });
    expect(byId.get(718)).toMatchObject({ raccourci: 'GB', unionEuropeenne: false, indicatif: '0044' });
    expect(byId.get(730)).toMatchObject({ raccourci: 'US', indicatif: '001' });
    // Any other country: 2000 + its ISO numeric code (Japan, 392).
    expect(byId.get(2392)).toMatchObject({
      label: 'Japon',
      labelEn: 'Japan',
      raccourci: 'JP',
      indicatif: '0081',
    });
    expect(countries.filter((c) => c.unionEuropeenne)).toHaveLength(27);
    expect(new Set(countries.map((c) => c.raccourci)).size).toBe(countries.length);
    // After France, French alphabetical order (accents ignored: Égypte among the E).
    const rest = countries.slice(1).map((c) => c.label);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('fr').compare));
    expect(rest.indexOf('Égypte')).toBeLessThan(rest.indexOf('Érythrée'));
    expect(rest.indexOf('Égypte')).toBeGreaterThan(rest.indexOf('Danemark'));
  });

  it('marks exactly the four check-up types a correspondant may choose', async () => {
    const types = await list('/api/abstractenum/typeBilan', correspondant);
    expect(types.filter((t) => t.correspondant === true).map((t) => t.id)).toEqual([
      CHECKUP_TYPE.traditional,
      CHECKUP_TYPE.expatriate,
      CHECKUP_TYPE.traditionalGyn,
      CHECKUP_TYPE.expatriateGyn,
    ]);
    expect(types.every((t) => typeof t.correspondant === 'boolean')).toBe(true);
  });

  it('filters on actif and sorts on request', async () => {
    const [first] = await ctx.database.db
      .update(enumItems)
      .set({ active: false })
      .where(eq(enumItems.id, 50))
      .returning({ id: enumItems.id });
    expect(first?.id).toBe(50);
    try {
      const all = await list('/api/enum/motifmouvement');
      const active = await list('/api/enum/motifmouvement?actif=true');
      const inactive = await list('/api/enum/motifmouvement?actif=false');
      expect(all.find((m) => m.id === 50)?.actif).toBe(false);
      expect(active.map((m) => m.id)).not.toContain(50);
      expect(active).toHaveLength(all.length - 1);
      expect(inactive.map((m) => m.id)).toEqual([50]);
      const byLabel = (await list('/api/enum/motifmouvement?sort=label')).map((m) => m.label);
      expect(byLabel).toEqual([...byLabel].sort(new Intl.Collator('fr').compare));
      expect(byLabel[0]).toBe('Autre motif');
    } finally {
      await ctx.database.db.update(enumItems).set({ active: true }).where(eq(enumItems.id, 50));
    }
  });

  it('answers 404 for an unknown list, 400 for a bad filter, 401 without a token', async () => {
    for (const url of ['/api/enum/planete', '/api/abstractenum/Civilite']) {
      const reply = await ctx.app.inject({ method: 'GET', url, headers: participant.headers });
      expect(reply.statusCode).toBe(404);
      expect(errorReply.parse(reply.json()).message).toBe('http.404');
    }
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/enum/civilite?actif=peut-etre',
      headers: participant.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorReply.parse(bad.json()).fieldErrors?.[0]?.field).toBe('actif');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/enum/civilite' })).statusCode).toBe(401);
  });
});

describe('PUT enum/{name}', () => {
  it('creates a street type once, then returns it for the same label in any case or accents', async () => {
    const before = await countItems('typeVoie');
    const created = await put('typeVoie', '  Résidence ', correspondant);
    expect(created.statusCode, created.body).toBe(200);
    const item = enumItem.parse(created.json());
    expect(item).toMatchObject({ label: 'Résidence', labelEn: 'Résidence', raccourci: null, actif: true });
    // Above every fixed id: the demo generator moved the sequence past them (countries reach 2983).
    expect(item.id).toBeGreaterThan(2983);
    for (const same of ['residence', 'RÉSIDENCE', 'Residence']) {
      const again = await put('typeVoie', same, admin, 'abstractenum');
      expect(again.statusCode).toBe(200);
      expect(enumItem.parse(again.json())).toEqual(item);
    }
    expect(await countItems('typeVoie')).toBe(before + 1);
    // Listed, after the existing street types.
    const streetTypes = await list('/api/enum/typeVoie?actif=true', participant);
    expect(streetTypes.at(-1)).toEqual(item);
    const audits = await ctx.database.db
      .select({ targetId: auditLog.targetId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'ENUM_ITEM_CREATED'));
    expect(audits).toEqual([
      { targetId: String(item.id), details: { namespace: 'typeVoie', label: 'Résidence' } },
    ]);
  });

  it('returns an existing seeded street type rather than a duplicate', async () => {
    const before = await countItems('typeVoie');
    const reply = await put('typeVoie', 'allee', correspondant);
    expect(enumItem.parse(reply.json())).toMatchObject({ id: 104, label: 'Allée' });
    expect(await countItems('typeVoie')).toBe(before);
  });

  it('refuses the lists users may not extend, unknown lists, participants and empty labels', async () => {
    const countries = await countItems('pays');
    const refused = await put('pays', 'Atlantide', admin);
    expect(refused.statusCode).toBe(403);
    expect(errorReply.parse(refused.json()).message).toBe('http.403');
    expect((await put('civilite', 'Maître', correspondant)).statusCode).toBe(403);
    expect(await countItems('pays')).toBe(countries);
    expect(
      await ctx.database.db.$count(
        enumItems,
        and(eq(enumItems.namespace, 'civilite'), eq(enumItems.label, 'Maître')),
      ),
    ).toBe(0);
    expect((await put('planete', 'Mars', admin)).statusCode).toBe(404);

    const streetTypes = await countItems('typeVoie');
    const byParticipant = await put('typeVoie', 'Sentier', participant);
    expect(byParticipant.statusCode).toBe(403);
    for (const label of ['', '   ', 'x'.repeat(101)]) {
      const reply = await put('typeVoie', label, correspondant);
      expect(reply.statusCode).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors?.[0]?.field).toBe('label');
    }
    expect(await countItems('typeVoie')).toBe(streetTypes);
  });
});
