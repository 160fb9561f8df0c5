import type { Resource } from '@medplum/fhirtypes';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionEvents } from '../../auth/session-events';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Changes } from '../../lib/changes';
import type { Notifier } from '../../notify/notifier';
import type { EstablishmentFacts, ParticipantRecord } from '../participants';
import type { CodeBookCache } from './code-book-cache';
import { type CodeBook, loadCodeBook } from './codes';
import type { FhirInteraction } from './smart-scopes';
import type { ActiveClient } from './system-clients';

/** Who calls and with what: every handler of a resource gets it. */
export interface FhirContext {
  db: Db;
  config: Config;
  client: ActiveClient;
  log: FastifyBaseLogger;
  ip: string;
  /** The server's base address, for the full URLs of a Bundle's entries and links. */
  baseUrl: string;
  notifier: Notifier;
  /** Ends a closed account's sessions and has every instance read a changed one again. */
  sessions: SessionEvents;
  /**
   * Work for once the write's transaction has committed (a mail with a registration link): a refused
   * or failed write sends nothing. Outside a write it runs at once.
   */
  afterCommit: (task: () => Promise<void>) => void;
  /** This instance's announcements of what a write changed (absent in the command-line tools). */
  changes?: Changes;
  /** The process's reference lists (code-book-cache.ts); without it each call reads the table. */
  codes?: CodeBookCache;
  /**
   * What one write transaction has read of the establishments (inTransaction makes it): a Bundle or an
   * import batch of 1,000 participants of one establishment reads it once. An Organization write of the
   * same transaction clears it.
   */
  facts?: TransactionFacts;
  /**
   * Whether a new participant gets an account and its registration link mailed at once (the API: yes).
   * The bulk import leaves them to `npm run invite` unless asked (README "Integration API: initial load").
   */
  registrationLinks?: boolean;
}

/** Establishment facts read within one transaction, by establishment id. */
export interface TransactionFacts {
  establishments: Map<number, EstablishmentFacts | null>;
  /** Establishment id → the check-up types it takes. */
  checkupTypes: Map<number, ReadonlySet<number>>;
  /**
   * Participants a conditional write's match (`match`) has just read and locked, by id: the update
   * of the same write takes its row from here once, instead of reading it again (writeOne empties it
   * before each write).
   */
  lockedParticipants: Map<number, ParticipantRecord>;
}

export const newTransactionFacts = (): TransactionFacts => ({
  establishments: new Map(),
  checkupTypes: new Map(),
  lockedParticipants: new Map(),
});

/** The reference lists as codes, from the process's cache when the context has one. */
export const codeBook = (ctx: Pick<FhirContext, 'db' | 'codes'>): Promise<CodeBook> =>
  ctx.codes ? ctx.codes.get(ctx.db) : loadCodeBook(ctx.db);

/** A search parameter a resource answers, as the CapabilityStatement lists it. */
export interface SearchParameterInfo {
  name: string;
  type: 'token' | 'date' | 'string' | 'reference' | 'number';
  documentation: string;
}

/** A search's page of matches and the total. */
export interface SearchResult<R extends Resource> {
  resources: R[];
  total: number;
}

/** The page of a search (`_count`, `_offset`), checked once by the router. */
export interface SearchPage {
  count: number;
  offset: number;
}

/**
 * One resource type of the API: what it answers, as functions. The router registers a route for
 * each function present and the CapabilityStatement lists exactly those (nothing that does not work).
 */
export interface FhirResourceHandler<R extends Resource = Resource> {
  // create and update are methods, not properties, so a handler of Patient stands where a handler of
  // any Resource is expected: the router only passes it bodies whose resourceType it checked.
  type: R['resourceType'];
  /** What the resource holds, for the CapabilityStatement. */
  documentation: string;
  searchParams: readonly SearchParameterInfo[];
  read?: (ctx: FhirContext, id: string) => Promise<R | null>;
  search?: (ctx: FhirContext, params: URLSearchParams, page: SearchPage) => Promise<SearchResult<R>>;
  /**
   * The ids of the resources a conditional write's criteria match (the first two), in one query that
   * locks their rows for the write that follows in the same transaction, without making resources of
   * them. Without it, a conditional write searches (`search`) and the update locks the row again.
   */
  match?: (ctx: FhirContext, criteria: URLSearchParams) => Promise<string[]>;
  /**
   * The type's changes are in the change feed: its table carries the `fhir_record_change` triggers
   * (migration 0018) and `read` gives the current resource. Serves `[type]/_history` and the type's
   * part of the system-level `_history`.
   */
  history?: boolean;
  /**
   * Stores a new resource and answers it as read would (new id, version 1). The router has checked the
   * body against the R4 definitions and runs this inside a database transaction (`ctx.db` is it), with
   * the other entries of a transaction Bundle: the handler applies the portal's own rules, throws a
   * FhirError naming the element at fault (nothing is then written), and writes its audit row.
   */
  create?(ctx: FhirContext, resource: R): Promise<R>;
  /**
   * Replaces resource `id` (inside the router's transaction, as create). `expectedVersion` comes from
   * `If-Match`: the handler locks the row and throws `versionConflict` when it moved on. Null when
   * there is no such resource.
   */
  update?(ctx: FhirContext, id: string, resource: R, expectedVersion: number | null): Promise<R | null>;
  /**
   * A resource that stands for a file (Binary): its bytes and their type, answered instead of the FHIR
   * JSON to a read whose `Accept` asks for that type (FHIR R4 §3.1.0.1.7: "the native format").
   */
  raw?(resource: R): { contentType: string; body: Buffer } | null;
}

export const interactionsOf = (handler: FhirResourceHandler): FhirInteraction[] => [
  ...(handler.read ? (['read'] as const) : []),
  ...(handler.search ? (['search'] as const) : []),
  ...(handler.create ? (['create'] as const) : []),
  ...(handler.update ? (['update'] as const) : []),
  ...(handler.history && handler.read ? (['history'] as const) : []),
];
