import {
  defaultPreference,
  NOTIFICATION_CHOICES,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type SaveNotificationPreferences,
} from '@portail/contract/schemas/notifications';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forbidden } from '../../lib/errors';
import { type FieldErrorEntry, FieldErrors } from '../../lib/field-errors';

/** The kinds and channels the caller's kind of account chooses from (contract NOTIFICATION_CHOICES). */
function choicesFor(caller: Caller): [NotificationKind, NotificationChannel][] {
  if (caller.kind !== 'PARTICIPANT' && caller.kind !== 'CORRESPONDANT') throw forbidden();
  const table: Partial<Record<NotificationKind, readonly NotificationChannel[]>> =
    NOTIFICATION_CHOICES[caller.kind];
  return Object.entries(table).flatMap(([kind, channels]) =>
    (channels ?? []).map((channel): [NotificationKind, NotificationChannel] => [
      kind as NotificationKind,
      channel,
    ]),
  );
}

/** The caller's contact on file, read again (a contact change may have happened since the session began). */
async function contactOf(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  return { emailOnFile: Boolean(row?.email?.trim()), mobileOnFile: Boolean(row?.mobile?.trim()) };
}

/** GET /api/user/notifications: the caller's own choices only (no id is read from the request). */
export async function preferencesFor(db: Db, caller: Caller): Promise<NotificationPreferences> {
  const allowed = choicesFor(caller);
  const stored = await db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, caller.userId));
  const chosen = new Map(stored.map((row) => [`${row.kind}:${row.channel}`, row.enabled]));
  const contact = await contactOf(db, caller.userId);
  return {
    ...contact,
    choices: allowed.map(([kind, channel]) => ({
      kind,
      channel,
      enabled:
        (chosen.get(`${kind}:${channel}`) ?? defaultPreference(kind, channel)) &&
        (channel !== 'SMS' || contact.mobileOnFile),
    })),
  };
}

/**
 * PUT /api/user/notifications: a choice outside the caller's kinds and channels is refused by field, and
 * so is a text message without a mobile on file; the change is audited with what changed.
 */
export async function savePreferences(
  db: Db,
  caller: Caller,
  body: SaveNotificationPreferences,
  ip: string,
): Promise<NotificationPreferences> {
  const allowed = new Set(choicesFor(caller).map(([kind, channel]) => `${kind}:${channel}`));
  const contact = await contactOf(db, caller.userId);
  const errors = body.choices.flatMap((choice, index): FieldErrorEntry[] => {
    if (!allowed.has(`${choice.kind}:${choice.channel}`))
      return [{ field: `choices.${index}.kind`, defaultMessage: NOTIFICATION_MESSAGES.notYours }];
    if (choice.channel === 'SMS' && choice.enabled && !contact.mobileOnFile)
      return [{ field: `choices.${index}.enabled`, defaultMessage: NOTIFICATION_MESSAGES.noMobile }];
    return [];
  });
  if (errors.length > 0) throw new FieldErrors(errors);
  const before = await preferencesFor(db, caller);
  await db.transaction(async (tx) => {
    for (const choice of body.choices) {
      await tx
        .insert(notificationPreferences)
        .values({ userId: caller.userId, ...choice })
        .onConflictDoUpdate({
          target: [
            notificationPreferences.userId,
            notificationPreferences.kind,
            notificationPreferences.channel,
          ],
          set: { enabled: choice.enabled, updatedAt: new Date() },
        });
    }
    const was = new Map(before.choices.map((c) => [`${c.kind}:${c.channel}`, c.enabled]));
    const changed = body.choices.filter((c) => was.get(`${c.kind}:${c.channel}`) !== c.enabled);
    await audit(tx, {
      actorUserId: caller.userId,
      action: 'NOTIFICATION_PREFERENCES_CHANGED',
      targetType: 'user',
      targetId: caller.userId,
      details: { changed: changed.map((c) => ({ kind: c.kind, channel: c.channel, enabled: c.enabled })) },
      ip,
    });
  });
  return preferencesFor(db, caller);
}
