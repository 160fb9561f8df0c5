import { isRole } from '@portail/contract/roles';
import { ACCOUNT_MESSAGES, type ContactForm, type UserAccount } from '@portail/contract/schemas/account';
import { CONTACT_CHANGE_MESSAGES, type ContactChangeReply } from '@portail/contract/schemas/contact-change';
import type { Caller } from '../../auth/caller';
import { reauthenticate } from '../../auth/reauthenticate';
import type { Db } from '../../db/client';
import { CENTRE_TIME_ZONE } from '../../lib/dates';
import { infoMessage, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { isValidMobile } from '../../lib/phone';
import type { AccountDeps, AccountRequest } from './account-deps';
import { pendingContactOf, requestContactChange, sendContactCodes } from './contact-change.service';
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

/** GET user (docs/personal-details.md#contact User): the caller's own account; the password and secret answer never leave. */
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
    enAttente: await pendingContactOf(db, row.id),
  };
}

/**
 * POST user (docs/personal-details.md#contact-confirmation, docs/personal-details.md#contact): the account's contact e-mail and mobile, behind the current password. A new
 * value is not applied: it waits for the code sent to it (contact-change.service.ts), and the stored
 * contact keeps receiving sign-in codes and recovery until then. Saving what is stored drops what
 * waited and changes nothing else.
 */
export async function saveContact(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: ContactForm,
): Promise<ContactChangeReply> {
  if (!isValidMobile(body.portable))
    throw new FieldErrors([{ field: 'portable', defaultMessage: 'errors.portable' }]);
  const { caller } = ctx;
  await reauthenticate(deps, { userId: caller.userId, ip: ctx.ip }, body.motDePasse);
  const { outgoing, englishOnly } = await deps.db.transaction(async (tx) => {
    const current = await lockContact(tx, caller.userId);
    if (!current) throw notFound();
    const wanted = { email: body.email, mobile: body.portable };
    return {
      outgoing: await requestContactChange(tx, deps, ctx, current, wanted),
      englishOnly: current.englishOnly,
    };
  });
  await sendContactCodes(deps, ctx, outgoing, englishOnly, ctx.caller.userId);
  return {
    ciemException: {
      messages: [
        infoMessage(outgoing.length > 0 ? CONTACT_CHANGE_MESSAGES.codeSent : ACCOUNT_MESSAGES.contactSaved),
      ],
    },
    enAttente: await pendingContactOf(deps.db, caller.userId),
  };
}
