import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../src/db/schema';
import {
  type ListFilters,
  participantListQueries,
} from '../src/features/participants/participant-list.queries';
import { callerOf, createTestContext, type TestContext } from './helper';

/**
 * The participant list's performance budget (docs/participants.md#list at a centre's scale): a page costs what the page
 * holds, not what the scope or the centre holds. Checked on the plans the database makes for the
 * queries the list runs, on enough rows that the planner would rather sort if the indexes did not fit.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 6000 });
});
afterAll(async () => ctx.close());

async function plan(query: SQLWrapper): Promise<string> {
  const result = (await ctx.database.db.execute(sql`explain ${query}`)) as {
    rows: { 'QUERY PLAN': string }[];
  };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

const DEFAULT_PAGE = { offset: 30, limit: 15, field: 'raisonSocialeEntreprise', descending: false } as const;
const ACTIVE: ListFilters = { activeOnly: true };
/** A Sort node (not the "Sort Key" line of a Merge Append): a sort reads the whole scope first. */
const SORT_NODE = /(^|->)\s*(Incremental )?Sort\s+\(/m;

describe('participant list plans', () => {
  it.each([
    ['corr.etablissement', 'participants_establishment_list_idx'],
    ['corr.entreprise', 'participants_company_list_idx'],
    ['corr.groupe', 'participants_group_list_idx'],
  ])('%s: the default page is a range of %s stopped by the limit', async (login, index) => {
    const caller = await callerOf(ctx, login, 'correspondant');
    const { items } = participantListQueries(ctx.database.db, caller, ACTIVE, DEFAULT_PAGE);
    const text = await plan(items);
    expect(text).toMatch(/^Limit/);
    expect(text).toContain(`Index Scan using ${index}`);
    expect(text).not.toMatch(SORT_NODE);
    const descending = participantListQueries(ctx.database.db, caller, ACTIVE, {
      ...DEFAULT_PAGE,
      descending: true,
    });
    expect(await plan(descending.items)).toContain(`Index Scan Backward using ${index}`);
    // The check can fail: an order no index gives is a sort over the scope.
    const byName = participantListQueries(ctx.database.db, caller, ACTIVE, { ...DEFAULT_PAGE, field: 'nom' });
    expect(await plan(byName.items)).toMatch(SORT_NODE);
  });

  it('reads the total of a whole scope from its counters, and counts a search from the index alone', async () => {
    const caller = await callerOf(ctx, 'corr.etablissement', 'correspondant');
    for (const filters of [ACTIVE, { activeOnly: false }]) {
      const { total } = participantListQueries(ctx.database.db, caller, filters, DEFAULT_PAGE);
      const text = await plan(total);
      expect(text).toContain('participant_counts');
      expect(text).not.toContain('on participants');
      const search = participantListQueries(
        ctx.database.db,
        caller,
        { ...filters, lastNamePrefix: 'MA' },
        DEFAULT_PAGE,
      );
      // A last-name search is one range of the scope's name index, whatever the size of the centre.
      const searched = await plan(search.total);
      expect(searched).toContain('participants_establishment_name_idx');
      expect(searched).not.toContain('BitmapAnd');
    }
  });

  it('keeps the counters equal to the rows through inserts, updates and deletes', async () => {
    const { db } = ctx.database;
    const truth = sql`select v.level, v.scope_id, v.active, count(*)::int as n from participants r
      cross join lateral (values ('ETABLISSEMENT', r.establishment_id, r.active), ('ENTREPRISE', r.company_id, r.active),
        ('GROUPEMENT', r.group_id, r.active)) as v(level, scope_id, active)
      where v.scope_id is not null group by 1, 2, 3`;
    const mismatches = async () => {
      const result = (await db.execute(sql`select * from (${truth}) t
        full join participant_counts c on c.scope_level = t.level and c.scope_id = t.scope_id and c.active = t.active
        where coalesce(t.n, 0) <> coalesce(c.n, 0)`)) as { rows: unknown[] };
      return result.rows;
    };
    // After the demo's bulk load (COPY batches).
    expect(await mismatches()).toEqual([]);
    await db.transaction(async (tx) => {
      const [a, b] = (
        (await tx.execute(
          sql`select distinct establishment_id as id from participants order by 1 limit 2`,
        )) as {
          rows: { id: number }[];
        }
      ).rows;
      if (!a || !b) throw new Error('two establishments expected');
      // A terminated participant, another moved to an establishment of another company, a name change
      // (no counter move), a copy of twenty rows, and a deletion.
      await tx.execute(
        sql`update participants set active = false where id = (select min(id) from participants where active)`,
      );
      await tx.execute(sql`update participants p set establishment_id = e.id, company_id = e.company_id,
        group_id = c.group_id from establishments e join companies c on c.id = e.company_id
        where e.id = ${b.id} and p.id = (select max(id) from participants where establishment_id = ${a.id})`);
      await tx.execute(
        sql`update participants set first_name = first_name || '' where establishment_id = ${a.id}`,
      );
      await tx.execute(sql`insert into participants (last_name, first_name, birth_date, establishment_id, company_id,
        group_id, company_name, active) select last_name, first_name, birth_date, establishment_id, company_id, group_id,
        company_name, active from participants order by id limit 20`);
      await tx.execute(sql`delete from participants where id = (select max(id) from participants)`);
    });
    expect(await mismatches()).toEqual([]);
  });

  it('looks duplicates up in the partial index of active participants, which the demo load restores', async () => {
    const text = await plan(
      sql`select ${participants.firstName} from ${participants} where ${participants.lastName} = 'MARTIN' and ${participants.birthDate} = '1980-05-17' and ${participants.active}`,
    );
    expect(text).toContain('participants_duplicate_idx');
  });

  it('keeps the index order with inactive participants included, merging the two ranges', async () => {
    const caller = await callerOf(ctx, 'corr.groupe', 'correspondant');
    const { items } = participantListQueries(ctx.database.db, caller, { activeOnly: false }, DEFAULT_PAGE);
    const text = await plan(items);
    expect(text).toContain('Merge Append');
    expect(text.match(/Index Scan using participants_group_list_idx/g)).toHaveLength(2);
    expect(text).not.toMatch(SORT_NODE);
  });
});
