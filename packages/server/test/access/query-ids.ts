import type { ResourceKind, RouteInfo } from '../../src/auth/guard';

/**
 * What the contract's entity-naming query parameters name. By the contract's convention such a
 * parameter is `id` followed by the entity (`idParticipant`, `idEtablissement`): the access matrix
 * finds them in the OpenAPI document, so a new one joins the matrix by itself, and fails it until it
 * is given its kind here.
 */
const QUERY_ID_KINDS: Record<string, ResourceKind> = {
  idParticipant: 'participant',
  idEtablissement: 'establishment',
  idEntreprise: 'company',
};

const NAMES_AN_ENTITY = /^id[A-Z]/;

/** The part of the OpenAPI document the search reads. */
export interface OpenApiPaths {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
}

/** The route's query parameters that name an entity, with what they name. */
export function queryIdsOf(spec: OpenApiPaths, route: RouteInfo): Record<string, ResourceKind> {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const parameters = spec.paths[path]?.[route.method.toLowerCase()]?.parameters ?? [];
  const names = parameters
    .filter((parameter) => parameter.in === 'query' && NAMES_AN_ENTITY.test(parameter.name))
    .map((parameter) => parameter.name);
  return Object.fromEntries(
    names.map((name) => {
      const kind = QUERY_ID_KINDS[name];
      if (!kind)
        throw new Error(
          `The access matrix does not know what the query parameter '${name}' of ${route.url} names: add it in test/access/query-ids.ts`,
        );
      return [name, kind];
    }),
  );
}

/** An id no row has (within the schemas' 32-bit bound): what a foreign id must answer like. */
export const UNKNOWN_ID = 2_147_483_000;
