import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { and, eq, inArray } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import type { DbOrTx } from '../src/db/client';
import { documents, outbox, pendingNotifications, users } from '../src/db/schema';
import { recordDocumentPublished } from '../src/features/notifications';
import { runNotifications } from '../src/features/notifications/notification-worker';
import { outsideQuietHours } from '../src/features/notifications/quiet-hours';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Shared set-up of notifications-*.test.ts: a round of the worker at a chosen instant, the messages it
 * recorded, and documents published straight in the database (as the integration API's write does).
 */

/**
 * The app listening on a port of its own (the notifications link to PUBLIC_URL), a FHIR client of a
 * system client holding `scopes`, as the centre's information system writes, and participant.dmc.
 */
export async function notificationsApp(participants: number, scopes: string) {
  const port = await freePort();
  const ctx = await createTestContext({ participants, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const writer = await systemClient(ctx, scopes);
  const client = new Client({
    baseUrl: `http://127.0.0.1:${port}${FHIR_BASE_PATH}`,
    bearerToken: await writer.token(),
  });
  return { ctx, client, dmc: await userOf(ctx, 'participant.dmc') };
}

/**
 * Three minutes after `at`, or after 08:00 when `at` is in the quiet hours (nothing is recorded at
 * night): past the grouping window of every event recorded before it, whatever the time the tests run.
 */
export const after = (at: Date, minutes = 3) => new Date(outsideQuietHours(at).getTime() + minutes * 60_000);

/** Every waiting event is forgotten and the recorded messages cleared: each test starts from nothing. */
export async function quiet(ctx: TestContext): Promise<void> {
  await ctx.database.db
    .update(pendingNotifications)
    .set({ state: 'SKIPPED' })
    .where(eq(pendingNotifications.state, 'PENDING'));
  ctx.notifier.mails.length = 0;
  ctx.notifier.deferredTexts.length = 0;
}

export async function round(ctx: TestContext, now: Date): Promise<number> {
  return runNotifications({ db: ctx.database.db, notifier: ctx.notifier, config: ctx.config }, now);
}

export async function userOf(ctx: TestContext, login: string) {
  const [row] = await ctx.database.db
    .select({ id: users.id, email: users.email, mobile: users.mobile, participantId: users.participantId })
    .from(users)
    .where(eq(users.login, login));
  if (!row) throw new Error(`no account ${login}`);
  return row;
}

/** The mails recorded for an address (notification purpose only). */
export function mailsTo(ctx: TestContext, to: string | null) {
  return ctx.notifier.mails.filter((mail) => mail.to === to && mail.about?.purpose === 'NOTIFICATION');
}

export function textsTo(ctx: TestContext, to: string | null) {
  return ctx.notifier.deferredTexts.filter(
    (text) => text.to === to && text.about?.purpose === 'NOTIFICATION',
  );
}

/** New documents of a participant, copies of one of theirs, published in `db` (a transaction or not). */
export async function publishDocuments(
  db: DbOrTx,
  participantId: number,
  count: number,
  options: { availableFrom?: Date; active?: boolean } = {},
): Promise<number[]> {
  const [model] = await db.select().from(documents).orderBy(documents.id).limit(1);
  if (!model) throw new Error('the demo has no document to copy');
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const [row] = await db
      .insert(documents)
      .values({
        participantId,
        checkupId: null,
        checkupYear: model.checkupYear,
        category: model.category,
        documentTypeId: model.documentTypeId,
        name: `Bilan sanguin ${index}.pdf`,
        label: 'Résultats biologiques',
        nameDisplayMode: model.nameDisplayMode,
        createdAt: new Date(),
        active: options.active ?? true,
        availableFrom: options.availableFrom ?? null,
      })
      .returning({ id: documents.id });
    if (!row) throw new Error('no document');
    await recordDocumentPublished(db, row.id);
    ids.push(row.id);
  }
  return ids;
}

export async function pendingOf(ctx: TestContext, subjects: readonly string[]) {
  return ctx.database.db
    .select()
    .from(pendingNotifications)
    .where(and(inArray(pendingNotifications.subject, [...subjects])));
}

export async function outboxOf(ctx: TestContext, userId: number) {
  return ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.purpose, 'NOTIFICATION')));
}
