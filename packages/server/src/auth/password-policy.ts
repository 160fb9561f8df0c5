import { meetsPasswordRules } from '@portail/contract/rules/password';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';

/** Below this zxcvbn score (0-4) a password is among the easily guessed ones and is refused. */
export const MIN_PASSWORD_SCORE = 3;

// Only the first characters are scored, and l33t substitutions are bounded: the estimator's cost grows
// quickly with both (seconds for 200 characters with the defaults), and it runs on the event loop.
const SCORED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...fr.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    l33tMaxSubstitutions: 4,
    maxLength: SCORED_LENGTH,
  });
  return estimator;
}

/**
 * Why a new password is refused, as the i18n key the web shows on the field, or null when it is
 * accepted: the rule of docs/recovery.md#new-password-rule (`errors.passwordRegles`), then a French and English dictionary of
 * common passwords, names and words, with the account's own names and identifiers
 * (`errors.passwordFaible`).
 */
export function passwordProblem(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined> = [],
): 'errors.passwordRegles' | 'errors.passwordFaible' | null {
  if (!meetsPasswordRules(password)) return 'errors.passwordRegles';
  return easilyGuessed(password, userInputs) ? 'errors.passwordFaible' : null;
}

/** True when the estimator scores the password below MIN_PASSWORD_SCORE, the user's own words known. */
export function easilyGuessed(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): boolean {
  const inputs = userInputs.filter((input): input is string => Boolean(input)).map((i) => i.toLowerCase());
  const { score } = zxcvbn().check(password.slice(0, SCORED_LENGTH), inputs);
  return score < MIN_PASSWORD_SCORE;
}

/** log10 of the guesses the estimator expects an attacker to need (first 64 characters scored). */
export function guessesLog10(text: string): number {
  return zxcvbn().check(text.slice(0, SCORED_LENGTH)).guessesLog10;
}
