import { recoveryApi } from '@portail/contract/api/recovery';
import type { questionByPhoneBody } from '@portail/contract/schemas/recovery';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';

export type QuestionByPhone = z.output<typeof questionByPhoneBody>;

/** `POST /resetPassword/user/phone` (docs/recovery.md#forgot-identifier): the secret question for a mobile and a birth date. */
export function askQuestionByPhone(body: QuestionByPhone) {
  return outcomeOf(call(recoveryApi.questionByPhone, { body, auth: false, handle: 'all' }), {
    tell: 'screen',
  });
}
