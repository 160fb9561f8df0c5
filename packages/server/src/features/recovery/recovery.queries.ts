import type { SecretQuestion } from '@portail/contract/schemas/account';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { participants, secretQuestions, users } from '../../db/schema';
import { normaliseMobile } from '../../lib/phone';

/** An account that recovery may act on: active, with a password and a secret question set. */
export interface RecoveryAccount {
  id: number;
  kind: 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF';
  login: string;
  email: string | null;
  mobile: string | null;
  englishOnly: boolean;
  secretQuestionId: number;
  secretAnswerHash: string;
}

const accountColumns = {
  id: users.id,
  kind: users.kind,
  login: users.login,
  email: users.email,
  mobile: users.mobile,
  englishOnly: users.englishOnly,
  secretQuestionId: users.secretQuestionId,
  secretAnswerHash: users.secretAnswerHash,
};

const recoverable = and(
  eq(users.active, true),
  isNotNull(users.passwordHash),
  isNotNull(users.secretQuestionId),
  isNotNull(users.secretAnswerHash),
);

type AccountRow = {
  [K in keyof RecoveryAccount]: K extends 'secretQuestionId' | 'secretAnswerHash'
    ? RecoveryAccount[K] | null
    : RecoveryAccount[K];
};

function complete(row: AccountRow | undefined): RecoveryAccount | null {
  if (!row || row.secretQuestionId === null || row.secretAnswerHash === null) return null;
  return { ...row, secretQuestionId: row.secretQuestionId, secretAnswerHash: row.secretAnswerHash };
}

/**
 * The account a forgot-password e-mail names (docs/recovery.md#forgot-password): the correspondant checkbox chooses between
 * correspondant accounts and the others, as sign-in does. Should two accounts share an address, the
 * oldest answers, the same one at both steps.
 */
export async function findAccountByMail(
  db: DbOrTx,
  email: string,
  correspondant: boolean,
): Promise<RecoveryAccount | null> {
  const kinds = correspondant ? (['CORRESPONDANT'] as const) : (['PARTICIPANT', 'STAFF'] as const);
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(
      and(
        recoverable,
        inArray(users.kind, [...kinds]),
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return complete(row);
}

/**
 * The participant account a forgot-identifier mobile and birth date name (docs/recovery.md#forgot-password). Mobiles are kept
 * as typed, so the candidates born that day are compared once both numbers are normalised.
 */
export async function findAccountByPhone(
  db: DbOrTx,
  mobile: string | null,
  birthDate: string,
): Promise<RecoveryAccount | null> {
  if (!mobile) return null;
  const rows = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(participants, eq(participants.id, users.participantId))
    .where(
      and(
        recoverable,
        eq(users.kind, 'PARTICIPANT'),
        eq(participants.birthDate, birthDate),
        isNotNull(users.mobile),
      ),
    )
    .orderBy(asc(users.id));
  const row = rows.find((candidate) => candidate.mobile && normaliseMobile(candidate.mobile) === mobile);
  return complete(row);
}

/** The question of an account, whether or not the centre still offers it to new answers. */
export async function findQuestion(db: DbOrTx, id: number): Promise<SecretQuestion | null> {
  const [row] = await db
    .select({
      id: secretQuestions.id,
      questionfr: secretQuestions.questionFr,
      questionen: secretQuestions.questionEn,
    })
    .from(secretQuestions)
    .where(eq(secretQuestions.id, id))
    .limit(1);
  return row ?? null;
}
