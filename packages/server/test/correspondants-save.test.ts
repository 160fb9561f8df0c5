import { errorReply } from '@portail/contract/schemas/common';
import {
  type CorrespondantContactBody,
  correspondantListReply,
  correspondantSavedReply,
  managerReply,
} from '@portail/contract/schemas/correspondants';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, correspondants, establishments, managers, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { CIVILITY, FRANCE } from '../src/demo/reference';
import type { CorrespondantPageCache } from '../src/features/correspondants/correspondant-page-cache';
import { createTestContext, type TestContext } from './helper';
import { correspondantOf, headersOf } from './participants-fixtures';

let ctx: TestContext;

/** The app's own correspondants list cache (its feature plugin creates it). */
const correspondantPageCache = () => ctx.app.listCaches.correspondants as CorrespondantPageCache;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Kind = 'participant' | 'correspondant' | 'staff';

async function save(login: string, id: number, body: unknown, kind: Kind = 'correspondant') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/correspondant/${id}`,
    headers: await headersOf(ctx, login, kind),
    payload: body as Record<string, unknown>,
  });
}

function contact(overrides: Partial<CorrespondantContactBody> = {}): CorrespondantContactBody {
  return {
    civilite: CIVILITY.mrs,
    nom: 'Lemaître',
    prenom: 'Anaïs',
    telephone: '01 45 67 89 10',
    portable: '06 11 22 33 44',
    fax: '',
    mail: 'anais.lemaitre@example.com',
    fonction: 'Responsable RH',
    motDePasse: DEMO_PASSWORD,
    ...overrides,
  };
}

async function accountOf(correspondantId: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.correspondantId, correspondantId));
  if (!row) throw new Error(`no account for correspondant ${correspondantId}`);
  return row;
}

async function auditCount(id: number) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'CORRESPONDANT_UPDATED'), eq(auditLog.targetId, String(id))));
  return row?.n ?? 0;
}

describe('POST /api/correspondant/{id}', () => {
  it('saves the own record when canSave, keeps the account in step, and the directory shows it at once; the new mail and mobile wait', async () => {
    const me = await correspondantOf(ctx, 'corr.annuaire');
    const headers = await headersOf(ctx, 'corr.annuaire');
    // A page read before the save is cached: the save must drop it.
    await ctx.app.inject({ method: 'GET', url: '/api/correspondant', headers });

    const reply = await save('corr.annuaire', me.id, contact({ nom: '  Lemaître ' }));
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = correspondantSavedReply.parse(reply.json());
    expect(saved.ciemException.messages).toEqual([
      { level: 'INFO', errorCode: 'correspondant.enregistre' },
      { level: 'INFO', errorCode: 'coordonnees.confirmation.envoyee' },
    ]);
    expect(saved.enAttente).toEqual({ email: 'anais.lemaitre@example.com', portable: '06 11 22 33 44' });
    expect(saved.correspondant).toMatchObject({
      id: me.id,
      canSave: true,
      contact: {
        civilite: { id: CIVILITY.mrs, label: 'Madame', labelEn: 'Mrs' },
        nom: 'Lemaître',
        prenom: 'Anaïs',
        telephone: '01 45 67 89 10',
        portable: me.mobile,
        fax: null,
        mail: me.email,
        fonction: 'Responsable RH',
      },
    });

    const [row] = await ctx.database.db.select().from(correspondants).where(eq(correspondants.id, me.id));
    expect(row).toMatchObject({
      lastName: 'Lemaître',
      firstName: 'Anaïs',
      fax: null,
      civilityId: CIVILITY.mrs,
    });
    expect(await accountOf(me.id)).toMatchObject({
      lastName: 'Lemaître',
      firstName: 'Anaïs',
      email: me.email,
      mobile: me.mobile,
    });
    expect(await auditCount(me.id)).toBe(1);

    const listed = correspondantListReply.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/correspondant', headers })).json(),
    );
    expect(listed.items.find((item) => item.id === me.id)?.contact.nom).toBe('Lemaître');
    // The session user follows at once (its cached caller was dropped).
    const principal = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/principal',
      headers,
      payload: { roleCorrespondant: true },
    });
    expect(principal.json<{ nomComplet: string; mail: string }>()).toMatchObject({
      nomComplet: 'LEMAÎTRE Anaïs',
      mail: me.email,
    });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    await headersOf(ctx, 'corr.coordonnees');
    const me = await correspondantOf(ctx, 'corr.coordonnees');
    const account = await accountOf(me.id);
    const cases: [unknown, string, string][] = [
      [contact({ mail: 'pas-un-mail' }), 'mail', 'errors.email'],
      [contact({ nom: '   ' }), 'nom', 'errors.required'],
      [{ ...contact(), civilite: null }, 'civilite', 'errors.required'],
      [contact({ prenom: 'x'.repeat(101) }), 'prenom', 'errors.maxlength'],
      [contact({ portable: '01 45 67 89 10' }), 'portable', 'errors.portable'],
      [contact({ civilite: FRANCE }), 'civilite', 'errors.invalid'],
      [{ ...contact(), mail: undefined }, 'mail', 'errors.required'],
      [contact({ mail: `${'a'.repeat(250)}@example.com` }), 'mail', 'errors.maxlength'],
      [contact({ fonction: 'x'.repeat(101) }), 'fonction', 'errors.maxlength'],
      [contact({ motDePasse: '' }), 'motDePasse', 'errors.required'],
      [contact({ motDePasse: 'Faux#0001' }), 'motDePasse', 'errors.motDePasseActuel'],
    ];
    for (const [body, field, key] of cases) {
      const reply = await save('corr.coordonnees', me.id, body);
      expect(reply.statusCode, `${field}: ${reply.body}`).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors).toContainEqual(
        expect.objectContaining({ field, defaultMessage: key }),
      );
    }
    const { userId: _userId, ...before } = me;
    const [row] = await ctx.database.db.select().from(correspondants).where(eq(correspondants.id, me.id));
    expect(row).toEqual(before);
    expect(await accountOf(me.id)).toEqual(account);
    expect(await auditCount(me.id)).toBe(0);
  });

  it("refuses a colleague's record (403) and another scope's (404)", async () => {
    const colleague = await correspondantOf(ctx, 'corr.coordonnees');
    const refused = await save('corr.etablissement', colleague.id, contact());
    expect(refused.statusCode).toBe(403);
    expect(errorReply.parse(refused.json()).message).toBe('correspondants.error.modificationNonAutorisee');
    const unrelated = await correspondantOf(ctx, 'corr.autre');
    expect((await save('corr.etablissement', unrelated.id, contact())).statusCode).toBe(404);
    expect((await save('corr.etablissement', 999_999, contact())).statusCode).toBe(404);
    for (const id of [colleague.id, unrelated.id]) expect(await auditCount(id)).toBe(0);
  });

  it('refuses the own record when the centre does not let the correspondant edit it', async () => {
    const me = await correspondantOf(ctx, 'corr.autre');
    await ctx.database.db.update(correspondants).set({ canSave: false }).where(eq(correspondants.id, me.id));
    correspondantPageCache().clear();
    const detail = await ctx.app.inject({
      method: 'GET',
      url: '/api/correspondant/mescoordonnees',
      headers: await headersOf(ctx, 'corr.autre'),
    });
    expect(detail.json<{ canSave: boolean }>().canSave).toBe(false);
    const reply = await save('corr.autre', me.id, contact());
    expect(reply.statusCode).toBe(403);
    expect(errorReply.parse(reply.json()).message).toBe('correspondants.error.modificationNonAutorisee');
    const [row] = await ctx.database.db.select().from(correspondants).where(eq(correspondants.id, me.id));
    expect(row?.lastName).toBe(me.lastName);
  });

  it('is a correspondant call: participants and admins are refused', async () => {
    const me = await correspondantOf(ctx, 'corr.etablissement');
    expect((await save('admin', me.id, contact(), 'staff')).statusCode).toBe(403);
    expect((await save('participant.dmc', me.id, contact(), 'participant')).statusCode).toBe(403);
  });
});

describe('GET /api/getGestionnaire', () => {
  it("answers the manager of the correspondant's establishment", async () => {
    const me = await correspondantOf(ctx, 'corr.etablissement');
    const [expected] = await ctx.database.db
      .select({
        name: managers.name,
        telephone: managers.telephone,
        email: managers.email,
        standard: managers.standard,
      })
      .from(establishments)
      .innerJoin(managers, eq(managers.id, establishments.managerId))
      .where(eq(establishments.id, me.establishmentId ?? -1));
    expect(expected).toBeDefined();
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/getGestionnaire',
      headers: await headersOf(ctx, 'corr.etablissement'),
    });
    expect(managerReply.parse(reply.json())).toEqual(expected);
  });

  it('answers null when the establishment has no manager, and refuses other roles', async () => {
    const me = await correspondantOf(ctx, 'corr.autre');
    await ctx.database.db
      .update(establishments)
      .set({ managerId: null })
      .where(eq(establishments.id, me.establishmentId ?? -1));
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/getGestionnaire',
      headers: await headersOf(ctx, 'corr.autre'),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe('null');
    for (const [login, kind] of [
      ['admin', 'staff'],
      ['participant.dmc', 'participant'],
    ] as const) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/getGestionnaire',
        headers: await headersOf(ctx, login, kind),
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});
