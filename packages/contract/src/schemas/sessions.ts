import { z } from 'zod';
import { ciemException } from './common';

/**
 * The caller's own open sessions (issue 23, docs/sign-in-and-sessions.md#your-sessions): where each was
 * opened from and when it was last used, so that a person recognises a sign-in that is not theirs and
 * ends it. Only the holder's sessions are ever listed; the centre's staff see them in their own area.
 */

/** Business message codes of the sessions list (translated under `messages.` on the web). */
export const SESSION_MESSAGES = {
  ended: 'sessions.terminee',
  othersEnded: 'sessions.autresTerminees',
  /** The session asked to end is the caller's own: they sign out instead. */
  current: 'sessions.courante',
  /** No open session of the caller's has that id (ended meanwhile, or never theirs). */
  notFound: 'sessions.introuvable',
} as const;

export const ownSession = z.object({
  id: z.uuid(),
  /** When it was opened (the sign-in). */
  ouverteLe: z.string(),
  /** The last request it made (written at most every 15 seconds). */
  derniereActivite: z.string(),
  /** "Firefox 145 · Windows 11", from the browser's own description; null when it sent none. */
  navigateur: z.string().nullable(),
  /** The network address it signed in from. */
  adresseIp: z.string().nullable(),
  /** The session making this request. */
  courante: z.boolean(),
  /**
   * The password was accepted but the text-message code was not confirmed yet: the session can do
   * nothing else; one its holder did not open tells them their password is known to another.
   */
  codeEnAttente: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;

export const ownSessionsReply = z.object({ items: z.array(ownSession) });

export const sessionParam = z.object({ id: z.uuid({ error: 'errors.invalid' }) });

export const sessionsEndedReply = z.object({
  /** How many sessions ended. */
  terminees: z.number().int(),
  ciemException,
});
