import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CentreSettings } from '@portail/contract/schemas/assistance';
import { z } from 'zod';
import { DEMO_CENTRE, readCentreFile } from './centre';
import { MAX_LOAD_ACCOUNTS } from './demo/load-accounts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** Every configuration variable, documented in the README. */
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
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
  JWT_SECRET: z.string().min(32).optional(),
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
  RESET_LINK_TTL_S: z.coerce.number().int().min(60).max(86_400).default(3600),
  REGISTRATION_LINK_TTL_S: z.coerce
    .number()
    .int()
    .min(3600)
    .max(90 * 86_400)
    .default(7 * 86_400),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portail Bilans <no-reply@portail-bilans.example>'),
  SMS_PROVIDER_URL: z.url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, 'packages/web/dist')),
  PRODUCT_NAME: z.string().default('Portail Bilans'),
  CENTRE_FILE: z.string().optional(),
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
  accessTokenTtlS: number;
  sessionIdleTimeoutS: number;
  sessionMaxLifetimeS: number;
  signInCodeTtlS: number;
  /** Life of a reset or change-password link (001 §2), one hour by default. */
  resetLinkTtlS: number;
  /** Life of a registration link (001 §2), seven days by default. */
  registrationLinkTtlS: number;
  sessionCacheTtlMs: number;
  /** Longest life of a cached participant-list page (0: no cache); writes evict at once. */
  listCacheTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  productName: string;
  /** The centre's identity (`CENTRE_FILE`, or the demo centre in demo mode). */
  centre: CentreSettings;
}

export class ConfigError extends Error {}

function loadCentre(file: string | undefined): CentreSettings {
  if (!file) return DEMO_CENTRE;
  try {
    return readCentreFile(file);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/**
 * Reads the configuration. Demo mode is an explicit setting (`npm start` sets it), never inferred from
 * NODE_ENV. Outside demo mode mail and SMS transports and a JWT secret are mandatory.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${fields.join('; ')}`);
  }
  const e = parsed.data;
  const demoMode = e.DEMO_MODE ?? false;
  if (!demoMode) {
    const missing = [
      !e.JWT_SECRET && 'JWT_SECRET',
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
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    sessionIdleTimeoutS: e.SESSION_IDLE_TIMEOUT_S,
    sessionMaxLifetimeS: e.SESSION_MAX_LIFETIME_S,
    signInCodeTtlS: e.SIGN_IN_CODE_TTL_S,
    resetLinkTtlS: e.RESET_LINK_TTL_S,
    registrationLinkTtlS: e.REGISTRATION_LINK_TTL_S,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    listCacheTtlMs: e.LIST_CACHE_TTL_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProviderUrl: e.SMS_PROVIDER_URL,
    smsProviderToken: e.SMS_PROVIDER_TOKEN,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    productName: e.PRODUCT_NAME,
    centre: loadCentre(e.CENTRE_FILE),
  };
}
