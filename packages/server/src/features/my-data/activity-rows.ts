import type { Language } from '@portail/contract/constants';
import { centreWallClock } from '@portail/contract/rules/centre-time';
import type { ActivityActor, ActivityEntry, ActivityKind } from '@portail/contract/schemas/activity';
import type { Caller } from '../../auth/caller';
import { type ActivityDeps, activityPages } from '../activity';

/**
 * The activity of "my data" (activite.csv, docs/personal-details.md#my-data): the events "My activity"
 * lists (docs/activity.md), read through that feature a page at a time, one line each, in the language
 * of the archive. The cells hold what the screen shows, never more: no address, no raw detail.
 */

export type ActivityCells = readonly [
  date: string,
  event: string,
  by: string,
  documents: string,
  recipientDomain: string,
  parts: string,
  browser: string,
];

export const ACTIVITY_CSV_HEADERS: Readonly<Record<Language, ActivityCells>> = {
  fr_FR: [
    'Date (heure de Paris)',
    'Événement',
    'Par',
    'Documents',
    'Domaine du destinataire',
    'Parties du dossier modifiées',
    'Navigateur',
  ],
  en_EN: [
    'Date (Paris time)',
    'Event',
    'By',
    'Documents',
    'Recipient domain',
    'Parts of the record changed',
    'Browser',
  ],
};

type Wording = Readonly<Record<Language, string>>;

const EVENTS: Readonly<Record<ActivityKind, Wording>> = {
  signIn: { fr_FR: 'Connexion', en_EN: 'Sign-in' },
  signInUnconfirmed: {
    fr_FR: 'Mot de passe saisi, code de connexion non confirmé',
    en_EN: 'Password entered, sign-in code not confirmed',
  },
  signInFailed: { fr_FR: 'Tentative de connexion refusée', en_EN: 'Sign-in attempt refused' },
  codeFailed: { fr_FR: 'Code de connexion mal saisi', en_EN: 'Sign-in code mistyped' },
  accountLocked: { fr_FR: 'Compte verrouillé', en_EN: 'Account locked' },
  passwordChanged: { fr_FR: 'Mot de passe changé', en_EN: 'Password changed' },
  sessionsEnded: { fr_FR: 'Session(s) fermée(s) par vous', en_EN: 'Session(s) ended by you' },
  passkeyAdded: { fr_FR: 'Clé d’accès ajoutée', en_EN: 'Passkey added' },
  passkeyRemoved: { fr_FR: 'Clé d’accès retirée', en_EN: 'Passkey removed' },
  appAdded: { fr_FR: 'Application d’authentification ajoutée', en_EN: 'Authenticator app added' },
  appRemoved: { fr_FR: 'Application d’authentification retirée', en_EN: 'Authenticator app removed' },
  smsCodeOff: { fr_FR: 'Code par SMS désactivé', en_EN: 'Text-message code turned off' },
  smsCodeOn: { fr_FR: 'Code par SMS réactivé', en_EN: 'Text-message code turned on' },
  recoveryCodeUsed: { fr_FR: 'Code de secours utilisé', en_EN: 'Recovery code used' },
  recoveryCodesRenewed: { fr_FR: 'Codes de secours renouvelés', en_EN: 'Recovery codes renewed' },
  documentViewed: { fr_FR: 'Document consulté', en_EN: 'Document viewed' },
  documentDownloaded: { fr_FR: 'Document téléchargé', en_EN: 'Document downloaded' },
  documentsSent: { fr_FR: 'Documents envoyés par e-mail', en_EN: 'Documents sent by e-mail' },
  documentsSendFailed: { fr_FR: 'Envoi de documents échoué', en_EN: 'Sending documents failed' },
  dataArchiveBuilt: { fr_FR: 'Archive « Mes données » créée', en_EN: '“My data” archive built' },
  recordCreated: { fr_FR: 'Dossier créé', en_EN: 'Record created' },
  recordChanged: { fr_FR: 'Dossier modifié', en_EN: 'Record changed' },
  contactChanged: { fr_FR: 'Coordonnées de contact changées', en_EN: 'Contact details changed' },
  membershipEnded: { fr_FR: 'Adhésion résiliée', en_EN: 'Membership ended' },
  membershipResumed: { fr_FR: 'Adhésion reprise', en_EN: 'Membership resumed' },
  transferRequested: { fr_FR: 'Transfert demandé', en_EN: 'Transfer requested' },
  transferAccepted: { fr_FR: 'Transfert accepté', en_EN: 'Transfer accepted' },
  transferCancelled: { fr_FR: 'Transfert annulé', en_EN: 'Transfer cancelled' },
  staffAction: { fr_FR: 'Action du centre sur votre compte', en_EN: 'Action of the centre on your account' },
  documentPublished: { fr_FR: 'Document mis à votre disposition', en_EN: 'Document made available to you' },
  documentUpdated: { fr_FR: 'Document mis à jour', en_EN: 'Document updated' },
};

const ACTORS = {
  self: { fr_FR: 'Vous', en_EN: 'You' },
  system: { fr_FR: 'Le centre (son système)', en_EN: 'The centre (its system)' },
  operator: { fr_FR: 'Opérateur du centre', en_EN: "Centre's operator" },
  admin: { fr_FR: 'Administrateur du centre', en_EN: "Centre's administrator" },
  correspondant: { fr_FR: 'Votre correspondant', en_EN: 'Your correspondant' },
} as const satisfies Readonly<Record<string, Wording>>;

function actorCell(actor: ActivityActor, language: Language): string {
  switch (actor.kind) {
    case 'self':
    case 'system':
      return ACTORS[actor.kind][language];
    case 'correspondant':
      return [ACTORS.correspondant[language], actor.name].filter(Boolean).join(' ');
    case 'staff':
      return [ACTORS[actor.role ?? 'operator'][language], actor.name].filter(Boolean).join(' · ');
  }
}

function cellsOf(entry: ActivityEntry, language: Language): ActivityCells {
  const wall = centreWallClock(entry.at);
  const withdrawn = entry.documentCount - entry.documents.length;
  const documents = [
    ...entry.documents,
    ...(withdrawn > 0 ? [language === 'fr_FR' ? `${withdrawn} retiré(s)` : `${withdrawn} withdrawn`] : []),
  ];
  return [
    wall ? `${wall.date} ${wall.time}` : entry.at,
    EVENTS[entry.kind][language],
    actorCell(entry.actor, language),
    documents.join(' | '),
    entry.recipientDomain ?? '',
    entry.fields.join(', '),
    entry.browser ?? '',
  ];
}

/** The caller's activity lines, newest first, a page at a time. */
export async function* activityRows(
  deps: ActivityDeps,
  caller: Caller,
  language: Language,
): AsyncGenerator<ActivityCells[]> {
  for await (const page of activityPages(deps, caller, language)) {
    yield page.map((entry) => cellsOf(entry, language));
  }
}
