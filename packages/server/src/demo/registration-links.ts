import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { hashToken } from '../auth/secrets';
import { loadConfig } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { accountTokens } from '../db/schema';
import {
  issueRegistrationLink,
  type LinkConfig,
  mailRegistrationLink,
} from '../features/registration/registration-links';
import { createNotifier, type Notifier } from '../notify/notifier';
import { DEMO_PENDING_ACCOUNTS, pendingEmail } from './pending-accounts';
import { UserFactory } from './users';

/** How the generator mails the pending accounts' links. */
export interface DemoLinkDeps {
  config: LinkConfig;
  notifier: Notifier;
}

export interface PendingLink {
  userId: number;
  to: string;
  englishOnly: boolean;
  token: string;
}

/** An expired link's expiry: a day before it was generated. */
const EXPIRED_AGO_MS = 86_400_000;

/**
 * In the generation's transaction: a registration link for each named pending account, as the
 * portal issues them (hashed, single use); the expired one is moved into the past.
 */
export async function issuePendingLinks(tx: DbOrTx, config: LinkConfig): Promise<PendingLink[]> {
  const links: PendingLink[] = [];
  for (const account of DEMO_PENDING_ACCOUNTS) {
    const userId = UserFactory.pendingId(account.key);
    const token = await issueRegistrationLink(tx, userId, config);
    if (account.expired) {
      await tx
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - EXPIRED_AGO_MS) })
        .where(eq(accountTokens.tokenHash, hashToken(token)));
    }
    links.push({ userId, to: pendingEmail(account), englishOnly: account.englishOnly, token });
  }
  return links;
}

/** After the commit: each link mailed into the outbox, where the person trying the demo reads it. */
export async function mailPendingLinks(deps: DemoLinkDeps, links: readonly PendingLink[]): Promise<void> {
  const log = { error: (details: object, message: string) => console.error(message, details) };
  for (const link of links) {
    await mailRegistrationLink(deps, log, link.to, link.token, link.englishOnly, { userId: link.userId });
  }
}

/**
 * The links of demo data go where the running portal is reached (PUBLIC_URL, else localhost and
 * PORT, as the server reads them) and land in the outbox, as every message of demo mode does.
 */
export function outboxLinkDeps(db: Db): DemoLinkDeps {
  const config = loadConfig({ ...process.env, DEMO_MODE: 'true', OUTBOX_LOG: 'false' });
  return { config, notifier: createNotifier(config, db, pino({ level: 'silent' })) };
}
