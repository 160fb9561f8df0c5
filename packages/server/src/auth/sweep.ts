import { and, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  auditLog,
  integrationAssertions,
  loginAttempts,
  oneTimeCodes,
  participantImports,
  throttles,
  webauthnChallenges,
} from '../db/schema';

/**
 * How long a throttle row or a spent code is kept: a day, the longest window any throttle rule uses
 * (registration codes per day). A throttle row past its window counts as no row (auth/throttle.ts), and
 * a registration code counts as confirmed for 30 minutes after it was typed, so nothing older is read.
 */
export const SWEEP_HORIZON_S = 86_400;

/**
 * Deletes what no rule reads any more: attempt counters idle for longer than a lock lasts (the next
 * attempt would start again at 1), throttle rows, one-time codes and integration assertions spent or
 * expired a day ago, WebAuthn challenges past their five minutes, participant import checks past their expiry. Under a flood of made-up identifiers these tables would otherwise only grow.
 */
export async function purgeExpired(db: Db, config: Config): Promise<void> {
  const horizon = sql`now() - make_interval(secs => ${SWEEP_HORIZON_S})`;
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.updatedAt, sql`now() - make_interval(secs => ${config.lockDurationS})`));
  await db.delete(throttles).where(lt(throttles.windowStart, horizon));
  // Used assertions are kept past their expiry (a day, as the rest) rather than to the second: no
  // server's clock, nor the database's, can then still take an assertion whose jti is gone.
  await db.delete(integrationAssertions).where(lt(integrationAssertions.expiresAt, horizon));
  await db
    .delete(oneTimeCodes)
    .where(
      or(
        lt(oneTimeCodes.expiresAt, horizon),
        and(isNotNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.consumedAt, horizon)),
      ),
    );
  // WebAuthn challenges (features/second-factors/passkeys.service.ts) live five minutes; answered or
  // not, none is read past its expiry.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  // Participant files checked and not imported within the hour, and imports whose report has had its
  // day (docs/participant-import.md#lifetime); a run under way is left to finish.
  await db
    .delete(participantImports)
    .where(and(lt(participantImports.expiresAt, sql`now()`), ne(participantImports.state, 'running')));
  // The audit trail keeps AUDIT_RETENTION_DAYS (at least a year: the table's trigger refuses younger
  // deletions, migration 0024), then goes.
  await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(days => ${config.auditRetentionDays})`));
}

/**
 * Runs purgeExpired every SWEEP_INTERVAL_S inside the server (each instance; the deletes are
 * idempotent). The timer does not keep the process alive, and the returned function stops it.
 */
export function startSweeper(db: Db, config: Config, log: { warn: (obj: object, msg: string) => void }) {
  const timer = setInterval(() => {
    purgeExpired(db, config).catch((error: unknown) =>
      log.warn({ err: error }, 'sweep of old counters failed'),
    );
  }, config.sweepIntervalS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
