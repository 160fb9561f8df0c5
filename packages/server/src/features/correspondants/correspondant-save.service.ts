import {
  CORRESPONDANT_ERRORS,
  CORRESPONDANT_MESSAGES,
  type CorrespondantContactBody,
  type CorrespondantSavedReply,
} from '@portail/contract/schemas/correspondants';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { userChanged } from '../../auth/session-events';
import type { Db } from '../../db/client';
import { correspondants, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forbidden, infoMessage, notFound } from '../../lib/errors';
import { type FieldErrorEntry, FieldErrors } from '../../lib/field-errors';
import { isValidMobile } from '../../lib/phone';
import { type CorrespondantRecord, findCorrespondant, lockCorrespondant } from './correspondant.queries';
import { isCivility } from './correspondant-lookups.queries';
import { reachOf, toCorrespondant } from './correspondants.service';

/** Who saves, from where: what the audit log records. */
export interface SaveContext {
  caller: Caller;
  ip: string;
}

const orNull = (text: string | null) => (text === null || text === '' ? null : text);

/** The columns of the contact block (000 §3 Correspondant) as the form gives them. */
function contactColumns(body: CorrespondantContactBody) {
  return {
    civilityId: body.civilite,
    lastName: body.nom,
    firstName: body.prenom,
    landline: orNull(body.telephone),
    mobile: orNull(body.portable),
    fax: orNull(body.fax),
    email: body.mail,
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
 * POST correspondant/{id} (000 §2.10): a correspondant edits the contact block of their own record,
 * when the centre lets them (canSave). The account that signs in under that record follows in the same
 * transaction (name, mail and mobile of its session user), and its sessions read it again.
 */
export async function saveOwnRecord(
  db: Db,
  ctx: SaveContext,
  id: number,
  body: CorrespondantContactBody,
): Promise<CorrespondantSavedReply> {
  const reach = await reachOf(db, ctx.caller);
  await db.transaction(async (tx) => {
    const current = await lockCorrespondant(tx, reach, id);
    if (!current) throw notFound();
    if (ctx.caller.correspondant?.correspondantId !== current.id || !current.canSave)
      throw forbidden(CORRESPONDANT_ERRORS.saveNotAllowed);
    const errors: FieldErrorEntry[] = [];
    if (!(await isCivility(tx, body.civilite)))
      errors.push({ field: 'civilite', defaultMessage: 'errors.invalid' });
    if (body.portable && !isValidMobile(body.portable))
      errors.push({ field: 'portable', defaultMessage: 'errors.portable' });
    if (errors.length > 0) throw new FieldErrors(errors);

    const next = contactColumns(body);
    const now = new Date();
    await tx
      .update(correspondants)
      .set({ ...next, updatedAt: now })
      .where(eq(correspondants.id, current.id));
    const accounts = await tx
      .update(users)
      .set({
        lastName: next.lastName,
        firstName: next.firstName,
        email: next.email,
        mobile: next.mobile,
        updatedAt: now,
      })
      .where(eq(users.correspondantId, current.id))
      .returning({ id: users.id });
    for (const account of accounts) await userChanged(tx, account.id);
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'CORRESPONDANT_UPDATED',
      targetType: 'correspondant',
      targetId: current.id,
      details: { ...changes(current, next), accounts: accounts.map((account) => account.id) },
      ip: ctx.ip,
    });
  });
  const saved = await findCorrespondant(db, reach, id);
  if (!saved) throw notFound();
  return {
    ciemException: { messages: [infoMessage(CORRESPONDANT_MESSAGES.saved)] },
    correspondant: toCorrespondant(saved, ctx.caller),
  };
}
