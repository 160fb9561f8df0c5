import { CONTACT_CHANGE_MESSAGES } from '@portail/contract/schemas/contact-change';
import {
  CORRESPONDANT_ERRORS,
  CORRESPONDANT_MESSAGES,
  type CorrespondantContactBody,
  type CorrespondantSavedReply,
} from '@portail/contract/schemas/correspondants';
import { eq } from 'drizzle-orm';
import { reauthenticate } from '../../auth/reauthenticate';
import { correspondants, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forbidden, infoMessage, notFound } from '../../lib/errors';
import { type FieldErrorEntry, FieldErrors } from '../../lib/field-errors';
import { isValidMobile } from '../../lib/phone';
import type { AccountDeps, AccountRequest } from '../account';
import {
  lockContact,
  mailAccountNotice,
  pendingContactOf,
  requestContactChange,
  sendContactCodes,
} from '../account';
import { type CorrespondantRecord, findCorrespondant, lockCorrespondant } from './correspondant.queries';
import { isCivility } from './correspondant-lookups.queries';
import { reachOf, toCorrespondant } from './correspondants.service';

const orNull = (text: string | null) => (text === null || text === '' ? null : text);

/**
 * The columns of the contact block (docs/correspondants.md#detail Correspondant) saved at once. The mail and mobile are not
 * among them: they reach the account's sign-in and recovery, so they wait for a code (issue 17).
 */
function contactColumns(body: CorrespondantContactBody) {
  return {
    civilityId: body.civilite,
    lastName: body.nom,
    firstName: body.prenom,
    landline: orNull(body.telephone),
    fax: orNull(body.fax),
    jobTitle: orNull(body.fonction),
  };
}

type ContactColumns = ReturnType<typeof contactColumns>;

/** The columns a save changed, before and after, for the audit log. */
function changes(current: CorrespondantRecord, next: ContactColumns) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next) as [keyof ContactColumns, unknown][]) {
    if (current[key] === value) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return { before, after };
}

/**
 * POST correspondant/{id} (docs/correspondants.md#detail): a correspondant edits the contact block of their own record,
 * when the centre lets them (canSave), behind their current password. Name, phones, fax and job save
 * at once, the account's name following in the same transaction; a new mail or mobile takes the
 * account's confirmed path (account/contact-change.service.ts): it waits for the code sent to it,
 * then applies to the account and the record together.
 */
export async function saveOwnRecord(
  deps: AccountDeps,
  ctx: AccountRequest,
  id: number,
  body: CorrespondantContactBody,
): Promise<CorrespondantSavedReply> {
  const { db } = deps;
  const reach = await reachOf(db, ctx.caller);
  const owned = await findCorrespondant(db, reach, id);
  if (!owned) throw notFound();
  if (ctx.caller.correspondant?.correspondantId !== owned.id || !owned.canSave)
    throw forbidden(CORRESPONDANT_ERRORS.saveNotAllowed);
  const errors: FieldErrorEntry[] = [];
  if (!(await isCivility(db, body.civilite)))
    errors.push({ field: 'civilite', defaultMessage: 'errors.invalid' });
  if (body.portable && !isValidMobile(body.portable))
    errors.push({ field: 'portable', defaultMessage: 'errors.portable' });
  if (errors.length > 0) throw new FieldErrors(errors);
  await reauthenticate(deps, { userId: ctx.caller.userId, ip: ctx.ip }, body.motDePasse);

  const saved = await db.transaction(async (tx) => {
    const current = await lockCorrespondant(tx, reach, id);
    if (!current || ctx.caller.correspondant?.correspondantId !== current.id || !current.canSave)
      throw forbidden(CORRESPONDANT_ERRORS.saveNotAllowed);
    const account = await lockContact(tx, ctx.caller.userId);
    if (!account) throw notFound();
    const next = contactColumns(body);
    const now = new Date();
    await tx
      .update(correspondants)
      .set({ ...next, updatedAt: now })
      .where(eq(correspondants.id, current.id));
    const accounts = await tx
      .update(users)
      .set({ lastName: next.lastName, firstName: next.firstName, updatedAt: now })
      .where(eq(users.correspondantId, current.id))
      .returning({ id: users.id });
    for (const each of accounts) await deps.sessions.userChanged(tx, each.id);
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'CORRESPONDANT_UPDATED',
      targetType: 'correspondant',
      targetId: current.id,
      details: { ...changes(current, next), accounts: accounts.map((each) => each.id) },
      ip: ctx.ip,
    });
    const wanted = { email: body.mail, mobile: orNull(body.portable) };
    const outgoing = await requestContactChange(tx, deps, ctx, account, wanted);
    return { outgoing, account, mobileRemoved: wanted.mobile === null && account.mobile !== null };
  });
  await sendContactCodes(deps, ctx, saved.outgoing, saved.account.englishOnly, saved.account.id);
  if (saved.mobileRemoved) {
    const { account } = saved;
    await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'mobile', account.id);
  }
  const record = await findCorrespondant(db, reach, id);
  if (!record) throw notFound();
  const messages = [infoMessage(CORRESPONDANT_MESSAGES.saved)];
  if (saved.outgoing.length > 0) messages.push(infoMessage(CONTACT_CHANGE_MESSAGES.codeSent));
  return {
    ciemException: { messages },
    correspondant: toCorrespondant(record, ctx.caller),
    enAttente: await pendingContactOf(db, ctx.caller.userId),
  };
}
