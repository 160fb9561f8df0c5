import { SCREENS } from '@portail/contract/routes';
import { centreWallClock } from '@portail/contract/rules/centre-time';
import type { NotificationEvent } from '../../db/schema';

/**
 * The words of notifications (docs/notifications-and-delivery.md#what-they-say). They NEVER carry
 * medical content: no document name, type or category, no purpose of an appointment, no physician — a
 * message may be read on a locked phone's screen or in a shared mailbox. Appointments are told by their
 * date and time "at the centre" only. test/notifications-texts.test.ts scans every text for forbidden words.
 */
export type Language = 'fr' | 'en';

export interface NoticeEvent {
  event: NotificationEvent;
  /** The appointment's start, for appointment events and reminders. */
  at: Date | null;
}

export interface Notice {
  subject: string;
  mail: string;
  sms: string;
}

const WORDS = {
  fr: {
    subject: 'du nouveau dans votre espace',
    transferSubject: 'transferts de votre périmètre',
    documents: (n: number) =>
      n === 1
        ? 'Un nouveau document est disponible dans votre espace.'
        : `${n} nouveaux documents sont disponibles dans votre espace.`,
    BOOKED: (when: string) => `Un rendez-vous au centre est prévu le ${when}.`,
    MOVED: (when: string) => `Votre rendez-vous au centre a été déplacé au ${when}.`,
    CANCELLED: (when: string) => `Votre rendez-vous au centre du ${when} a été annulé.`,
    REMINDER: (when: string) => `Rappel de votre rendez-vous au centre le ${when}.`,
    TRANSFER_REQUESTED: (n: number) =>
      n === 1
        ? 'Un transfert qui concerne votre périmètre a été demandé.'
        : `${n} transferts qui concernent votre périmètre ont été demandés.`,
    TRANSFER_ACCEPTED: (n: number) =>
      n === 1
        ? 'Un transfert qui concerne votre périmètre a été accepté.'
        : `${n} transferts qui concernent votre périmètre ont été acceptés.`,
    TRANSFER_CANCELLED: (n: number) =>
      n === 1
        ? 'Un transfert qui concerne votre périmètre a été annulé.'
        : `${n} transferts qui concernent votre périmètre ont été annulés.`,
    when: (date: string, time: string) => `${date} à ${time.replace(':', 'h')}`,
    open: (link: string) => `Connectez-vous à votre espace : ${link}`,
    choose: (link: string) =>
      `Vous choisissez les messages que vous recevez dans « Mes coordonnées », onglet « Notifications » : ${link}`,
    automatic: 'Ce message est envoyé automatiquement, merci de ne pas y répondre.',
  },
  en: {
    subject: 'news in your space',
    transferSubject: 'transfers in your scope',
    documents: (n: number) =>
      n === 1
        ? 'A new document is available in your space.'
        : `${n} new documents are available in your space.`,
    BOOKED: (when: string) => `An appointment at the centre is booked on ${when}.`,
    MOVED: (when: string) => `Your appointment at the centre was moved to ${when}.`,
    CANCELLED: (when: string) => `Your appointment at the centre on ${when} was cancelled.`,
    REMINDER: (when: string) => `Reminder of your appointment at the centre on ${when}.`,
    TRANSFER_REQUESTED: (n: number) =>
      n === 1
        ? 'A transfer concerning your scope was requested.'
        : `${n} transfers concerning your scope were requested.`,
    TRANSFER_ACCEPTED: (n: number) =>
      n === 1
        ? 'A transfer concerning your scope was accepted.'
        : `${n} transfers concerning your scope were accepted.`,
    TRANSFER_CANCELLED: (n: number) =>
      n === 1
        ? 'A transfer concerning your scope was cancelled.'
        : `${n} transfers concerning your scope were cancelled.`,
    when: (date: string, time: string) => `${date} at ${time}`,
    open: (link: string) => `Sign in to your space: ${link}`,
    choose: (link: string) =>
      `You choose the messages you receive in “My contact details”, “Notifications” tab: ${link}`,
    automatic: 'This message is sent automatically; please do not reply.',
  },
} as const;

/** 12/03/2027 à 9h30 or 12/03/2027 at 09:30, Paris time. */
function whenOf(language: Language, at: Date | null): string {
  const clock = at ? centreWallClock(at) : null;
  if (!clock) return '';
  const [year, month, day] = clock.date.split('-');
  return WORDS[language].when(`${day}/${month}/${year}`, clock.time);
}

const APPOINTMENT_EVENTS = ['BOOKED', 'MOVED', 'CANCELLED', 'REMINDER'] as const;
const TRANSFER_EVENTS = ['TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_CANCELLED'] as const;

/** The screen a notification leads to: the home page (new documents show there), appointments, transfers. */
function screenOf(events: readonly NoticeEvent[]): string {
  if (events.some((entry) => entry.event.startsWith('TRANSFER_'))) return SCREENS.mutations.path;
  if (events.every((entry) => entry.event !== 'DOCUMENT')) return SCREENS.appointments.path;
  return SCREENS.home.path;
}

/**
 * One message for a person's events, however many: the documents counted, each appointment by its
 * date and time (in order), the transfers counted by what happened. Null when there is nothing to say.
 */
export function noticeFor(
  language: Language,
  events: readonly NoticeEvent[],
  portal: { productName: string; publicUrl: string },
): Notice | null {
  if (events.length === 0) return null;
  const words = WORDS[language];
  const lines: string[] = [];
  const documents = events.filter((entry) => entry.event === 'DOCUMENT').length;
  if (documents > 0) lines.push(words.documents(documents));
  const appointments = events
    .filter((entry) => (APPOINTMENT_EVENTS as readonly string[]).includes(entry.event))
    .sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
  for (const entry of appointments) {
    const event = entry.event as (typeof APPOINTMENT_EVENTS)[number];
    lines.push(words[event](whenOf(language, entry.at)));
  }
  for (const event of TRANSFER_EVENTS) {
    const count = events.filter((entry) => entry.event === event).length;
    if (count > 0) lines.push(words[event](count));
  }
  if (lines.length === 0) return null;
  const link = `${portal.publicUrl}${screenOf(events)}`;
  const transfers = events.some((entry) => entry.event.startsWith('TRANSFER_'));
  const separator = language === 'fr' ? ' :' : ':';
  // After the colon, as in the subject, the text goes on in lower case: "Portail Bilans : un nouveau
  // document…" as "Portail Bilans : 3 nouveaux documents…", never a capital in the middle of the line.
  const [first = '', ...others] = lines;
  const text = [`${first.charAt(0).toLocaleLowerCase(language)}${first.slice(1)}`, ...others];
  return {
    subject: `${portal.productName}${separator} ${transfers ? words.transferSubject : words.subject}`,
    mail: [
      ...lines,
      '',
      words.open(link),
      '',
      words.choose(`${portal.publicUrl}${SCREENS.myDetails.path}?onglet=notifications`),
      words.automatic,
    ].join('\n'),
    sms: `${portal.productName}${separator} ${text.join(' ')} ${link}`,
  };
}
