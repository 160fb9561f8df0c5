import type { SecretQuestion } from '@portail/contract/schemas/account';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { secretQuestions } from '../db/schema';

/**
 * The secret questions the centre offers (docs/personal-details.md#secret-question), in its order: what `listeQuestion` and
 * `registration/listeQuestion` list, and what recovery picks a decoy question from.
 */
export function activeQuestions(db: DbOrTx): Promise<SecretQuestion[]> {
  return db
    .select({
      id: secretQuestions.id,
      questionfr: secretQuestions.questionFr,
      questionen: secretQuestions.questionEn,
    })
    .from(secretQuestions)
    .where(eq(secretQuestions.active, true))
    .orderBy(asc(secretQuestions.id));
}

/** Whether a question exists and is still offered (a new answer may only be given to such a one). */
export async function isActiveQuestion(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ active: secretQuestions.active })
    .from(secretQuestions)
    .where(eq(secretQuestions.id, id))
    .limit(1);
  return row?.active === true;
}
