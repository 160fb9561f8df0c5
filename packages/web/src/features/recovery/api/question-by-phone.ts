import { type questionByPhoneBody, recoveryQuestionReply } from '@portail/contract/schemas/recovery';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { recoveryOutcome } from './recovery-outcome';

export type QuestionByPhone = z.output<typeof questionByPhoneBody>;

/** `POST /resetPassword/user/phone` (001 §7): the secret question for a mobile and a birth date. */
export function askQuestionByPhone(body: QuestionByPhone) {
  return recoveryOutcome(
    api('/resetPassword/user/phone', {
      method: 'POST',
      body,
      schema: recoveryQuestionReply,
      auth: false,
      handle: 'all',
    }),
  );
}
