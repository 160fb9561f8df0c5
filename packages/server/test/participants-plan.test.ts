import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../src/auth/caller';
import { loadCaller } from '../src/auth/sessions';
import { participants } from '../src/db/schema';
import {
  type ListFilters,
  participantListQueries,
} from '../src/features/participants/participant-list.queries';
import { createTestContext, signIn, type TestContext } from './helper';

/**
 * The participant list's performance budget (000 §2.6 at a centre's scale): a page costs what the page
 * holds, not what the scope or the centre holds. Checked on the plans the database makes for the
 * queries the list runs, on enough rows that the planner would rather sort if the indexes did not fit.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 6000 });
});
afterAll(async () => ctx.close());

async function callerOf(login: string): Promise<Caller> {
  const signed = await signIn(ctx, login, 'correspondant');
  const claims = JSON.parse(Buffer.from(signed.access.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  const caller = await loadCaller(ctx.database.db, Number(claims.sub), claims.sid, ctx.config);
  if (!caller) throw new Error('no caller');
  return caller;
}

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
    const caller = await callerOf(login);
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

  it('counts an establishment scope from the index alone', async () => {
    const caller = await callerOf('corr.etablissement');
    for (const filters of [ACTIVE, { activeOnly: false }]) {
      const { total } = participantListQueries(ctx.database.db, caller, filters, DEFAULT_PAGE);
      expect(await plan(total)).toContain('Index Only Scan using participants_establishment_list_idx');
    }
  });

  it('looks duplicates up in the partial index of active participants, which the demo load restores', async () => {
    const text = await plan(
      sql`select ${participants.firstName} from ${participants} where ${participants.lastName} = 'MARTIN' and ${participants.birthDate} = '1980-05-17' and ${participants.active}`,
    );
    expect(text).toContain('participants_duplicate_idx');
  });

  it('keeps the index order with inactive participants included, merging the two ranges', async () => {
    const caller = await callerOf('corr.groupe');
    const { items } = participantListQueries(ctx.database.db, caller, { activeOnly: false }, DEFAULT_PAGE);
    const text = await plan(items);
    expect(text).toContain('Merge Append');
    expect(text.match(/Index Scan using participants_group_list_idx/g)).toHaveLength(2);
    expect(text).not.toMatch(SORT_NODE);
  });
});
