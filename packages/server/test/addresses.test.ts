import { mobileCheckReply, postalCodeReply } from '@portail/contract/schemas/addresses';
import { errorReply } from '@portail/contract/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidMobile, normaliseMobile } from '../src/lib/phone';
import { createTestContext, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
let participant: SignedIn;
let correspondant: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  participant = await signIn(ctx, 'participant.dmc', 'participant');
  correspondant = await signIn(ctx, 'corr.etablissement', 'correspondant');
});
afterAll(async () => ctx.close());

const lookup = (code: string, signed: SignedIn = correspondant) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/adresse/code-postal?codePostal=${encodeURIComponent(code)}`,
    headers: signed.headers,
  });

async function localities(code: string, signed?: SignedIn) {
  const reply = await lookup(code, signed);
  expect(reply.statusCode, reply.body).toBe(200);
  return postalCodeReply.parse(reply.json());
}

describe('GET adresse/code-postal', () => {
  it('finds the commune of a postal code', async () => {
    expect(await localities('75001')).toEqual([
      {
        codePostal: '75001',
        localite: 'Paris 1er Arrondissement',
        codeCommune: '75101',
        libelleAcheminement: 'PARIS',
      },
    ]);
    const marseille = await localities(' 13001 ', participant);
    expect(marseille.map((l) => [l.localite, l.libelleAcheminement])).toEqual([
      ['Marseille 1er Arrondissement', 'MARSEILLE'],
    ]);
  });

  it('lists every commune sharing a code, once each, in French order', async () => {
    const shared = await localities('01400');
    expect(shared.length).toBeGreaterThan(5);
    expect(shared.every((l) => l.codePostal === '01400')).toBe(true);
    const names = shared.map((l) => l.localite);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    expect(new Set(names).size).toBe(names.length);
    // Thièvres straddles two departments under one code: one locality, not two.
    expect((await localities('62760')).filter((l) => l.localite === 'Thièvres')).toHaveLength(1);
  });

  it('answers nothing before five characters or for an unknown code, 400 beyond ten', async () => {
    expect(await localities('7500')).toEqual([]);
    expect(await localities('00000')).toEqual([]);
    const tooLong = await lookup('75001750017');
    expect(tooLong.statusCode).toBe(400);
    expect(errorReply.parse(tooLong.json()).fieldErrors).toEqual([
      { field: 'codePostal', defaultMessage: 'errors.maxlength', args: ['10'] },
    ]);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/adresse/code-postal',
      headers: correspondant.headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/adresse/code-postal?codePostal=75001' })).statusCode,
    ).toBe(401);
  });
});

describe('GET user/verifIfPortableCorrecte/{portable}', () => {
  const check = async (phone: string, signed: SignedIn = participant) => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/verifIfPortableCorrecte/${encodeURIComponent(phone)}`,
      headers: signed.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return mobileCheckReply.parse(reply.json());
  };

  it('accepts French mobiles in every usual form and foreign mobiles', async () => {
    for (const phone of ['0612345678', '06 12 34 56 78', '+33612345678', '0033612345678', '+447911123456']) {
      expect(await check(phone), phone).toBe(true);
    }
    expect(await check('0612345678', correspondant)).toBe(true);
  });

  it('refuses landlines, short numbers and text', async () => {
    for (const phone of ['0145678910', '+33145678910', '123', 'abc', '0612345678 abc']) {
      expect(await check(phone), phone).toBe(false);
    }
  });
});

describe('lib/phone', () => {
  it('gives the E.164 form of a mobile, and null for anything else', () => {
    expect(normaliseMobile(' 06.12.34.56.78 ')).toBe('+33612345678');
    expect(normaliseMobile('00 33 6 12 34 56 78')).toBe('+33612345678');
    expect(normaliseMobile('+44 7911 123456')).toBe('+447911123456');
    // North American numbers do not tell mobiles from landlines: accepted.
    expect(normaliseMobile('+1 201 555 0123')).toBe('+12015550123');
    // Overseas departments dial like France but have their own calling codes.
    expect(normaliseMobile('0690 00 12 34')).toBe('+590690001234');
    expect(normaliseMobile('0692 12 34 56')).toBe('+262692123456');
    expect(normaliseMobile('0145678910')).toBeNull();
    expect(normaliseMobile('')).toBeNull();
    expect(normaliseMobile('0'.repeat(41))).toBeNull();
    expect(isValidMobile('07 81 23 45 67')).toBe(true);
    expect(isValidMobile('08 00 12 34 56')).toBe(false);
  });
});
