import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { participants } from '../src/db/schema';
import { updateAll } from '../src/db/update-all';
import { openDemoDatabase } from './helper';

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase(50);
});
afterAll(async () => database?.close());

describe('updateAll', () => {
  it('gives each row its own values (text, null, date, boolean) in one statement, and bumps each version', async () => {
    const before = await database.db.select().from(participants).orderBy(asc(participants.id)).limit(3);
    const [a, b, c] = before;
    if (!a || !b || !c) throw new Error('the demo has participants');
    await updateAll(database.db, participants, 'id', [
      { id: a.id, profession: 'Menuisière', maidenName: null, birthDate: '1971-02-03', englishOnly: true },
      {
        id: b.id,
        profession: 'L\'ébéniste "dit" Jo',
        maidenName: 'ROUX',
        birthDate: '1980-12-31',
        englishOnly: false,
      },
    ]);
    const after = await database.db
      .select()
      .from(participants)
      .where(inArray(participants.id, [a.id, b.id, c.id]))
      .orderBy(asc(participants.id));
    expect(after.map((row) => [row.profession, row.maidenName, row.birthDate, row.englishOnly])).toEqual([
      ['Menuisière', null, '1971-02-03', true],
      ['L\'ébéniste "dit" Jo', 'ROUX', '1980-12-31', false],
      [c.profession, c.maidenName, c.birthDate, c.englishOnly],
    ]);
    expect(after.map((row) => row.version)).toEqual([a.version + 1, b.version + 1, c.version]);
    expect(after[0]?.lastName).toBe(a.lastName);
  });

  it('refuses a row that leaves a column undefined, and writes nothing', async () => {
    const [a, b] = await database.db.select().from(participants).orderBy(asc(participants.id)).limit(2);
    if (!a || !b) throw new Error('the demo has participants');
    await expect(
      updateAll(database.db, participants, 'id', [
        { id: a.id, profession: 'X' },
        { id: b.id, profession: undefined },
      ]),
    ).rejects.toThrow(/profession/);
    const [again] = await database.db
      .select()
      .from(participants)
      .where(inArray(participants.id, [a.id]));
    expect(again?.profession).toBe(a.profession);
  });
});
