import { recoveryApi } from '@portail/contract/api/recovery';
import type { questionByMailQuery } from '@portail/contract/schemas/recovery';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';

export type QuestionByMail = z.output<typeof questionByMailQuery>;

/**
 * `POST /resetPassword/user/mail?email=&roleCorrespondant=` (docs/recovery.md#api): the secret question to answer.
 * An unknown address gets a question too, so the reply tells nothing about who has an account.
 */
export function askQuestionByMail({ email, roleCorrespondant }: QuestionByMail) {
  return outcomeOf(
    call(recoveryApi.questionByMail, {
      query: { email, roleCorrespondant },
      auth: false,
      handle: 'all',
    }),
    { tell: 'screen' },
  );
}
