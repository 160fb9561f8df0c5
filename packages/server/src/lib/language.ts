import type { Language } from '@portail/contract/constants';
import type { Caller } from '../auth/caller';

/**
 * The language of the text the server writes for this caller (README, "Languages"): the interface's,
 * which the web sends as `langue`, except that an English-only account always reads English.
 */
export function replyLanguage(caller: Caller, requested: Language): Language {
  return caller.profile.englishOnly ? 'en_EN' : requested;
}
