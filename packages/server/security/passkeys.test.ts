import { tokenReply } from '@portail/contract/schemas/auth';
import {
  type AuthenticationResponse,
  authenticationOptionsReply,
  registrationOptionsReply,
} from '@portail/contract/schemas/passkeys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, sessions, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { claimsOf, clientAuth } from '../test/helper';
import { SoftwareAuthenticator } from '../test/webauthn-authenticator';
import { figure, type Portal, startPortal } from './portal';

/**
 * Passkeys attacked over HTTP on the production start (docs/second-factors.md#passkeys): an assertion
 * replayed, one by one and all at once; one made on another origin (a phishing site's); one from a cloned
 * authenticator whose counter went backwards. None opens a session; the second step counts each as a
 * wrong try.
 */
let portal: Portal;
let origin: string;
beforeAll(async () => {
  portal = await startPortal();
  origin = portal.config.webauthn.origins[0] ?? '';
});
afterAll(async () => portal.close());

type Headers = Record<string, string>;
const post = (url: string, payload: object = {}, headers: Headers = {}) =>
  portal.http({ method: 'POST', url, headers, payload });

/** A correspondant's password sign-in (no second step by default on this server, until a passkey). */
async function passwordSignIn(login: string): Promise<{ headers: Headers; confirmed: boolean; sid: string }> {
  const reply = await portal.http({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username: `${login}|C`,
      password: DEMO_PASSWORD,
    }).toString(),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const tokens = tokenReply.parse(reply.json());
  return {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    confirmed: !tokens.confirmationRequise,
    sid: claimsOf(tokens.access_token).sid,
  };
}

async function enrol(login: string): Promise<SoftwareAuthenticator> {
  const { headers } = await passwordSignIn(login);
  const started = await post('/api/user/facteurs/cles/options', { motDePasse: DEMO_PASSWORD }, headers);
  expect(started.statusCode, started.body).toBe(200);
  const { defi, options } = registrationOptionsReply.parse(started.json());
  const authenticator = new SoftwareAuthenticator(origin);
  const done = await post(
    '/api/user/facteurs/cles',
    { defi, nom: 'Clé', reponse: authenticator.register(options) },
    headers,
  );
  expect(done.statusCode, done.body).toBe(200);
  return authenticator;
}

const signInOptions = async () =>
  authenticationOptionsReply.parse((await post('/api/oauth/cle/options')).json());
const signIn = (defi: string, reponse: AuthenticationResponse) => post('/api/oauth/cle', { defi, reponse });

const counterOf = async (login: string) => {
  const [user] = await portal.database.db.select().from(users).where(eq(users.login, login));
  const [key] = await portal.database.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, user?.id ?? 0));
  return key?.counter;
};

describe('a replayed assertion', () => {
  it('signs in once, whether sent again later or 20 times at once', async () => {
    const authenticator = await enrol('corr.annuaire');
    const { defi, options } = await signInOptions();
    const answer = authenticator.assert(options);
    const replies = await Promise.all(Array.from({ length: 20 }, () => signIn(defi, answer)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    for (const reply of replies.filter((candidate) => candidate.statusCode !== 200)) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ error: 'invalid_grant', error_description: 'cle.refusee' });
    }
    expect((await signIn(defi, answer)).statusCode).toBe(400);
    figure('passkeys.replays', replies.length);
  });

  it('passes a second step once: sent again in another session, it is a wrong try there', async () => {
    const authenticator = await enrol('corr.coordonnees');
    const first = await passwordSignIn('corr.coordonnees');
    expect(first.confirmed).toBe(false);
    const opts = authenticationOptionsReply.parse(
      (await post('/api/oauth/doubleAuthentification/cle/options', {}, first.headers)).json(),
    );
    const answer = authenticator.assert(opts.options);
    const passed = await post(
      '/api/oauth/doubleAuthentification/cle',
      { defi: opts.defi, reponse: answer },
      first.headers,
    );
    expect(passed.json()).toMatchObject({ ok: true });
    const second = await passwordSignIn('corr.coordonnees');
    const replayed = await post(
      '/api/oauth/doubleAuthentification/cle',
      { defi: opts.defi, reponse: answer },
      second.headers,
    );
    expect(replayed.json()).toMatchObject({
      ok: false,
      ciemException: { messages: [{ errorCode: 'tentative.1' }] },
    });
    const [session] = await portal.database.db.select().from(sessions).where(eq(sessions.id, second.sid));
    expect(session?.secondFactorConfirmedAt).toBeNull();
  });
});

describe('an assertion made on another origin (a phishing site relaying the challenge)', () => {
  it('opens no session, and three end the second step’s session', async () => {
    const authenticator = await enrol('corr.entreprise');
    const { defi, options } = await signInOptions();
    const phished = await signIn(
      defi,
      authenticator.assert(options, { origin: 'https://portail-example.fr' }),
    );
    expect(phished.statusCode).toBe(400);
    const waiting = await passwordSignIn('corr.entreprise');
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const opts = authenticationOptionsReply.parse(
        (await post('/api/oauth/doubleAuthentification/cle/options', {}, waiting.headers)).json(),
      );
      const reply = await post(
        '/api/oauth/doubleAuthentification/cle',
        {
          defi: opts.defi,
          reponse: authenticator.assert(opts.options, { origin: 'https://portail.example.fr.evil.example' }),
        },
        waiting.headers,
      );
      outcomes.push(
        reply.json<{ ciemException: { messages: { errorCode: string }[] } }>().ciemException.messages[0]
          ?.errorCode ?? '',
      );
    }
    expect(outcomes).toEqual(['tentative.1', 'tentative.2', 'tentative.3']);
    const after = await post('/api/oauth/doubleAuthentification/cle/options', {}, waiting.headers);
    expect(after.statusCode).toBe(401);
  });
});

describe('a cloned authenticator (its counter goes backwards)', () => {
  it('is refused once the original moved the counter on, and does not move it back', async () => {
    const authenticator = await enrol('corr.groupe');
    const credential = authenticator.credentials[0];
    if (!credential) throw new Error('no credential');
    for (let use = 0; use < 3; use++) {
      const { defi, options } = await signInOptions();
      expect((await signIn(defi, authenticator.assert(options))).statusCode).toBe(200);
    }
    expect(await counterOf('corr.groupe')).toBe(3);
    // The clone was copied when the counter stood at 1.
    const { defi, options } = await signInOptions();
    const cloned = await signIn(defi, authenticator.assert(options, { counter: 2 }));
    expect(cloned.statusCode).toBe(400);
    expect(await counterOf('corr.groupe')).toBe(3);
    // Two answers racing with the same next counter: one of them only.
    const [a, b] = [await signInOptions(), await signInOptions()];
    const race = await Promise.all([
      signIn(a.defi, authenticator.assert(a.options, { counter: 4 })),
      signIn(b.defi, authenticator.assert(b.options, { counter: 4 })),
    ]);
    expect(race.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
  });
});
