import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Notifier } from '../../notify/notifier';

/** What changed on the account, for the notice mailed to its holder. */
export type AccountChange = 'contact' | 'secretQuestion';

const TEXTS: Record<AccountChange, { fr: [string, string]; en: [string, string] }> = {
  contact: {
    fr: [
      'vos coordonnées de contact ont été modifiées',
      "L'adresse mail et le téléphone portable de votre compte ont été modifiés. Les codes de connexion seront désormais envoyés au nouveau numéro. Si vous n'êtes pas à l'origine de ce changement, contactez le centre sans attendre.",
    ],
    en: [
      'your contact details were changed',
      'The e-mail address and mobile number of your account were changed. Sign-in codes will now go to the new number. If you did not do it, contact the centre at once.',
    ],
  },
  secretQuestion: {
    fr: [
      'votre question secrète a été modifiée',
      "La question secrète de votre compte et sa réponse ont été modifiées. Si vous n'êtes pas à l'origine de ce changement, contactez le centre sans attendre.",
    ],
    en: [
      'your secret question was changed',
      'The secret question of your account and its answer were changed. If you did not do it, contact the centre at once.',
    ],
  },
};

/**
 * Tells the account holder, in their language, that a security setting changed (as a password change
 * does). Sent after the change committed: a failed mail is logged and does not undo it.
 */
export async function mailAccountNotice(
  deps: { config: Config; notifier: Notifier },
  log: FastifyBaseLogger,
  to: string | null,
  englishOnly: boolean,
  change: AccountChange,
): Promise<void> {
  if (!to) return;
  const [subject, text] = TEXTS[change][englishOnly ? 'en' : 'fr'];
  try {
    await deps.notifier.mail({
      to,
      subject: `${deps.config.productName}${englishOnly ? ':' : ' :'} ${subject}`,
      text,
    });
  } catch (error) {
    log.error({ err: error, change }, 'account notice not sent');
  }
}
