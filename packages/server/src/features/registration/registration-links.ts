import { formatPersonName } from '@portail/contract/rules/person-name';
import { issueAccountToken } from '../../auth/account-tokens';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { Notifier } from '../../notify/notifier';

/** What a registration link and its mail need from the configuration. */
export type LinkConfig = Pick<Config, 'publicUrl' | 'productName' | 'registrationLinkTtlS'>;

/** Anything that can log a failed send: Fastify's logger, or the console of a command. */
export interface LinkLog {
  error(details: object, message: string): void;
}

/** The screen of the web application a registration link opens (docs/activation.md#who-gets-a-link Registration by link). */
export const REGISTRATION_PATH = '/user/registrationCompte';

/** The link as mailed: always from the configured public URL, never from a request's Host header. */
export function registrationLink(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}${REGISTRATION_PATH}?token=${encodeURIComponent(token)}`;
}

function days(seconds: number): { fr: string; en: string } {
  const count = Math.max(1, Math.round(seconds / 86_400));
  return { fr: `${count} jour${count > 1 ? 's' : ''}`, en: `${count} day${count > 1 ? 's' : ''}` };
}

/**
 * What a participant's mail adds (issue 17): the activation also asks for the birth date and the code
 * the centre gives in person or by post. The employer may have typed the address this mail goes to,
 * so it says where the code comes from, and that the employer never has it.
 */
const IDENTITY_NOTE = {
  fr: "Pour vérifier qu'il s'agit bien de vous, l'activation vous demandera votre date de naissance et le code d'activation que votre centre de bilans vous remet en main propre ou vous envoie par courrier. Ce code vient uniquement du centre, jamais de votre employeur : ne le communiquez à personne.",
  en: 'To check that it is really you, the activation will ask for your birth date and the activation code your check-up centre hands you in person or sends you by post. This code only ever comes from the centre, never from your employer: do not share it.',
};

/** Who a registration mail is for: the account's names, greeted as the portal writes every name. */
export interface LinkPerson {
  lastName: string;
  firstName: string;
}

/** What a registration mail carries: the token, the account's language and kind, and its names. */
export interface RegistrationLinkMail {
  token: string;
  englishOnly: boolean;
  participant: boolean;
  person: LinkPerson;
}

/**
 * The mail carrying a registration link, in the account's language (French by default), greeting the
 * person by name (LAST NAME First name); a participant's says the activation code comes from the centre.
 */
export function registrationMail(
  config: LinkConfig,
  { token, englishOnly, participant, person }: RegistrationLinkMail,
): { subject: string; text: string } {
  const link = registrationLink(config, token);
  const name = formatPersonName(person.lastName, person.firstName);
  const lifetime = days(config.registrationLinkTtlS);
  // The link stands alone on its line: mail clients and the tests find it whole.
  return englishOnly
    ? {
        subject: `${config.productName}: activate your account`,
        text: [
          name ? `Hello ${name},` : 'Hello,',
          `Your check-up centre has registered you. To activate your online account, open this link within ${lifetime.en}:`,
          link,
          ...(participant ? [IDENTITY_NOTE.en] : []),
          'If you did not expect this message, ignore it.',
        ].join('\n\n'),
      }
    : {
        subject: `${config.productName} : activez votre compte`,
        text: [
          name ? `Bonjour ${name},` : 'Bonjour,',
          `Votre centre de bilans de santé vous a inscrit(e). Pour activer votre espace en ligne, ouvrez ce lien dans les ${lifetime.fr} :`,
          link,
          ...(participant ? [IDENTITY_NOTE.fr] : []),
          "Si vous n'attendiez pas ce message, ignorez-le.",
        ].join('\n\n'),
      };
}

/**
 * A new registration link for the account, in the caller's transaction: 256 random bits, stored
 * hashed, single use, valid config.registrationLinkTtlS; the account's earlier unused registration
 * links stop working. Returns the token in clear, to be mailed once the transaction has committed.
 */
export function issueRegistrationLink(tx: DbOrTx, userId: number, config: LinkConfig): Promise<string> {
  return issueAccountToken(tx, userId, 'REGISTRATION', config.registrationLinkTtlS);
}

/**
 * Mails a registration link. A failed send is logged (the outbox row records it too) and reported
 * as false: the account and its link stay, and a resend or `npm run invite` can send another.
 */
export async function mailRegistrationLink(
  deps: { config: LinkConfig; notifier: Notifier },
  log: LinkLog,
  to: string,
  link: RegistrationLinkMail,
  /** What the log says the link was for (ids, never the token). */
  about: Record<string, unknown>,
): Promise<boolean> {
  try {
    await deps.notifier.mail({
      to,
      ...registrationMail(deps.config, link),
      about: { purpose: 'REGISTRATION', userId: typeof about.userId === 'number' ? about.userId : null },
    });
    return true;
  } catch (error) {
    log.error({ err: error, ...about }, 'registration mail not sent');
    return false;
  }
}
