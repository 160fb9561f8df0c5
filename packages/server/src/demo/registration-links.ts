import { formatActivationCode } from '@portail/contract/rules/activation-code';
import { formatPersonName } from '@portail/contract/rules/person-name';
import { eq, inArray } from 'drizzle-orm';
import { issueActivationCode } from '../auth/activation-codes';
import { hashToken } from '../auth/secrets';
import { type Config, loadConfig } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { accountTokens, outbox } from '../db/schema';
import {
  issueRegistrationLink,
  type LinkConfig,
  type LinkPerson,
  mailRegistrationLink,
} from '../features/registration/registration-links';
import type { MessageQueue } from '../notify/delivery-queue';
import { createNotifier, type Notifier } from '../notify/notifier';
import {
  DEMO_PENDING_ACCOUNTS,
  type DemoPendingAccount,
  letterRecipient,
  pendingEmail,
} from './pending-accounts';
import { UserFactory } from './users';

/** How the generator mails the pending accounts' links. */
export interface DemoLinkDeps {
  config: LinkConfig & Pick<Config, 'activationCodeTtlS'>;
  notifier: Notifier;
}

/** The letter the centre would post to a pending participant, with their activation code. */
export interface PendingLetter {
  recipient: string;
  subject: string;
  body: string;
}

export interface PendingLink {
  userId: number;
  to: string;
  englishOnly: boolean;
  participant: boolean;
  person: LinkPerson;
  token: string;
  letter: PendingLetter | null;
}

/** An expired link's expiry: a day before it was generated. */
const EXPIRED_AGO_MS = 86_400_000;

const frenchDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The activation code as the centre's letter gives it (issue 17: `npm run invite` prints the same
 * for real participants). The demo line names the birth date on file, so that whoever tries the demo
 * can register; a real letter would not.
 */
function pendingLetter(account: DemoPendingAccount, code: string, ttlS: number): PendingLetter {
  const expiry = new Date(Date.now() + ttlS * 1000);
  const day = (date: Date) => date.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
  const birth = account.birthDate ? frenchDate(account.birthDate) : '—';
  // The letter is in the participant's language, as their mails are (`anglaisUniquement`).
  const text = account.englishOnly
    ? {
        subject: 'Letter from the check-up centre: your activation code',
        lines: [
          'Dear Sir or Madam,',
          `To activate your online space, the link you received by e-mail will ask for your date of birth and this activation code, valid until ${day(expiry)}:`,
          formatActivationCode(code),
          'This code comes from your check-up centre and from nobody else: never share it, not even with your employer.',
          `(Demonstration: the date of birth on file is ${birth}.)`,
        ],
      }
    : {
        subject: "Courrier postal du centre de bilans : votre code d'activation",
        lines: [
          'Madame, Monsieur,',
          `Pour activer votre espace en ligne, le lien reçu par e-mail vous demandera votre date de naissance et ce code d'activation, valable jusqu'au ${day(expiry)} :`,
          formatActivationCode(code),
          'Ce code vient de votre centre de bilans et de lui seul : ne le communiquez à personne, pas même à votre employeur.',
          `(Démonstration : la date de naissance enregistrée est le ${birth}.)`,
        ],
      };
  return {
    recipient: letterRecipient(account),
    subject: text.subject,
    body: [formatPersonName(account.lastName, account.firstName), ...text.lines].join('\n\n'),
  };
}

/**
 * In the generation's transaction: a registration link for each named pending account, as the
 * portal issues them (hashed, single use); the expired one is moved into the past. Each pending
 * participant also gets an activation code, in a letter from the centre.
 */
export async function issuePendingLinks(tx: DbOrTx, config: DemoLinkDeps['config']): Promise<PendingLink[]> {
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
    const participant = account.kind === 'PARTICIPANT';
    const letter = participant
      ? pendingLetter(
          account,
          await issueActivationCode(tx, userId, config.activationCodeTtlS),
          config.activationCodeTtlS,
        )
      : null;
    links.push({
      userId,
      to: pendingEmail(account),
      englishOnly: account.englishOnly,
      participant,
      person: account,
      token,
      letter,
    });
  }
  return links;
}

/**
 * After the commit: each link mailed into the outbox, where the person trying the demo reads it, and
 * each participant's letter beside it, as a LETTER: the portal never sends the code itself.
 */
export async function mailPendingLinks(
  deps: DemoLinkDeps & { db: Db },
  links: readonly PendingLink[],
): Promise<void> {
  const log = { error: (details: object, message: string) => console.error(message, details) };
  for (const link of links) {
    const mail = {
      token: link.token,
      englishOnly: link.englishOnly,
      participant: link.participant,
      person: link.person,
    };
    await mailRegistrationLink(deps, log, link.to, mail, { userId: link.userId });
    if (link.letter) {
      const { recipient, subject, body } = link.letter;
      await deps.db
        .insert(outbox)
        .values({ channel: 'LETTER', recipient, subject, body, status: 'SENT', sentAt: new Date() });
    }
  }
}

/**
 * Demo data is made before the portal (and its delivery queue) runs: its messages are accepted by the
 * demo outbox at once, as the demo providers would accept them.
 */
const acceptedByDemoOutbox: MessageQueue = {
  async enqueue(tx, messages) {
    const outboxIds = messages.map((message) => message.outboxId);
    await tx
      .update(outbox)
      .set({ status: 'SENT', attempts: 1, sentAt: new Date() })
      .where(inArray(outbox.id, outboxIds));
  },
};

/**
 * The links of demo data go where the running portal is reached (PUBLIC_URL, else localhost and
 * PORT, as the server reads them) and land in the outbox, as every message of demo mode does.
 */
export function outboxLinkDeps(db: Db): DemoLinkDeps {
  const config = loadConfig({ ...process.env, DEMO_MODE: 'true', OUTBOX_LOG: 'false' });
  return { config, notifier: createNotifier(db, acceptedByDemoOutbox) };
}
