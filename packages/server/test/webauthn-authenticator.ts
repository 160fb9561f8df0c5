import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';
import type {
  AuthenticationResponse,
  CreationOptions,
  RegistrationResponse,
  RequestOptions,
} from '@portail/contract/schemas/passkeys';

/**
 * A software WebAuthn authenticator for the tests (docs/second-factors.md#passkeys): ES256 keys made
 * with node:crypto, attestation `none`, discoverable credentials. It answers the server's options as a
 * browser and a platform authenticator would (the JSON forms of WebAuthn), and lets a test forge what a
 * real one never sends: another origin or relying party, no user verification, a counter going
 * backwards, someone else's credential, the same answer twice.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

export interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Uint8Array;
  rpId: string;
  /** The user handle the relying party gave at registration (base64url). */
  userHandle: string;
  counter: number;
}

/** What a test may change in a ceremony, to forge an answer. */
export interface Forgery {
  origin?: string;
  rpId?: string;
  /** The user was verified (the UV flag); true unless a test says otherwise. */
  userVerified?: boolean;
  /** The signature counter to report instead of the next one. */
  counter?: number;
  /** Another challenge than the options'. */
  challenge?: string;
  /** A synced (backup-eligible, backed-up) credential. */
  synced?: boolean;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x ?? '', 'base64url');
  const y = Buffer.from(jwk.y ?? '', 'base64url');
  // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  return encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(x)],
      [-3, new Uint8Array(y)],
    ]),
  );
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(
    /** The origin the browser runs on (the server's WEBAUTHN_ORIGINS holds it). */
    readonly origin: string,
  ) {}

  /** navigator.credentials.create(): a new ES256 credential for the options' relying party and user. */
  register(options: CreationOptions, forgery: Forgery = {}): RegistrationResponse {
    const rpId = forgery.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const credential: StoredCredential = {
      id,
      privateKey,
      publicKeyCose: coseKey(publicKey),
      rpId,
      userHandle: options.user.id,
      counter: forgery.counter ?? 0,
    };
    const flags =
      FLAG_UP |
      FLAG_AT |
      (forgery.userVerified === false ? 0 : FLAG_UV) |
      (forgery.synced ? FLAG_BE | FLAG_BS : 0);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      counterBytes(credential.counter),
      Buffer.alloc(16), // AAGUID: none given with attestation `none`
      credentialIdLength,
      id,
      Buffer.from(credential.publicKeyCose),
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: forgery.challenge ?? options.challenge,
      origin: forgery.origin ?? this.origin,
      crossOrigin: false,
    });
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /**
   * navigator.credentials.get(): an assertion by the credential the options allow (or, for a
   * discoverable sign-in, this authenticator's last one), signed over authData || SHA-256(clientDataJSON).
   */
  assert(
    options: RequestOptions,
    forgery: Forgery & { credential?: StoredCredential } = {},
  ): AuthenticationResponse {
    const allowed = new Set((options.allowCredentials ?? []).map((descriptor) => descriptor.id));
    const credential =
      forgery.credential ??
      [...this.credentials]
        .reverse()
        .find((candidate) => allowed.size === 0 || allowed.has(b64url(candidate.id)));
    if (!credential) throw new Error('no credential of this authenticator is allowed');
    const rpId = forgery.rpId ?? options.rpId ?? credential.rpId;
    credential.counter = forgery.counter ?? credential.counter + 1;
    const flags =
      FLAG_UP | (forgery.userVerified === false ? 0 : FLAG_UV) | (forgery.synced ? FLAG_BE | FLAG_BS : 0);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes(credential.counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: forgery.challenge ?? options.challenge,
        origin: forgery.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
