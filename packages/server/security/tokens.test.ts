import { tokenReply } from '@portail/contract/schemas/auth';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER } from '../src/auth/jwt';
import { clientAuth, TEST_SECRET } from '../test/helper';
import { figure, type Portal, startPortal } from './portal';

/**
 * Tokens over HTTP: forgeries refused, refresh rotation and family revocation, concurrent refreshes
 * of two tabs, and no token, code or link secret in a URL of the API or in a line of the log.
 */
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal.close());

/** Every secret the portal handed out in this file: none may appear in the log. */
const secrets = new Set<string>();

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  url: '/api/oauth/token',
  headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function grant(fields: Record<string, string>) {
  const reply = await portal.http(form(fields));
  if (reply.statusCode === 200) {
    const tokens = tokenReply.parse(reply.json());
    secrets.add(tokens.access_token);
    secrets.add(tokens.refresh_token);
  }
  return reply;
}

async function signIn(login: string, kind: 'C' | 'P' = 'C') {
  const reply = await grant({
    grant_type: 'password',
    username: `${login}|${kind}`,
    password: 'Portail#2026',
  });
  expect(reply.statusCode).toBe(200);
  const tokens = tokenReply.parse(reply.json());
  if (kind === 'P') {
    const code = portal.notifier.lastCode();
    secrets.add(code);
    const confirm = await portal.http({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/confirmer-code',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { code },
    });
    expect(confirm.json()).toMatchObject({ ok: true });
  }
  return tokens;
}

const refresh = (token: string) => grant({ grant_type: 'refresh_token', refresh_token: token });
const principal = (authorization: string) =>
  portal.http({ method: 'POST', url: '/api/oauth/principal', headers: { authorization }, payload: {} });

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** Each forgery or misuse of an access token, by the name its case carries. */
const FORGERIES = [
  'none',
  'algNone',
  'algNoneHeader',
  'altered',
  'reSigned',
  'expired',
  'audience',
  'wrongType',
  'refreshAsAccess',
  'basic',
  'lowercaseScheme',
] as const;
type Forgery = (typeof FORGERIES)[number];

describe('forged and misused access tokens are refused, one case each', () => {
  let signed: { access_token: string; refresh_token: string };
  let forged: Record<Forgery, string>;
  let refused = 0;
  beforeAll(async () => {
    signed = await signIn('corr.entreprise');
    const claims = claimsOf(signed.access_token);
    const [header, , signature] = signed.access_token.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
    const secret = new TextEncoder().encode(TEST_SECRET);
    const sign = (
      payload: Record<string, unknown>,
      key: Uint8Array,
      audience = AUDIENCE,
      exp: number | string = '5m',
    ) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    const base = { sid: claims.sid, typ: 'access', authorities: claims.authorities };
    forged = {
      none: '',
      algNone: `Bearer ${new UnsecuredJWT({ ...claims }).encode()}`,
      algNoneHeader: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${signed.access_token.split('.')[1]}.`,
      altered: `Bearer ${altered}`,
      reSigned: `Bearer ${await sign(base, new TextEncoder().encode('another-secret-another-secret-0000'))}`,
      expired: `Bearer ${await sign(base, secret, AUDIENCE, Math.floor(Date.now() / 1000) - 10)}`,
      audience: `Bearer ${await sign(base, secret, 'someone-else')}`,
      wrongType: `Bearer ${await sign({ ...base, typ: 'refresh' }, secret)}`,
      refreshAsAccess: `Bearer ${signed.refresh_token}`,
      basic: `Basic ${Buffer.from('a:b').toString('base64')}`,
      lowercaseScheme: `bearer ${'x'.repeat(40)}`,
    };
  });
  afterAll(() => figure('tokens.forgeriesRefused', refused));

  for (const name of FORGERIES) {
    it(name, async () => {
      expect((await principal(forged[name])).statusCode).toBe(401);
      refused++;
    });
  }

  it('a token in the query string is not a credential', async () => {
    const inQuery = await portal.http({
      method: 'POST',
      url: `/api/oauth/principal?access_token=${signed.access_token}`,
      payload: {},
    });
    expect(inQuery.statusCode).toBe(401);
    refused++;
  });

  it('the genuine token still works: the refusals did not come from a broken session', async () => {
    expect((await principal(`Bearer ${signed.access_token}`)).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('revokes the whole family when a rotated token comes back after the session moved on', async () => {
    const signed = await signIn('corr.groupe');
    const second = tokenReply.parse((await refresh(signed.refresh_token)).json());
    const third = tokenReply.parse((await refresh(second.refresh_token)).json());
    expect((await principal(`Bearer ${third.access_token}`)).statusCode).toBe(200);
    const replay = await refresh(signed.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant' });
    expect((await principal(`Bearer ${third.access_token}`)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(400);
    figure('tokens.familyRevokedOnReuse', 1);
  });

  it('does not sign out two tabs that refresh with the same token at once', async () => {
    const signed = await signIn('participant.dmc', 'P');
    const replies = await Promise.all([refresh(signed.refresh_token), refresh(signed.refresh_token)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    for (const reply of replies) {
      const tokens = tokenReply.parse(reply.json());
      expect(tokens.confirmationRequise).toBe(false);
      expect((await principal(`Bearer ${tokens.access_token}`)).statusCode).toBe(200);
    }
    figure('tokens.concurrentRefreshSignedOut', 0);
  });
});

describe('secrets in URLs and logs', () => {
  it('puts no token, code or link secret in a log line, and only link tokens (000/001: e-mailed links) in URLs', async () => {
    // A reset link (docs/recovery.md#reset-link): asked, answered, checked and used as the web app does.
    const email = 'participant.refus@example.com';
    const question = await portal.http({
      method: 'POST',
      url: `/api/resetPassword/user/mail?${new URLSearchParams({ email, roleCorrespondant: 'false' })}`,
    });
    const answer = await portal.http({
      method: 'POST',
      url: '/api/resetPassword',
      payload: {
        idQuestion: question.json<{ id: number }>().id,
        response: 'paris',
        mail: email,
        roleCorrespondant: false,
      },
    });
    expect(answer.statusCode).toBe(200);
    const mail = [...portal.notifier.mails].reverse().find((entry) => entry.to === email);
    const link = new URL(mail?.text.match(/https?:\/\/\S+\?token=\S+/)?.[0] ?? 'http://x');
    const linkToken = link.searchParams.get('token') ?? '';
    expect(linkToken.length).toBeGreaterThan(20);
    secrets.add(linkToken);
    // The link's page, then the check the web app makes with it.
    await portal.http({ url: `${link.pathname}${link.search}` });
    const checked = await portal.http({
      method: 'POST',
      url: `/api/resetPassword/token?${new URLSearchParams({ token: linkToken })}`,
    });
    expect(checked.json()).toBe(true);
    const saved = await portal.http({
      method: 'POST',
      url: '/api/reinitpassword',
      payload: { token: linkToken, password: 'Nouveau#Mot2026x', passwordConfirm: 'Nouveau#Mot2026x' },
    });
    expect(saved.statusCode).toBe(200);
    // Sign-in of a participant with their code, and a correspondant, then a refresh.
    const participant = await signIn('participant.en', 'P');
    await refresh(participant.refresh_token);
    await signIn('corr.etablissement');
    for (const text of portal.notifier.texts) {
      const code = text.text.match(/\b(\d{6})\b/)?.[1];
      if (code) secrets.add(code);
    }

    const log = portal.logs.join('');
    // The log did record these requests (so the search below looked at something).
    expect(log).toContain('/api/resetPassword/token?token=…');
    expect(log).toContain('/api/oauth/token');
    const found = [...secrets].filter((secret) => log.includes(secret));
    figure('tokens.secretsChecked', secrets.size);
    figure('tokens.secretsInLogs', found.length);
    expect(found.map((secret) => log.slice(log.indexOf(secret) - 200, log.indexOf(secret) + 20))).toEqual([]);
    // Codes are six digits: make sure none sits in a log line as a value of its own.
    expect(log).not.toMatch(/"code":"\d{6}"/);
  });
});
