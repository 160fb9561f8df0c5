import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Notifier } from '../notify/notifier';

/**
 * Tells an account holder by mail that their password changed (from the account, or from a link sent
 * by mail), in their language. The password is already saved: a notice that cannot leave is logged,
 * it does not undo the change nor fail the request.
 */
export async function mailPasswordChanged(
  deps: { config: Config; notifier: Notifier },
  log: FastifyBaseLogger | undefined,
  holder: { email: string | null; englishOnly: boolean; id?: number },
  how: 'account' | 'link',
): Promise<void> {
  if (!holder.email) return;
  const english = holder.englishOnly;
  const viaLink = how === 'link';
  try {
    await deps.notifier.mail({
      to: holder.email,
      about: { purpose: 'PASSWORD', userId: holder.id ?? null },
      subject: english
        ? `${deps.config.productName}: your password was changed`
        : `${deps.config.productName} : votre mot de passe a été modifié`,
      text: english
        ? `${viaLink ? 'The password of your account was changed from a link sent by e-mail.' : 'Your password was changed.'} If you did not do it, contact the centre at once.`
        : `${viaLink ? 'Le mot de passe de votre compte a été modifié depuis un lien envoyé par mail.' : 'Votre mot de passe a été modifié.'} Si vous n'êtes pas à l'origine de ce changement, contactez le centre sans attendre.`,
    });
  } catch (error) {
    log?.error({ err: error }, 'password notice not sent');
  }
}
