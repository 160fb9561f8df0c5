import { z } from 'zod';

/**
 * Notifications that bring a person back to the portal (docs/notifications-and-delivery.md#notifications):
 * what they are about and how they leave. A participant chooses for documents, appointments and
 * reminders, by mail and by text message; a correspondant for transfers, by mail.
 */
export const NOTIFICATION_KINDS = ['DOCUMENTS', 'APPOINTMENTS', 'REMINDERS', 'TRANSFERS'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['MAIL', 'SMS'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The choices each kind of account has: a participant is never told of transfers, a correspondant only of them. */
export const NOTIFICATION_CHOICES = {
  PARTICIPANT: {
    DOCUMENTS: ['MAIL', 'SMS'],
    APPOINTMENTS: ['MAIL', 'SMS'],
    REMINDERS: ['MAIL', 'SMS'],
  },
  CORRESPONDANT: { TRANSFERS: ['MAIL'] },
} as const satisfies Record<string, Partial<Record<NotificationKind, readonly NotificationChannel[]>>>;

/**
 * What is on when the person chose nothing: every mail; by text message only the reminder of a visit
 * (a message the person is glad to get on the day's phone), and only when a mobile is on file.
 */
export function defaultPreference(kind: NotificationKind, channel: NotificationChannel): boolean {
  return channel === 'MAIL' || kind === 'REMINDERS';
}

/** The quiet hours, Paris time: nothing leaves from 21:00 until 08:00 (sign-in codes excepted). */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

export const notificationChoice = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type NotificationChoice = z.infer<typeof notificationChoice>;

export const notificationPreferences = z.object({
  choices: z.array(notificationChoice),
  /** Whether a text message can reach the account (a mobile on file). */
  mobileOnFile: z.boolean(),
  /** Whether a mail can reach the account (an e-mail on file). */
  emailOnFile: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const saveNotificationPreferences = z.object({
  choices: z
    .array(notificationChoice)
    .min(1)
    .max(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length),
});
export type SaveNotificationPreferences = z.infer<typeof saveNotificationPreferences>;

/** The message keys the service answers with (both web catalogues hold them). */
export const NOTIFICATION_MESSAGES = {
  saved: 'notifications.saved',
  noMobile: 'notifications.errors.noMobile',
  notYours: 'notifications.errors.notYours',
} as const;
