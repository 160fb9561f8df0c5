import type { AssertionAlgorithm } from '@portail/contract/integration/smart';
import { isPlainText } from '@portail/contract/rules/text';
import { calculateJwkThumbprint, exportJWK, importJWK, importSPKI, type JSONWebKeySet, type JWK } from 'jose';

/** A key or key set the centre cannot register, with the reason in words for whoever runs the command. */
export class KeyError extends Error {}

/** Enough for a key in use and its successor, with room to spare. */
const MAX_KEYS = 10;
/** RS384 with less than 2048 bits is no protection (NIST SP 800-131A). */
const MIN_RSA_BYTES = 256;
/** Members that only a private (or symmetric) JWK has (RFC 7518 §6.2.2, §6.3.2, §6.4). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

const ALGORITHM_OF: Record<string, AssertionAlgorithm> = { RSA: 'RS384', EC: 'ES384' };

type Members = Record<string, unknown>;

const isObject = (value: unknown): value is Members =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One public key as it is stored: the "bare key" members SMART asks for (`kty`, `kid`, and `n`/`e` or
 * `crv`/`x`/`y`), restricted to signatures with its one algorithm, so that the token endpoint's key
 * lookup (jose createLocalJWKSet) matches it by `kid` and algorithm alone.
 */
async function checkKey(jwk: unknown, label: string): Promise<JWK> {
  if (!isObject(jwk)) throw new KeyError(`${label}: not a JSON Web Key (an object)`);
  const secret = PRIVATE_MEMBERS.filter((name) => name in jwk);
  if (secret.length > 0)
    throw new KeyError(
      `${label}: holds private key material (${secret.join(', ')}); register the public key only`,
    );
  const alg = typeof jwk.kty === 'string' ? ALGORITHM_OF[jwk.kty] : undefined;
  if (!alg) throw new KeyError(`${label}: kty must be RSA (RS384) or EC (ES384)`);
  const { kid } = jwk;
  if (typeof kid !== 'string' || kid === '' || kid.length > 200 || !isPlainText(kid))
    throw new KeyError(`${label}: needs a kid (the key id the client puts in its assertions' header)`);
  if (jwk.alg !== undefined && jwk.alg !== alg)
    throw new KeyError(`${label}: alg ${String(jwk.alg)} is not ${alg}, the only one for a ${jwk.kty} key`);
  if (jwk.use !== undefined && jwk.use !== 'sig') throw new KeyError(`${label}: use must be sig`);
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify')))
    throw new KeyError(`${label}: key_ops must allow verify`);
  const members = alg === 'RS384' ? (['n', 'e'] as const) : (['crv', 'x', 'y'] as const);
  const missing = members.filter((name) => typeof jwk[name] !== 'string');
  if (missing.length > 0) throw new KeyError(`${label}: ${missing.join(', ')} missing`);
  if (alg === 'ES384' && jwk.crv !== 'P-384')
    throw new KeyError(`${label}: ES384 needs the curve P-384 (secp384r1), not ${String(jwk.crv)}`);
  if (alg === 'RS384' && Buffer.from(String(jwk.n), 'base64url').length < MIN_RSA_BYTES)
    throw new KeyError(`${label}: an RSA key needs at least 2048 bits`);
  const stored: JWK = { kty: String(jwk.kty), kid, alg, use: 'sig' };
  for (const name of members) stored[name] = String(jwk[name]);
  try {
    await importJWK(stored, alg);
  } catch {
    throw new KeyError(`${label}: not a valid ${jwk.kty} public key`);
  }
  return stored;
}

/**
 * A JWK Set the centre may register for a client: one to ten public keys (RSA of 2048 bits or more for
 * RS384, EC P-384 for ES384), each with a distinct `kid`. Returns the set as stored; throws KeyError.
 */
export async function checkJwks(input: unknown): Promise<JSONWebKeySet> {
  if (!isObject(input) || !Array.isArray(input.keys))
    throw new KeyError('expected a JWK Set: {"keys": [ … ]}');
  if (input.keys.length === 0 || input.keys.length > MAX_KEYS)
    throw new KeyError(`a JWK Set of 1 to ${MAX_KEYS} keys is expected, not ${input.keys.length}`);
  const keys: JWK[] = [];
  for (const [index, jwk] of input.keys.entries()) {
    const key = await checkKey(jwk, `key ${index + 1}`);
    if (keys.some((other) => other.kid === key.kid))
      throw new KeyError(`key ${index + 1}: kid ${key.kid} is used twice`);
    keys.push(key);
  }
  return { keys };
}

const PRIVATE_PEM = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;
const PUBLIC_PEM = /-----BEGIN PUBLIC KEY-----/;

/**
 * A PEM public key (SubjectPublicKeyInfo, what `openssl … -pubout` writes) as a JWK Set of one key,
 * whose `kid` is the key's RFC 7638 thumbprint. A private key is refused, not converted: the centre
 * never holds a client's private key.
 */
export async function jwksFromPem(pem: string): Promise<JSONWebKeySet> {
  if (PRIVATE_PEM.test(pem))
    throw new KeyError(
      'this file holds a PRIVATE key: register its public key instead (openssl ec -in key.pem -pubout -out pub.pem, ' +
        'or openssl rsa -in key.pem -pubout -out pub.pem), and keep the private key with the client',
    );
  if (!PUBLIC_PEM.test(pem)) throw new KeyError('expected a PEM public key (-----BEGIN PUBLIC KEY-----)');
  let jwk: JWK | null = null;
  for (const alg of ['ES384', 'RS384'] as const) {
    try {
      jwk = await exportJWK(await importSPKI(pem.trim(), alg, { extractable: true }));
      break;
    } catch {
      // Not a key of this algorithm: try the other one.
    }
  }
  if (!jwk)
    throw new KeyError(
      'not a key RS384 or ES384 can verify with: an RSA key (2048 bits or more) or an EC key on P-384 is needed',
    );
  return checkJwks({ keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk) }] });
}
