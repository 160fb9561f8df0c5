import { errorReply } from '@portail/contract/schemas/common';
import { ENUM_ADDITIONS_PER_DAY, enumItem, enumReply } from '@portail/contract/schemas/enums';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, enumItems, throttles } from '../src/db/schema';
import { createTestContext, type SignedIn, signIn, type TestContext } from './helper';

/**
 * A street type added from the portal (`PUT enum/typeVoie`) is free text: until the centre approves it,
 * only its author's reach sees it (their establishment, company or group), and each reach adds at most
 * ENUM_ADDITIONS_PER_DAY a day.
 */
let ctx: TestContext;
const signed: Record<string, SignedIn> = {};
const ACCOUNTS = {
  etablissement: ['corr.etablissement', 'correspondant'],
  annuaire: ['corr.annuaire', 'correspondant'],
  entreprise: ['corr.entreprise', 'correspondant'],
  groupe: ['corr.groupe', 'correspondant'],
  autre: ['corr.autre', 'correspondant'],
  participant: ['participant.dmc', 'participant'],
  admin: ['admin', 'staff'],
} as const;
type Who = keyof typeof ACCOUNTS;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [who, [login, kind]] of Object.entries(ACCOUNTS)) signed[who] = await signIn(ctx, login, kind);
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(throttles).where(like(throttles.key, 'enum:%'));
});

const as = (who: Who): SignedIn => {
  const found = signed[who];
  if (!found) throw new Error(`not signed in: ${who}`);
  return found;
};

const put = (who: Who, label: string, name = 'typeVoie') =>
  ctx.app.inject({ method: 'PUT', url: `/api/enum/${name}`, headers: as(who).headers, payload: { label } });

async function labelsSeenBy(who: Who): Promise<string[]> {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/enum/typeVoie', headers: as(who).headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return enumReply.parse(reply.json()).map((item) => item.label);
}

async function added(who: Who, label: string) {
  const reply = await put(who, label);
  expect(reply.statusCode, reply.body).toBe(200);
  return enumItem.parse(reply.json());
}

describe('a street type added from the portal', () => {
  it('is seen by its author’s reach only until the centre approves it', async () => {
    const item = await added('etablissement', 'Traverse');
    expect(item).toMatchObject({ label: 'Traverse', enAttente: true });
    // The author's establishment, and the company and group above it, see it at once.
    for (const who of ['etablissement', 'annuaire', 'entreprise', 'groupe'] as const)
      expect(await labelsSeenBy(who), who).toContain('Traverse');
    // Another company does not.
    expect(await labelsSeenBy('autre')).not.toContain('Traverse');
    // Nor is it another company's to reuse: the same label there is that company's own pending item.
    const theirs = await added('autre', 'traverse');
    expect(theirs.id).not.toBe(item.id);
    expect(await labelsSeenBy('etablissement')).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/^traverse$/)]),
    );

    // The centre sees every pending item and approves one: then everyone sees it.
    const admin = enumReply.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/enum/typeVoie', headers: as('admin').headers })
      ).json(),
    );
    expect(admin.filter((entry) => entry.enAttente).map((entry) => entry.id)).toEqual(
      expect.arrayContaining([item.id, theirs.id]),
    );
    const approve = await ctx.app.inject({
      method: 'POST',
      url: '/api/enum/typeVoie/approbation',
      headers: as('admin').headers,
      payload: { id: item.id },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(enumItem.parse(approve.json())).toEqual({ ...item, enAttente: undefined });
    expect(await labelsSeenBy('autre')).toContain('Traverse');
    expect(await labelsSeenBy('participant')).toContain('Traverse');
    const [audit] = await ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'ENUM_ITEM_APPROVED'));
    expect(audit?.details).toEqual({ namespace: 'typeVoie', label: 'Traverse' });
  });

  it('lets only the centre approve, and only a pending item of that list', async () => {
    const item = await added('entreprise', 'Sente');
    const approve = (who: Who, id: number, name = 'typeVoie') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/enum/${name}/approbation`,
        headers: as(who).headers,
        payload: { id },
      });
    expect((await approve('entreprise', item.id)).statusCode).toBe(403);
    expect((await approve('participant', item.id)).statusCode).toBe(403);
    expect((await approve('admin', item.id, 'pays')).statusCode).toBe(403);
    expect((await approve('admin', 104)).statusCode).toBe(404);
    expect((await approve('admin', 999_999)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(enumItems).where(eq(enumItems.id, item.id));
    expect(row?.pending).toBe(true);
    expect(await labelsSeenBy('autre')).not.toContain('Sente');
  });

  it('is published at once when the centre adds it', async () => {
    const item = await added('admin', 'Quai haut');
    expect(item.enAttente).toBeUndefined();
    expect(await labelsSeenBy('autre')).toContain('Quai haut');
  });

  it(`is limited to ${ENUM_ADDITIONS_PER_DAY} a day per reach, 429 with Retry-After, nothing written`, async () => {
    const before = await ctx.database.db.$count(enumItems);
    for (let n = 0; n < ENUM_ADDITIONS_PER_DAY; n++) await added('groupe', `Voie limite ${n}`);
    const refused = await put('groupe', 'Voie de trop');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect(errorReply.parse(refused.json()).message).toBe('enum.error.limiteAjouts');
    expect(await ctx.database.db.$count(enumItems)).toBe(before + ENUM_ADDITIONS_PER_DAY);
    // An existing label costs nothing, and another reach has its own count.
    expect((await put('groupe', 'voie limite 0')).statusCode).toBe(200);
    expect((await put('autre', 'Voie de trop')).statusCode).toBe(200);
  });

  it('refuses a label a spreadsheet would read as a formula', async () => {
    for (const label of ['=HYPERLINK("http://x")', '+1', '@x', '-x']) {
      const reply = await put('etablissement', label);
      expect(reply.statusCode, label).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors).toEqual([
        { field: 'label', defaultMessage: 'errors.debutFormule' },
      ]);
    }
  });
});
