import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CENTRE_ID_SYSTEMS } from '@portail/contract/integration/fhir';
import type { CentreSettings } from '@portail/contract/schemas/assistance';
import { z } from 'zod';
import { guessesLog10 } from './auth/password-policy';
import { DEMO_CENTRE, readCentreFile } from './centre';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Generated load-test accounts are numbered on four digits (demo/load-accounts.ts). */
export const MAX_LOAD_ACCOUNTS = 9_999;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** Every configuration variable, documented in the README. */
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  FHIR_PATIENT_ID_SYSTEM: z
    .string()
    .regex(/^(https?:\/\/|urn:)\S+$/)
    .default(CENTRE_ID_SYSTEMS.patient),
  FHIR_ORGANIZATION_ID_SYSTEM: z
    .string()
    .regex(/^(https?:\/\/|urn:)\S+$/)
    .default(CENTRE_ID_SYSTEMS.organization),
  FHIR_CORRESPONDANT_ID_SYSTEM: z
    .string()
    .regex(/^(https?:\/\/|urn:)\S+$/)
    .default(CENTRE_ID_SYSTEMS.correspondant),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default(resolve(REPO_ROOT, 'data')),
  DEMO_MODE: flag,
  DEMO_PARTICIPANTS: z.coerce.number().int().min(0).default(2000),
  DEMO_MAIN_PARTICIPANTS: z.coerce.number().int().min(0).optional(),
  DEMO_LOAD_ACCOUNTS: z.coerce.number().int().min(0).max(MAX_LOAD_ACCOUNTS).default(0),
  OUTBOX_LOG: flag,
  JWT_SECRET: z.string().optional(),
  CODE_SECRET: z.string().optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(30).max(900).default(900),
  SESSION_IDLE_TIMEOUT_S: z.coerce.number().int().min(30).default(300),
  SESSION_MAX_LIFETIME_S: z.coerce
    .number()
    .int()
    .min(300)
    .default(12 * 3600),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  SIGN_IN_CODE_TTL_S: z.coerce.number().int().min(5).max(3600).default(600),
  LOCK_DURATION_S: z.coerce.number().int().min(60).default(1800),
  SIGN_IN_IP_LIMIT: z.coerce.number().int().min(1).default(100),
  SIGN_IN_TEXT_LIMIT: z.coerce.number().int().min(1).default(10),
  CODE_ACCOUNT_LIMIT: z.coerce.number().int().min(3).default(5),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(100),
  SWEEP_INTERVAL_S: z.coerce.number().int().min(1).default(600),
  RESET_LINK_TTL_S: z.coerce.number().int().min(60).max(86_400).default(3600),
  REGISTRATION_LINK_TTL_S: z.coerce
    .number()
    .int()
    .min(3600)
    .max(90 * 86_400)
    .default(7 * 86_400),
  ACTIVATION_CODE_TTL_S: z.coerce
    .number()
    .int()
    .min(3600)
    .max(365 * 86_400)
    .default(60 * 86_400),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portail Bilans <no-reply@portail-bilans.example>'),
  SMS_PROVIDER_URL: z.url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  API_DOCS: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, 'packages/web/dist')),
  PRODUCT_NAME: z.string().default('Portail Bilans'),
  CENTRE_FILE: z.string().optional(),
  SUBSCRIPTION_ALLOW_LOCAL_HTTP: flag,
  SUBSCRIPTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  SUBSCRIPTION_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  FEED_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  FEED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  FEED_WORKER: flag,
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  DELIVERY_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(10),
  DELIVERY_RETRY_DELAY_MAX_S: z.coerce.number().int().min(1).max(86_400).default(3600),
  DELIVERY_WORKER: flag,
  NOTIFICATION_WORKER: flag,
  NOTIFICATION_POLL_S: z.coerce.number().int().min(1).max(3600).default(30),
  NOTIFICATION_GROUP_S: z.coerce.number().int().min(0).max(3600).default(120),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(365).max(36_500).default(1095),
  ACTIVITY_STAFF_NAMES: z.enum(['name', 'pseudonym']).default('name'),
  CORRESPONDANT_SECOND_FACTOR: z.enum(['optional', 'required']).optional(),
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i)
    .optional(),
  WEBAUTHN_ORIGINS: z.string().optional(),
  METRICS_ENABLED: flag,
  METRICS_ALLOW: z.string().default('127.0.0.1,::1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  demoMode: boolean;
  demoParticipants: number;
  /** About how many demo participants belong to corr.etablissement's establishment (benchmarks). */
  demoMainParticipants: number | undefined;
  /** Generated participants and main-establishment correspondants that can sign in (load tests). */
  demoLoadAccounts: number;
  outboxLog: boolean;
  jwtSecret: Uint8Array;
  /** Key of the HMAC of one-time codes and of the recovery decoy, apart from the token key. */
  codeSecret: Uint8Array;
  accessTokenTtlS: number;
  sessionIdleTimeoutS: number;
  sessionMaxLifetimeS: number;
  signInCodeTtlS: number;
  /** How long a lock (three wrong passwords, auth/lockout.ts) lasts; a password reset lifts it at once. */
  lockDurationS: number;
  /** Password grants per client address in 15 minutes. */
  signInIpLimit: number;
  /** Sign-in text messages (new sign-ins and new codes) per account in an hour. */
  signInTextLimit: number;
  /** Second-factor codes tried per account in 15 minutes, across its sessions. */
  codeAccountLimit: number;
  /**
   * Whether a correspondant must pass a second step (docs/second-factors.md#policy): `required` by
   * default in production, `optional` (the specification's password alone, unless the correspondant
   * enrolled a factor) in demo mode.
   */
  correspondantSecondFactor: 'optional' | 'required';
  /** The WebAuthn relying party: its id (a host name, PUBLIC_URL's by default) and the origins accepted. */
  webauthn: { rpId: string; origins: string[]; usable: boolean };
  /** Password hashes that may wait for the hashing queue; past it the password grant answers 503. */
  passwordHashQueue: number;
  /** How often expired attempt counters, throttles and spent codes are deleted. */
  sweepIntervalS: number;
  /** Life of a reset or change-password link (docs/recovery.md#reset-link), one hour by default. */
  resetLinkTtlS: number;
  /** Life of a registration link (docs/recovery.md#reset-link), seven days by default. */
  registrationLinkTtlS: number;
  /** Life of the activation code the centre gives a participant (issue 17), sixty days by default. */
  activationCodeTtlS: number;
  sessionCacheTtlMs: number;
  /** Longest life of a cached participant-list page (0: no cache); writes evict at once. */
  listCacheTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  /** Fastify's `trustProxy`: false, a number of proxy hops, or the proxies' addresses (parseTrustProxy). */
  trustProxy: TrustProxy;
  /** Whether `/api/docs` is served: in demo mode by default, in production only when API_DOCS=true. */
  apiDocs: boolean;
  logLevel: string;
  webDist: string;
  productName: string;
  /** The centre's identity (`CENTRE_FILE`, or the demo centre in demo mode). */
  centre: CentreSettings;
  /**
   * The identifier systems of the centre's information system (FHIR Identifier.system, a URI): its
   * participant numbers and its organisation numbers, as its conditional updates name them.
   */
  centreIdSystems: { patient: string; organization: string; correspondant: string };
  /** Subscriptions may name http://127.0.0.1 or localhost endpoints (demo and tests; https otherwise). */
  subscriptionAllowLocalHttp: boolean;
  /** Attempts of a notification before it is given up and its subscription set to `error`. */
  subscriptionMaxAttempts: number;
  /** The first retry's wait; each next one doubles (up to an hour). */
  subscriptionRetryBaseMs: number;
  /** How often an instance looks for due retries besides the database's wake-ups. */
  feedPollMs: number;
  /**
   * How long the change feed keeps a change (and settled notifications): the sweep deletes older ones,
   * and `_history` answers 410 Gone to a `_since` older than that (README "change feed").
   */
  feedRetentionDays: number;
  /** Whether this instance runs the subscription delivery loop (on by default, in every instance). */
  feedWorker: boolean;
  /**
   * Text messages and mails (notify/delivery-queue.ts): attempts of one message before it is dead,
   * the first retry's delay (doubled at each retry, with jitter) and the longest delay between two.
   */
  deliveryMaxAttempts: number;
  deliveryRetryDelayS: number;
  deliveryRetryDelayMaxS: number;
  /** Whether this instance sends the queued messages (on by default, in every instance). */
  deliveryWorker: boolean;
  /** This instance looks for notifications to send (docs/notifications-and-delivery.md#notifications). */
  notificationWorker: boolean;
  /** How often, in seconds. */
  notificationPollS: number;
  /** How long after a person's first waiting event their message waits for more (a batch, one message). */
  notificationGroupS: number;
  /** How long the audit trail is kept (README "Audit trail"); the database refuses less than a year. */
  auditRetentionDays: number;
  /**
   * How "My activity" names the centre's staff to a participant (docs/activity.md#staff-names): their
   * role and name, or their role and a stable code derived from their account (never hidden entirely).
   */
  activityStaffNames: 'name' | 'pseudonym';
  /** Operations metrics in Prometheus format at `GET /metrics` (features/metrics/metrics.plugin.ts). */
  metricsEnabled: boolean;
  /** The addresses and networks whose connections may read them: the socket's, never X-Forwarded-For. */
  metricsAllow: string[];
  /** A listener of their own (and none on PORT), on `metricsHost`; absent: served on PORT. */
  metricsPort: number | undefined;
  metricsHost: string;
}

export class ConfigError extends Error {}

/**
 * A signing key must resist an offline search: a token signed with it can be checked against guesses
 * without asking the server. At least 32 characters and about 100 bits by the same estimator as account
 * passwords (`openssl rand -base64 48` gives far more); patterns, words and repetitions score low.
 */
export const MIN_SECRET_GUESSES_LOG10 = 30;

function weakSecret(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (value.length >= 32 && guessesLog10(value) >= MIN_SECRET_GUESSES_LOG10) return null;
  return `${name} is too easy to guess: use at least 32 random characters (for instance \`openssl rand -base64 48\`)`;
}

/** False (no proxy), the number of proxies in front of the portal, or their addresses and networks. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (`10.0.0.5`, `::1`) or a network (`10.0.0.0/24`, `fd00::/8`). */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function isProxyAddress(entry: string): boolean {
  return PROXY_NAMES.has(entry) || isAddressOrNetwork(entry);
}

/**
 * TRUST_PROXY says which `X-Forwarded-For` entries are the proxies' own: a number of hops (1 behind one
 * load balancer: the client is the address that balancer appended), or the balancers' addresses and
 * networks. `true` is refused: it takes the first address of the header, which any client can write,
 * and the throttles and the audit log would believe it.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
  } else if (value !== 'true') {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
  }
  throw new ConfigError(
    'TRUST_PROXY must be the number of proxies in front of the portal (1 or 2) or their addresses ' +
      '(10.0.0.5,10.0.0.6 or 10.0.0.0/24); `true` would believe any X-Forwarded-For a client writes',
  );
}

/** METRICS_ALLOW: the addresses and networks that may read the metrics, separated by commas. */
export function parseMetricsAllow(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.every(isAddressOrNetwork)) return entries;
  throw new ConfigError(
    'METRICS_ALLOW must list addresses or networks separated by commas (127.0.0.1,::1 or 10.0.0.0/24)',
  );
}

/**
 * Settings that only a centre's installation has: with them, messages would leave the machine, and a
 * demo (whose outbox anyone can read) must not run.
 */
const PRODUCTION_ONLY = ['SMTP_URL', 'SMS_PROVIDER_URL'] as const;

function loadCentre(file: string | undefined): CentreSettings {
  if (!file) return DEMO_CENTRE;
  try {
    return readCentreFile(file);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/**
 * The WebAuthn relying party (docs/second-factors.md#settings): the id is a host name (browsers refuse
 * an IP address), PUBLIC_URL's unless set; the origins are PUBLIC_URL's unless listed, and each must be
 * the id itself or under it.
 */
function webauthnSettings(publicUrl: string, rpId: string | undefined, origins: string | undefined) {
  const id = (rpId ?? new URL(publicUrl).hostname).toLowerCase();
  // Browsers refuse an IP address as the relying party: set explicitly, it is a mistake; taken from a
  // PUBLIC_URL that names an address (a test server, a machine reached by its address), passkeys cannot
  // be used there and everything else works (the start says so: server.ts).
  const address = isIP(id.replace(/^\[|\]$/g, '')) !== 0;
  if (address && rpId !== undefined) {
    throw new ConfigError(`WEBAUTHN_RP_ID: ${id} is an IP address; passkeys need a host name`);
  }
  const list = (origins ?? publicUrl)
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  const parsed = list.map((origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError(`WEBAUTHN_ORIGINS: ${origin} is not an origin`);
    }
    const host = url.hostname.toLowerCase();
    if (host !== id && !host.endsWith(`.${id}`)) {
      throw new ConfigError(`WEBAUTHN_ORIGINS: ${origin} is not under the relying party id ${id}`);
    }
    return url.origin;
  });
  return { rpId: id, origins: parsed, usable: !address };
}

/**
 * Reads the configuration. Demo mode is an explicit setting (`npm start` sets it), never inferred from
 * NODE_ENV. Outside demo mode mail and SMS transports, a JWT secret and a code secret are mandatory.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${fields.join('; ')}`);
  }
  const e = parsed.data;
  const demoMode = e.DEMO_MODE ?? false;
  const problems = [weakSecret('JWT_SECRET', e.JWT_SECRET), weakSecret('CODE_SECRET', e.CODE_SECRET)].filter(
    (problem) => problem !== null,
  );
  if (problems.length > 0) throw new ConfigError(problems.join('; '));
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const metricsAllow = parseMetricsAllow(e.METRICS_ALLOW);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('METRICS_PORT must differ from PORT: the metrics get a listener of their own');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (demoMode) {
    const present = [
      ...PRODUCTION_ONLY.filter((name) => e[name] !== undefined),
      ...(source.NODE_ENV === 'production' ? ['NODE_ENV=production'] : []),
    ];
    if (present.length > 0) {
      throw new ConfigError(
        `Demo mode refused: ${present.join(', ')} belong to a production installation, and the demo publishes ` +
          'every message at /dev/outbox. Use the production start (README, "Production"), or unset them for the demo.',
      );
    }
  } else {
    const missing = [
      !e.JWT_SECRET && 'JWT_SECRET',
      !e.CODE_SECRET && 'CODE_SECRET',
      !e.SMTP_URL && 'SMTP_URL',
      !e.SMS_PROVIDER_URL && 'SMS_PROVIDER_URL',
      !e.PUBLIC_URL && 'PUBLIC_URL',
      !e.CENTRE_FILE && 'CENTRE_FILE',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Outside demo mode these variables are required: ${missing.join(', ')}`);
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    demoMode,
    demoParticipants: e.DEMO_PARTICIPANTS,
    demoMainParticipants: e.DEMO_MAIN_PARTICIPANTS,
    demoLoadAccounts: e.DEMO_LOAD_ACCOUNTS,
    outboxLog: e.OUTBOX_LOG ?? demoMode,
    // A demo server without a configured secret signs with a per-process key: its access tokens end
    // with the process, and refresh tokens (kept in the database) renew them.
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : randomBytes(32),
    // Its own key: a leaked token key must not also let a copy of the codes table be read back.
    codeSecret: e.CODE_SECRET ? new TextEncoder().encode(e.CODE_SECRET) : randomBytes(32),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    sessionIdleTimeoutS: e.SESSION_IDLE_TIMEOUT_S,
    sessionMaxLifetimeS: e.SESSION_MAX_LIFETIME_S,
    signInCodeTtlS: e.SIGN_IN_CODE_TTL_S,
    lockDurationS: e.LOCK_DURATION_S,
    signInIpLimit: e.SIGN_IN_IP_LIMIT,
    signInTextLimit: e.SIGN_IN_TEXT_LIMIT,
    codeAccountLimit: e.CODE_ACCOUNT_LIMIT,
    correspondantSecondFactor: e.CORRESPONDANT_SECOND_FACTOR ?? (demoMode ? 'optional' : 'required'),
    webauthn: webauthnSettings(publicUrl, e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGINS),
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    sweepIntervalS: e.SWEEP_INTERVAL_S,
    resetLinkTtlS: e.RESET_LINK_TTL_S,
    registrationLinkTtlS: e.REGISTRATION_LINK_TTL_S,
    activationCodeTtlS: e.ACTIVATION_CODE_TTL_S,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    listCacheTtlMs: e.LIST_CACHE_TTL_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProviderUrl: e.SMS_PROVIDER_URL,
    smsProviderToken: e.SMS_PROVIDER_TOKEN,
    trustProxy,
    apiDocs: e.API_DOCS ?? demoMode,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    productName: e.PRODUCT_NAME,
    centre: loadCentre(e.CENTRE_FILE),
    centreIdSystems: {
      patient: e.FHIR_PATIENT_ID_SYSTEM,
      organization: e.FHIR_ORGANIZATION_ID_SYSTEM,
      correspondant: e.FHIR_CORRESPONDANT_ID_SYSTEM,
    },
    subscriptionAllowLocalHttp: e.SUBSCRIPTION_ALLOW_LOCAL_HTTP ?? demoMode,
    subscriptionMaxAttempts: e.SUBSCRIPTION_MAX_ATTEMPTS,
    subscriptionRetryBaseMs: e.SUBSCRIPTION_RETRY_BASE_MS,
    feedPollMs: e.FEED_POLL_MS,
    feedRetentionDays: e.FEED_RETENTION_DAYS,
    feedWorker: e.FEED_WORKER ?? true,
    deliveryMaxAttempts: e.DELIVERY_MAX_ATTEMPTS,
    deliveryRetryDelayS: e.DELIVERY_RETRY_DELAY_S,
    deliveryRetryDelayMaxS: Math.max(e.DELIVERY_RETRY_DELAY_MAX_S, e.DELIVERY_RETRY_DELAY_S),
    deliveryWorker: e.DELIVERY_WORKER ?? true,
    notificationWorker: e.NOTIFICATION_WORKER ?? true,
    notificationPollS: e.NOTIFICATION_POLL_S,
    notificationGroupS: e.NOTIFICATION_GROUP_S,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    activityStaffNames: e.ACTIVITY_STAFF_NAMES,
    metricsEnabled: e.METRICS_ENABLED ?? true,
    metricsAllow,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST ?? e.HOST,
  };
}
