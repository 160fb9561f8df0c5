import type { users } from '../db/schema';
import { DEMO_ACCOUNTS, type DemoAccountKey } from './accounts';
import { Ids } from './insert';
import { DEMO_PENDING_ACCOUNTS, type DemoPendingKey } from './pending-accounts';
import { DEMO_SECRET_QUESTION_ID } from './reference';

export type UserRow = typeof users.$inferInsert;

const ROLES = {
  PARTICIPANT: ['ROLE_PARTICIPANT'],
  CORRESPONDANT: ['ROLE_CORRESPONDANT'],
} as const;

interface Person {
  lastName: string;
  firstName: string;
  email: string | null;
  mobile: string | null;
  participantId?: number;
  correspondantId?: number;
  englishOnly?: boolean;
}

/**
 * User rows. The named accounts take ids 1.. in DEMO_ACCOUNTS order, then the named pending accounts
 * in DEMO_PENDING_ACCOUNTS order, whatever order they are built in; the named accounts share one
 * password hash and one secret-answer hash computed once: hashing per account would cost more than
 * generating the rest of the data.
 */
export class UserFactory {
  private readonly ids = new Ids(DEMO_ACCOUNTS.length + DEMO_PENDING_ACCOUNTS.length);

  constructor(
    private readonly passwordHash: string,
    private readonly answerHash: string,
  ) {}

  static namedId(key: DemoAccountKey): number {
    return DEMO_ACCOUNTS.findIndex((a) => a.key === key) + 1;
  }

  named(key: DemoAccountKey, person: Person): UserRow {
    const account = DEMO_ACCOUNTS.find((a) => a.key === key);
    if (!account) throw new Error(`unknown demo account ${key}`);
    return {
      id: UserFactory.namedId(key),
      kind: account.kind,
      login: account.login,
      passwordHash: this.passwordHash,
      roles: 'staffRole' in account ? [account.staffRole] : [...ROLES[account.kind]],
      secretQuestionId: DEMO_SECRET_QUESTION_ID,
      secretAnswerHash: this.answerHash,
      ...person,
    };
  }

  static pendingId(key: DemoPendingKey): number {
    return DEMO_ACCOUNTS.length + DEMO_PENDING_ACCOUNTS.findIndex((a) => a.key === key) + 1;
  }

  /**
   * An account created by the back office but not yet activated: inactive and without a password
   * until registration by link sets both.
   */
  pending(kind: 'PARTICIPANT' | 'CORRESPONDANT', login: string, person: Person): UserRow {
    return {
      id: this.ids.next(),
      kind,
      login,
      passwordHash: null,
      roles: [...ROLES[kind]],
      active: false,
      ...person,
    };
  }

  /**
   * An active account with the demo password for load tests (demo/load-accounts.ts); it shares the
   * named accounts' hashes, so a thousand of them cost no more to generate than one.
   */
  load(kind: 'PARTICIPANT' | 'CORRESPONDANT', login: string, person: Person): UserRow {
    return {
      id: this.ids.next(),
      kind,
      login,
      passwordHash: this.passwordHash,
      roles: [...ROLES[kind]],
      secretQuestionId: DEMO_SECRET_QUESTION_ID,
      secretAnswerHash: this.answerHash,
      ...person,
    };
  }

  /** A named pending account (demo/pending-accounts.ts), at its reserved id. */
  pendingNamed(key: DemoPendingKey, person: Person): UserRow {
    const account = DEMO_PENDING_ACCOUNTS.find((a) => a.key === key);
    if (!account) throw new Error(`unknown pending demo account ${key}`);
    return {
      id: UserFactory.pendingId(key),
      kind: account.kind,
      login: account.login,
      passwordHash: null,
      roles: [...ROLES[account.kind]],
      active: false,
      ...person,
    };
  }
}
