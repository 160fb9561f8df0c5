import { type questionByMailQuery, recoveryQuestionReply } from '@portail/contract/schemas/recovery';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { recoveryOutcome } from './recovery-outcome';

export type QuestionByMail = z.output<typeof questionByMailQuery>;

/**
 * `POST /resetPassword/user/mail?email=&roleCorrespondant=` (001 §7): the secret question to answer.
 * An unknown address gets a question too, so the reply tells nothing about who has an account.
 */
export function askQuestionByMail({ email, roleCorrespondant }: QuestionByMail) {
  return recoveryOutcome(
    api('/resetPassword/user/mail', {
      method: 'POST',
      query: { email, roleCorrespondant },
      schema: recoveryQuestionReply,
      auth: false,
      handle: 'all',
    }),
  );
}
