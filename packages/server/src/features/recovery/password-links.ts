import { eq } from 'drizzle-orm';
import { issueAccountToken } from '../../auth/account-tokens';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Notifier } from '../../notify/notifier';

export type PasswordLinkPurpose = 'RESET_PASSWORD' | 'CHANGE_PASSWORD';

export interface PasswordLinkDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
}

/** The screen of the web application each link opens (docs/recovery.md#reset-link Reset-password link screen). */
const LINK_PATHS: Record<PasswordLinkPurpose, string> = {
  RESET_PASSWORD: '/user/reinitpassword',
  CHANGE_PASSWORD: '/user/changePassword',
};

/** Whole minutes, hours or days, in the account's language. */
export function lifetimeText(seconds: number, english: boolean): string {
  const units: [number, string, string, string, string][] = [
    [86_400, 'jour', 'jours', 'day', 'days'],
    [3600, 'heure', 'heures', 'hour', 'hours'],
    [60, 'minute', 'minutes', 'minute', 'minutes'],
  ];
  for (const [size, frOne, frMany, enOne, enMany] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      const unit = english ? (count === 1 ? enOne : enMany) : count === 1 ? frOne : frMany;
      return `${count} ${unit}`;
    }
  }
  return `${Math.max(1, Math.round(seconds / 60))} minutes`;
}

function linkMail(
  config: Config,
  purpose: PasswordLinkPurpose,
  english: boolean,
  link: string,
): { subject: string; text: string } {
  const lifetime = lifetimeText(config.resetLinkTtlS, english);
  const product = config.productName;
  if (english) {
    const action = purpose === 'RESET_PASSWORD' ? 'reset the password' : 'choose a new password';
    return {
      subject: `${product}: ${purpose === 'RESET_PASSWORD' ? 'reset your password' : 'change your password'}`,
      text: [
        `To ${action} of your account, open this link:`,
        link,
        `The link works once and expires in ${lifetime}.`,
        'If you did not ask for it, ignore this message: your password stays as it is.',
      ].join('\n\n'),
    };
  }
  const action =
    purpose === 'RESET_PASSWORD' ? 'réinitialiser le mot de passe' : 'choisir un nouveau mot de passe';
  return {
    subject: `${product} : ${
      purpose === 'RESET_PASSWORD'
        ? 'réinitialisation de votre mot de passe'
        : 'changement de votre mot de passe'
    }`,
    text: [
      `Pour ${action} de votre compte, ouvrez ce lien :`,
      link,
      `Le lien ne sert qu'une fois et expire dans ${lifetime}.`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ].join('\n\n'),
  };
}

/**
 * Mails the account a link that sets a new password (docs/recovery.md#reset-link): a RESET_PASSWORD link after the secret
 * question was answered, a CHANGE_PASSWORD link when staff or an invitation asks for one. The link is
 * always built from config.publicUrl, never from a request's Host header; issuing it spends the
 * account's earlier unused links of the same purpose. Returns false, sending nothing, when the
 * account has no e-mail address (or does not exist). `ip`, when a request asked for the link, goes
 * to the audit log.
 */
export async function sendPasswordLink(
  deps: PasswordLinkDeps,
  userId: number,
  purpose: PasswordLinkPurpose,
  ip?: string,
): Promise<boolean> {
  const { db, config, notifier } = deps;
  const [user] = await db
    .select({ id: users.id, email: users.email, englishOnly: users.englishOnly })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return false;
  if (!user.email) {
    await audit(db, {
      actorUserId: null,
      action: 'PASSWORD_LINK_NOT_SENT',
      targetType: 'user',
      targetId: user.id,
      details: { purpose, reason: 'no_email' },
      ...(ip ? { ip } : {}),
    });
    return false;
  }
  const email = user.email;
  const token = await db.transaction(async (tx) => {
    const issued = await issueAccountToken(tx, user.id, purpose, config.resetLinkTtlS);
    await audit(tx, {
      actorUserId: null,
      action: 'PASSWORD_LINK_SENT',
      targetType: 'user',
      targetId: user.id,
      details: { purpose },
      ...(ip ? { ip } : {}),
    });
    return issued;
  });
  const link = `${config.publicUrl}${LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}`;
  const message = linkMail(config, purpose, user.englishOnly, link);
  await notifier.mail({ to: email, ...message, about: { purpose: 'PASSWORD', userId: user.id } });
  return true;
}
