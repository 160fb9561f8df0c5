import { errorReply } from '@portail/contract/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, tokenRequest } from './helper';
import { headersOf, rowCounts, validForm } from './participants-fixtures';

/**
 * Issue 17, item 10: a NUL or another control character in a query parameter, a form body or a JSON
 * body string answered 500 (PostgreSQL refuses NUL in text). Every one is now refused before any
 * handler runs: 400 with the field named, nothing written.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const CONTROL = 'errors.controlCharacter';

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: await headersOf(ctx, 'corr.etablissement') });
}

function fieldErrorsOf(reply: { statusCode: number; body: string; json(): unknown }) {
  expect(reply.statusCode, reply.body).toBe(400);
  return errorReply.parse(reply.json()).fieldErrors;
}

describe('control characters in query strings', () => {
  it.each([
    ['/api/adherentsCorrespondant?nom=DU%00PONT', 'nom'],
    ['/api/adherentsCorrespondant?prenom=%00', 'prenom'],
    ['/api/correspondant?nom=%00', 'nom'],
    ['/api/correspondant?raisonSociale=ab%01cd', 'raisonSociale'],
    ['/api/etablissements-mutation?recherche=ab%00', 'recherche'],
    ['/api/etablissements-mutation?recherche=ab%7F', 'recherche'],
    ['/api/etablissements-mutation?recherche=ab%0Acd', 'recherche'],
  ])('%s answers 400 naming %s', async (url, field) => {
    expect(fieldErrorsOf(await get(url))).toEqual([{ field, defaultMessage: CONTROL }]);
  });

  it('still answers a search with ordinary text', async () => {
    expect((await get('/api/etablissements-mutation?recherche=ab')).statusCode).toBe(200);
  });
});

describe('control characters in the OAuth form body', () => {
  it.each([
    ['a NUL in the username', { username: 'corr.etablissement\u0000|C' }],
    ['a NUL in the password', { password: 'Portail#2026\u0000' }],
    ['an escape in the username', { username: 'corr\u001Betablissement|C' }],
  ])('%s answers the OAuth invalid_request', async (_what, change) => {
    const reply = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: 'corr.etablissement|C',
      password: 'Portail#2026',
      ...change,
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toEqual({ error: 'invalid_request' });
  });
});

describe('control characters in JSON bodies', () => {
  it.each([
    ['nom', (s: string) => validForm({ nom: `Dupont${s}` })],
    ['prenom', (s: string) => validForm({ prenom: `${s}Zoé` })],
    [
      'adresse.localite',
      (s: string) => ({ ...validForm(), adresse: { ...validForm().adresse, localite: `Pa${s}ris` } }),
    ],
  ])('a creation with a control character in %s answers 400 and writes nothing', async (field, form) => {
    for (const character of ['\u0000', '\u0007', '\t', '\n', '\u007F', '\uD800']) {
      const before = await rowCounts(ctx);
      const reply = await ctx.app.inject({
        method: 'PUT',
        url: '/api/adherentsCorrespondant/detail',
        headers: await headersOf(ctx, 'corr.etablissement'),
        payload: form(character),
      });
      expect(fieldErrorsOf(reply), JSON.stringify(character)).toEqual([{ field, defaultMessage: CONTROL }]);
      expect(await rowCounts(ctx)).toEqual(before);
    }
  });
});
