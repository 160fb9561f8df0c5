import type { Resource } from '@medplum/fhirtypes';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
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
}

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
  type: R['resourceType'];
  /** What the resource holds, for the CapabilityStatement. */
  documentation: string;
  searchParams: readonly SearchParameterInfo[];
  read?: (ctx: FhirContext, id: string) => Promise<R | null>;
  search?: (ctx: FhirContext, params: URLSearchParams, page: SearchPage) => Promise<SearchResult<R>>;
  /**
   * A resource that stands for a file (Binary): its bytes and their type, answered instead of the FHIR
   * JSON to a read whose `Accept` asks for that type (FHIR R4 §3.1.0.1.7: "the native format").
   */
  // Method syntax: a handler of Binary stays a handler of Resource for the router's list.
  raw?(resource: R): { contentType: string; body: Buffer } | null;
}

export const interactionsOf = (handler: FhirResourceHandler): FhirInteraction[] => [
  ...(handler.read ? (['read'] as const) : []),
  ...(handler.search ? (['search'] as const) : []),
];
