import { z } from 'zod';
import { ciemException } from './common';

/**
 * Re-authentication and confirmed contact changes (issue 17): a sensitive change of the account asks
 * for the current password again, and a new e-mail or mobile is only used once a code sent to it has
 * been typed back. Shared by the personal details (`POST user`, `POST user/question`) and a
 * correspondant's own record (`POST correspondant/{id}`).
 */

/** Business message codes (translated under `messages.` on the web). */
export const CONTACT_CHANGE_MESSAGES = {
  /** A code went to the new address or number; the change waits for it. */
  codeSent: 'coordonnees.confirmation.envoyee',
  confirmed: 'coordonnees.confirmation.appliquee',
  cancelled: 'coordonnees.confirmation.annulee',
  resent: 'coordonnees.confirmation.renvoyee',
  /** A wrong code; args: the tries left. */
  wrongCode: 'coordonnees.confirmation.codeFaux',
  /** Three wrong codes: the change is dropped and must be asked again. */
  exhausted: 'coordonnees.confirmation.epuise',
  /** The code's ten minutes are over: save the new value again for a new code. */
  expired: 'coordonnees.confirmation.expire',
  /** Nothing waits on that channel: never asked, cancelled, expired or already confirmed. */
  none: 'coordonnees.confirmation.aucune',
  /** The current password is wrong; args: the tries left before the account locks. */
  wrongPassword: 'coordonnees.motDePasse.faux',
  /** The third wrong password: the account is locked and every session ended, as at sign-in. */
  locked: 'coordonnees.motDePasse.verrouille',
} as const;

/** The field every sensitive change carries: the account's current password. */
export const CURRENT_PASSWORD_FIELD = 'motDePasse';

export const currentPassword = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'errors.required' : 'errors.invalid',
  })
  .min(1, 'errors.required')
  .max(200);

export const contactChannel = z.enum(['EMAIL', 'PORTABLE']);
export type ContactChannel = z.infer<typeof contactChannel>;

/** The new e-mail and mobile waiting for their code (null: nothing waits on that channel). */
export const pendingContact = z.object({ email: z.string().nullable(), portable: z.string().nullable() });
export type PendingContact = z.infer<typeof pendingContact>;

/** The reply of a contact save, confirmation, resend or cancel: messages and what still waits. */
export const contactChangeReply = z.object({ ciemException, enAttente: pendingContact });
export type ContactChangeReply = z.infer<typeof contactChangeReply>;

/** POST user/contact/confirmation: the code received on one channel. */
export const contactCodeBody = z.object({
  canal: contactChannel,
  code: z
    .string({ error: 'errors.required' })
    .trim()
    .min(1, { error: 'errors.required', abort: true })
    .regex(/^\d{6}$/, 'errors.code'),
});
export type ContactCodeBody = z.infer<typeof contactCodeBody>;

/** POST user/contact/resend: the channel whose code is sent again. */
export const contactChannelBody = z.object({ canal: contactChannel });
/** POST user/contact/cancel: the channel whose change is dropped, or TOUS for both. */
export const contactCancelBody = z.object({ canal: z.enum([...contactChannel.options, 'TOUS']) });
