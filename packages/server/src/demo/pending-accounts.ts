import { formatPersonName } from '@portail/contract/rules/person-name';

/**
 * Accounts created by the centre but not yet activated, each with a registration link mailed to its
 * address when the demo data is generated (read it in the outbox: /dev/outbox). They have no
 * password until registration by link sets one. Ids follow the named accounts (demo/users.ts);
 * their participants follow the named participants, their correspondants belong to the other
 * establishments of corr.etablissement's company.
 */
export interface DemoPendingAccount {
  key: string;
  login: string;
  kind: 'PARTICIPANT' | 'CORRESPONDANT';
  firstName: string;
  lastName: string;
  female: boolean;
  englishOnly: boolean;
  /** The mailed link has already expired: the registration screen offers to resend it. */
  expired: boolean;
  description: string;
  /**
   * A participant's birth date, fixed (the generated ones move with the day of generation): with the
   * activation code of the demo's letter, it proves who is registering (issue 17).
   */
  birthDate?: string;
}

const participant = (
  key: string,
  login: string,
  person: Pick<DemoPendingAccount, 'firstName' | 'lastName' | 'female'> & { birthDate: string },
  description: string,
  extra: Partial<Pick<DemoPendingAccount, 'englishOnly' | 'expired'>> = {},
) => ({
  key,
  login,
  kind: 'PARTICIPANT' as const,
  ...person,
  englishOnly: extra.englishOnly ?? false,
  expired: extra.expired ?? false,
  description,
});

export const DEMO_PENDING_ACCOUNTS = [
  participant(
    'inscription',
    'participant.inscription',
    { firstName: 'Manon', lastName: 'Garnier', female: true, birthDate: '1988-03-14' },
    'Pending participant (French) with a valid registration link and a mobile on file: the six steps.',
  ),
  participant(
    'inscriptionEn',
    'participant.inscription.en',
    { firstName: 'Oliver', lastName: 'Taylor', female: false, birthDate: '1979-11-02' },
    'Pending English-only participant with a valid registration link (anglaisUniquement).',
    { englishOnly: true },
  ),
  participant(
    'inscriptionExpiree',
    'participant.inscription.expiree',
    { firstName: 'Sarah', lastName: 'Roux', female: true, birthDate: '1992-06-25' },
    'Pending participant whose registration link has expired: the screen offers to resend it.',
    { expired: true },
  ),
  participant(
    'inscription2',
    'participant.inscription2',
    { firstName: 'Paul', lastName: 'Fournier', female: false, birthDate: '1984-09-08' },
    'Spare pending participant with a valid registration link.',
  ),
  participant(
    'inscription3',
    'participant.inscription3',
    { firstName: 'Chloé', lastName: 'Girard', female: true, birthDate: '1996-01-30' },
    'Spare pending participant with a valid registration link.',
  ),
  {
    key: 'corrInscription',
    login: 'corr.inscription',
    kind: 'CORRESPONDANT' as const,
    firstName: 'Claire',
    lastName: 'Fontaine',
    female: true,
    englishOnly: false,
    expired: false,
    description:
      "Pending establishment correspondant (of a sibling establishment of corr.etablissement's) with a valid registration link: the three steps.",
  },
  {
    key: 'corrInscription2',
    login: 'corr.inscription2',
    kind: 'CORRESPONDANT' as const,
    firstName: 'Marc',
    lastName: 'Lambert',
    female: false,
    englishOnly: false,
    expired: false,
    description: 'Spare pending establishment correspondant with a valid registration link.',
  },
] as const satisfies readonly DemoPendingAccount[];

export type DemoPendingKey = (typeof DEMO_PENDING_ACCOUNTS)[number]['key'];

/** The address every pending account's link is mailed to (the outbox shows it as the recipient). */
export const pendingEmail = (account: { login: string }) => `${account.login}@example.com`;

/**
 * Who a pending participant's letter from the centre (their activation code) is addressed to: the
 * demo outbox shows it as the recipient of a LETTER (`?recipient=GARNIER%20Manon`).
 */
export const letterRecipient = (account: { firstName: string; lastName: string }) =>
  formatPersonName(account.lastName, account.firstName);

export const PENDING_PARTICIPANTS = DEMO_PENDING_ACCOUNTS.filter((a) => a.kind === 'PARTICIPANT');
export const PENDING_CORRESPONDANTS = DEMO_PENDING_ACCOUNTS.filter((a) => a.kind === 'CORRESPONDANT');
