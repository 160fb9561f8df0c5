import { isRole } from '@portail/contract/roles';
import { ACCOUNT_MESSAGES, type ContactForm, type UserAccount } from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { userChanged } from '../../auth/session-events';
import type { Db } from '../../db/client';
import { correspondants, sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { CENTRE_TIME_ZONE } from '../../lib/dates';
import { infoMessage, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { isValidMobile } from '../../lib/phone';
import type { AccountDeps, AccountRequest } from './account-deps';
import { mailAccountNotice } from './account-mail';
import { findAccount, lockContact } from './user.queries';

const centreDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const centreTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: CENTRE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** GET user (001 §3 User): the caller's own account; the password and secret answer never leave. */
export async function accountFor(db: Db, caller: Caller): Promise<UserAccount> {
  const row = await findAccount(db, caller.userId);
  if (!row) throw notFound();
  const role = row.roles.find(isRole) ?? caller.roles[0];
  if (!role) throw notFound();
  return {
    id: row.id,
    username: row.login,
    nom: row.lastName,
    prenom: row.firstName,
    email: row.email,
    portable: row.mobile,
    role,
    typeuser: row.kind,
    actif: row.active,
    dateCreation: row.createdAt.toISOString(),
    dateModification: row.updatedAt.toISOString(),
    dateConnexion: row.lastLoginAt ? centreDay.format(row.lastLoginAt) : null,
    heureConnexion: row.lastLoginAt ? centreTime.format(row.lastLoginAt) : null,
    etablissement:
      row.establishmentId !== null && row.establishmentName !== null
        ? { id: row.establishmentId, raisonsociale: row.establishmentName }
        : null,
    entrepriseInsee: row.companyInsee,
    participant: row.kind === 'PARTICIPANT' && row.participantId !== null ? { id: row.participantId } : null,
  };
}

/**
 * POST user (001 §4, §5): the account's contact e-mail and mobile. A correspondant's record carries the
 * same contact (the directory shows it), so both change in one transaction. The mobile receives the
 * sign-in codes: the account's other sessions end, and the old address is told. Saving what is already
 * stored changes nothing.
 */
export async function saveContact(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: ContactForm,
): Promise<Message[]> {
  if (!isValidMobile(body.portable))
    throw new FieldErrors([{ field: 'portable', defaultMessage: 'errors.portable' }]);
  const { caller } = ctx;
  const changed = await deps.db.transaction(async (tx) => {
    const current = await lockContact(tx, caller.userId);
    if (!current) throw notFound();
    if (current.email === body.email && current.mobile === body.portable) return null;
    const now = new Date();
    await tx
      .update(users)
      .set({ email: body.email, mobile: body.portable, updatedAt: now })
      .where(eq(users.id, current.id));
    if (current.correspondantId !== null) {
      await tx
        .update(correspondants)
        .set({ email: body.email, mobile: body.portable, updatedAt: now })
        .where(eq(correspondants.id, current.correspondantId));
    }
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'contact_changed' })
      .where(
        and(eq(sessions.userId, current.id), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)),
      );
    await userChanged(tx, current.id);
    await audit(tx, {
      actorUserId: caller.userId,
      action: 'USER_CONTACT_CHANGED',
      targetType: 'user',
      targetId: current.id,
      details: {
        before: { email: current.email, mobile: current.mobile },
        after: { email: body.email, mobile: body.portable },
        correspondantId: current.correspondantId,
      },
      ip: ctx.ip,
    });
    return current;
  });
  if (changed) await mailAccountNotice(deps, ctx.log, changed.email, changed.englishOnly, 'contact');
  return [infoMessage(ACCOUNT_MESSAGES.contactSaved)];
}
