import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client';
import { accountTokens, participants, users } from '../src/db/schema';
import { createActivations, newAccountLogins } from '../src/features/participants/activation';
import { openDemoDatabase, testConfig } from './helper';

// The random suffixes come from this list, in order: collisions on demand.
const draws = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('../src/auth/activation-codes', async (original) => ({
  ...(await original<typeof import('../src/auth/activation-codes')>()),
  randomFromAlphabet: () => {
    const drawn = draws.next.shift();
    if (drawn === undefined) throw new Error('no suffix left to draw');
    return drawn;
  },
}));

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase(50);
  await database.db.insert(users).values({
    kind: 'PARTICIPANT',
    login: 'l.durand.taken000',
    passwordHash: null,
    roles: ['ROLE_PARTICIPANT'],
    lastName: 'DURAND',
    firstName: 'Léa',
    active: false,
  });
});
afterAll(async () => database?.close());

describe('logins of accounts created together', () => {
  it('draws again a login taken in the database or drawn twice in the batch, in one query per round', async () => {
    draws.next = ['taken000', 'twice000', 'twice000', 'fresh001', 'fresh002', 'fresh003'];
    const people = [
      { firstName: 'Léa', lastName: 'Durand' },
      { firstName: 'Léa', lastName: 'Durand' },
      { firstName: 'Léa', lastName: 'Durand' },
    ];
    const logins = await newAccountLogins(database.db, 'PARTICIPANT', people);
    expect(new Set(logins).size).toBe(3);
    expect(logins).not.toContain('l.durand.taken000');
    expect(logins.every((login) => /^l\.durand\.(twice000|fresh00\d)$/.test(login))).toBe(true);
  });

  it('creates accounts and their registration tokens in the order given, each token for its own account', async () => {
    // Two participants without an account.
    const [first, second] = await database.db
      .select({ id: participants.id })
      .from(participants)
      .leftJoin(users, eq(users.participantId, participants.id))
      .where(isNull(users.id))
      .limit(2);
    draws.next = ['batch001', 'batch002'];
    const tokens = await createActivations(database.db, testConfig(), [
      {
        participantId: first?.id ?? 0,
        firstName: 'Ana',
        lastName: 'Roux',
        email: 'ana@example.fr',
        mobile: '0611111111',
      },
      {
        participantId: second?.id ?? 0,
        firstName: 'Bo',
        lastName: 'Vidal',
        email: 'bo@example.fr',
        mobile: '0622222222',
      },
    ]);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(tokens[1]);
    const created = await database.db.select().from(users).where(eq(users.login, 'b.vidal.batch002'));
    expect(created[0]).toMatchObject({ participantId: second?.id, active: false, passwordHash: null });
    const held = await database.db
      .select({ userId: accountTokens.userId, purpose: accountTokens.purpose })
      .from(accountTokens)
      .where(eq(accountTokens.userId, created[0]?.id ?? 0));
    expect(held).toEqual([{ userId: created[0]?.id, purpose: 'REGISTRATION' }]);
  });
});
