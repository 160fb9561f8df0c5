import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Notifier } from '../../notify/notifier';

/** What changed on the account, for the notice mailed to its holder. */
export type AccountChange =
  | 'email'
  | 'mobile'
  | 'secretQuestion'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'appAdded'
  | 'appRemoved'
  | 'recoveryCodesRenewed'
  | 'recoveryCodeUsed'
  | 'smsOff'
  | 'smsOn'
  | 'factorsReset';

const NOT_YOU_FR = "Si vous n'êtes pas à l'origine de ce changement, contactez le centre sans attendre.";
const NOT_YOU_EN = 'If you did not do it, contact the centre at once.';

const TEXTS: Record<AccountChange, { fr: [string, string]; en: [string, string] }> = {
  email: {
    fr: [
      'vos coordonnées de contact ont été modifiées',
      "L'adresse mail de votre compte a été remplacée par une nouvelle adresse, confirmée par le code qui lui a été envoyé. Les messages du portail iront désormais à cette adresse. Si vous n'êtes pas à l'origine de ce changement, contactez le centre sans attendre.",
    ],
    en: [
      'your contact details were changed',
      'The e-mail address of your account was replaced by a new one, confirmed with the code sent to it. The portal will write to that address from now on. If you did not do it, contact the centre at once.',
    ],
  },
  mobile: {
    fr: [
      'vos coordonnées de contact ont été modifiées',
      "Le téléphone portable de votre compte a été modifié. Les codes de connexion seront désormais envoyés au nouveau numéro. Si vous n'êtes pas à l'origine de ce changement, contactez le centre sans attendre.",
    ],
    en: [
      'your contact details were changed',
      'The mobile number of your account was changed. Sign-in codes will now go to the new number. If you did not do it, contact the centre at once.',
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
  passkeyAdded: {
    fr: [
      "une clé d'accès a été ajoutée à votre compte",
      `Une nouvelle clé d'accès permet désormais de vous connecter à votre compte. ${NOT_YOU_FR}`,
    ],
    en: [
      'a passkey was added to your account',
      `A new passkey can now sign in to your account. ${NOT_YOU_EN}`,
    ],
  },
  passkeyRemoved: {
    fr: [
      "une clé d'accès a été retirée de votre compte",
      `Une clé d'accès ne permet plus de vous connecter à votre compte. ${NOT_YOU_FR}`,
    ],
    en: [
      'a passkey was removed from your account',
      `A passkey can no longer sign in to your account. ${NOT_YOU_EN}`,
    ],
  },
  appAdded: {
    fr: [
      "une application d'authentification a été ajoutée à votre compte",
      `Les codes d'une application d'authentification permettent désormais de confirmer vos connexions, ainsi que dix codes de secours. ${NOT_YOU_FR}`,
    ],
    en: [
      'an authenticator app was added to your account',
      `Codes from an authenticator app, and ten recovery codes, can now confirm your sign-ins. ${NOT_YOU_EN}`,
    ],
  },
  appRemoved: {
    fr: [
      "l'application d'authentification a été retirée de votre compte",
      `Les codes de l'application d'authentification et les codes de secours ne permettent plus de confirmer vos connexions. ${NOT_YOU_FR}`,
    ],
    en: [
      'the authenticator app was removed from your account',
      `Codes from the authenticator app and the recovery codes can no longer confirm your sign-ins. ${NOT_YOU_EN}`,
    ],
  },
  recoveryCodesRenewed: {
    fr: [
      'vos codes de secours ont été renouvelés',
      `De nouveaux codes de secours ont été créés pour votre compte ; les anciens ne valent plus. ${NOT_YOU_FR}`,
    ],
    en: [
      'your recovery codes were renewed',
      `New recovery codes were made for your account; the former ones no longer work. ${NOT_YOU_EN}`,
    ],
  },
  recoveryCodeUsed: {
    fr: [
      'un code de secours a été utilisé',
      `Un code de secours vient de confirmer une connexion à votre compte ; il ne servira plus. Si ce n'était pas vous, contactez le centre sans attendre.`,
    ],
    en: [
      'a recovery code was used',
      'A recovery code has just confirmed a sign-in to your account; it will not work again. If it was not you, contact the centre at once.',
    ],
  },
  smsOff: {
    fr: [
      'le code par SMS a été désactivé',
      `Vos connexions ne se confirment plus par un code reçu par SMS, mais par votre clé d'accès ou votre application d'authentification. ${NOT_YOU_FR}`,
    ],
    en: [
      'the text-message code was turned off',
      `Your sign-ins are no longer confirmed by a code sent by text message, but by your passkey or authenticator app. ${NOT_YOU_EN}`,
    ],
  },
  factorsReset: {
    fr: [
      'vos moyens de connexion ont été retirés par le centre',
      `À votre demande, le centre a retiré les clés d'accès et l'application d'authentification de votre compte, et fermé ses sessions. Vos connexions se confirment de nouveau par un code reçu par SMS ; vous pourrez ajouter de nouveaux moyens dans « Mes coordonnées », onglet Sécurité. ${NOT_YOU_FR}`,
    ],
    en: [
      'your sign-in methods were removed by the centre',
      `At your request, the centre removed the passkeys and the authenticator app of your account and ended its sessions. Your sign-ins are confirmed again by a code sent by text message; you can add new methods under "My details", Security tab. ${NOT_YOU_EN}`,
    ],
  },
  smsOn: {
    fr: [
      'le code par SMS a été réactivé',
      `Vos connexions peuvent de nouveau se confirmer par un code reçu par SMS. ${NOT_YOU_FR}`,
    ],
    en: [
      'the text-message code was turned back on',
      `Your sign-ins can again be confirmed by a code sent by text message. ${NOT_YOU_EN}`,
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
  userId?: number,
): Promise<void> {
  if (!to) return;
  const [subject, text] = TEXTS[change][englishOnly ? 'en' : 'fr'];
  try {
    await deps.notifier.mail({
      to,
      subject: `${deps.config.productName}${englishOnly ? ':' : ' :'} ${subject}`,
      text,
      about: { purpose: 'OTHER', userId: userId ?? null },
    });
  } catch (error) {
    log.error({ err: error, change }, 'account notice not sent');
  }
}

/**
 * The code that confirms a new e-mail (by mail) or mobile (by text message), sent to that new address
 * or number: only its holder can type it back. A message that cannot leave is logged; the change
 * stays pending and the code can be sent again.
 */
export async function sendContactCode(
  deps: { config: Config; notifier: Notifier },
  log: FastifyBaseLogger,
  code: { channel: 'EMAIL' | 'PORTABLE'; to: string; code: string },
  englishOnly: boolean,
  userId?: number,
): Promise<void> {
  const about = { purpose: 'CONTACT', userId: userId ?? null } as const;
  const product = deps.config.productName;
  const minutes = Math.max(1, Math.round(deps.config.signInCodeTtlS / 60));
  try {
    if (code.channel === 'PORTABLE') {
      await deps.notifier.sms(
        code.to,
        englishOnly
          ? `${product}: the code confirming this new mobile number is ${code.code}. It expires in ${minutes} min. Never share it.`
          : `${product} : le code de confirmation de ce nouveau numéro est ${code.code}. Il expire dans ${minutes} min. Ne le communiquez à personne.`,
        about,
      );
      return;
    }
    await deps.notifier.mail({
      to: code.to,
      about,
      subject: englishOnly
        ? `${product}: confirm your new e-mail address`
        : `${product} : confirmez votre nouvelle adresse mail`,
      text: englishOnly
        ? `Type this code on your personal details page to confirm this address: ${code.code}. It expires in ${minutes} min. If you did not ask for it, ignore this message.`
        : `Saisissez ce code sur la page de vos coordonnées pour confirmer cette adresse : ${code.code}. Il expire dans ${minutes} min. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
    });
  } catch (error) {
    log.error({ err: error, channel: code.channel }, 'contact code not sent');
  }
}
