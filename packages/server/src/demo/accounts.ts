/** The one password of every demo account that can sign in (meets the docs/recovery.md#new-password-rule password rule). */
export const DEMO_PASSWORD = 'Portail#2026';
/** Answer to the secret question of every named account, before normalisation. */
export const DEMO_SECRET_ANSWER = 'paris';

export type DemoAccountKind = 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF';

export interface DemoAccount {
  key: string;
  login: string;
  kind: DemoAccountKind;
  description: string;
  /** The centre's staff: which of the roles of contract/roles.ts (a participant's or correspondant's is implied). */
  staffRole?: 'ROLE_ADMIN' | 'ROLE_OPERATOR';
}

function spare<N extends 1 | 2 | 3 | 4 | 5>(n: N) {
  return {
    key: `participantTest${n}` as const,
    login: `participant.test${n}` as const,
    kind: 'PARTICIPANT' as const,
    description:
      'Spare participant with the medical record accepted and no check-up, for tests that lock accounts.',
  };
}

/**
 * The named accounts the README lists and the tests sign in with. The generator gives each the
 * situation its description promises; ids are assigned in this order.
 */
export const DEMO_ACCOUNTS = [
  {
    key: 'participantDmc',
    login: 'participant.dmc',
    kind: 'PARTICIPANT',
    description:
      'Participant with the medical record accepted, a check-up in progress (three visits, mammography, osteopathy), documents in all four categories and appointments.',
  },
  {
    key: 'participantSansDmc',
    login: 'participant.sansdmc',
    kind: 'PARTICIPANT',
    description: 'Participant who has not answered the medical-record consent.',
  },
  {
    key: 'participantRefus',
    login: 'participant.refus',
    kind: 'PARTICIPANT',
    description: 'Participant who refused the medical record.',
  },
  {
    key: 'participantEn',
    login: 'participant.en',
    kind: 'PARTICIPANT',
    description: 'English-only participant with the medical record accepted.',
  },
  {
    key: 'corrEtablissement',
    login: 'corr.etablissement',
    kind: 'CORRESPONDANT',
    description:
      'Establishment correspondant (may save) of an establishment with a manager and incoming and outgoing transfers in progress.',
  },
  {
    key: 'corrEntreprise',
    login: 'corr.entreprise',
    kind: 'CORRESPONDANT',
    description: 'Company correspondant (may save) of the company of corr.etablissement.',
  },
  {
    key: 'corrGroupe',
    login: 'corr.groupe',
    kind: 'CORRESPONDANT',
    description: 'Group correspondant of the group of that company.',
  },
  {
    key: 'corrAutre',
    login: 'corr.autre',
    kind: 'CORRESPONDANT',
    description: 'Establishment correspondant of an unrelated company and group.',
  },
  {
    key: 'admin',
    login: 'admin',
    kind: 'STAFF',
    staffRole: 'ROLE_ADMIN',
    description:
      "Administrator of the centre (ROLE_ADMIN): the Centre area's audit trail and published content, and everything an operator does.",
  },
  spare(1),
  spare(2),
  spare(3),
  spare(4),
  spare(5),
  {
    key: 'participantVisites',
    login: 'participant.visites',
    kind: 'PARTICIPANT',
    description:
      'Participant whose check-up in progress has every visit behind them (the withdrawal consent answers a warning), and who has not answered the medical-record consent.',
  },
  {
    key: 'corrAnnuaire',
    login: 'corr.annuaire',
    kind: 'CORRESPONDANT',
    description:
      "Second establishment correspondant (may save) of corr.etablissement's establishment, for tests that edit their own record or change their password.",
  },
  {
    key: 'corrCoordonnees',
    login: 'corr.coordonnees',
    kind: 'CORRESPONDANT',
    description:
      'Third establishment correspondant (may save) of that establishment, for tests that change contact details, password or secret question.',
  },
  {
    key: 'operator',
    login: 'operateur',
    kind: 'STAFF',
    staffRole: 'ROLE_OPERATOR',
    description:
      "Operator of the centre's helpline (ROLE_OPERATOR): the Centre area's account support and message deliveries.",
  },
] as const satisfies readonly DemoAccount[];

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`unknown demo account ${key}`);
  return account;
}
