import {
  DEFAULT_MUTATION_SORT,
  MUTATION_FIELD_ERRORS,
  MUTATION_SORT_FIELDS,
  type MutationListReply,
  type MutationRow,
} from '@portail/contract/schemas/mutations';
import type { Caller } from '../../auth/caller';
import { callerScopeKey } from '../../auth/scope';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { countMutations, type Direction, findMutation, readMutationPage } from './mutation.queries';
import { type MutationPageCache, mutationPageKey } from './mutation-page-cache';

const SORT_SHAPE = /^([A-Za-z][A-Za-z0-9_.]*),(ASC|DESC)$/i;

/** `date,ASC|DESC`, the one sort key (docs/transfers.md#list: by date, most recent first by default). */
function parseSort(sort: string | undefined): { descending: boolean } {
  const match = SORT_SHAPE.exec(sort ?? DEFAULT_MUTATION_SORT);
  if (!match || !(MUTATION_SORT_FIELDS as readonly string[]).includes(match[1] ?? ''))
    throw new FieldErrors([{ field: 'sort', defaultMessage: 'errors.sort' }]);
  return { descending: match[2]?.toUpperCase() === 'DESC' };
}

export interface MutationListQuery {
  page: number;
  size: number;
  sort?: string | undefined;
  encours: boolean;
  entrantes: boolean;
  sortantes: boolean;
}

/**
 * Incoming and outgoing are an establishment correspondant's filters (docs/transfers.md#filters): for a company or a
 * group, a transfer between two of its own establishments would be both, so the filters would not
 * mean what they say; they are refused rather than silently ignored. The schema already refused both.
 */
function directionOf(caller: Caller, query: MutationListQuery): Direction {
  if (!query.entrantes && !query.sortantes) return 'BOTH';
  if (caller.correspondant?.level !== 'ETABLISSEMENT') {
    const field = query.entrantes ? 'entrantes' : 'sortantes';
    throw new FieldErrors([{ field, defaultMessage: MUTATION_FIELD_ERRORS.directionsEstablishmentOnly }]);
  }
  return query.entrantes ? 'INCOMING' : 'OUTGOING';
}

/**
 * GET mutation (docs/transfers.md#filters, docs/transfers.md#api): the transfers with an end in the caller's scope, in progress only unless
 * `encours=false`, in one direction when asked.
 */
export async function listMutations(
  db: Db,
  caller: Caller,
  query: MutationListQuery,
  pages: MutationPageCache,
): Promise<MutationListReply> {
  const filters = { inProgressOnly: query.encours, direction: directionOf(caller, query) };
  const { descending } = parseSort(query.sort);
  const page = { limit: query.size, offset: query.page * query.size, descending };
  return pages.through(callerScopeKey(caller), mutationPageKey(filters, page), async () => {
    const [items, totalRows] = await Promise.all([
      readMutationPage(db, caller, filters, page),
      countMutations(db, caller, filters),
    ]);
    return { items, totalRows, subTotal: items.length };
  });
}

/** GET mutation/{id}: another scope's transfer answers 404, as an unknown one does. */
export async function mutationForCaller(db: Db, caller: Caller, id: number): Promise<MutationRow> {
  const found = await findMutation(db, caller, id);
  if (!found) throw notFound();
  return found;
}
