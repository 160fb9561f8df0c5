import type { ResourceKind } from '../../src/auth/guard';

/**
 * Bodies that select participants (issue 22: `selection` of the bulk actions): ticked ids, or the
 * list's filter whose id fields name a participant, a company or an establishment. The access matrix
 * finds such routes in the OpenAPI document by their `selection` property and sends each selection
 * with another scope's id and with an id no one has: the two must answer alike. A new route taking a
 * selection fails the matrix until its other required fields are given here.
 */
export const SELECTION_ROUTE_FIELDS: Record<string, Record<string, unknown>> = {
  'POST /api/adherentsCorrespondant/resilier': { motifMouvement: 52 },
  'POST /api/excel-adherents': { langue: 'fr_FR' },
};

/** The selections tried, each naming one id of the given kind. */
export const SELECTIONS: { kind: ResourceKind; parameter: string; selection: (id: number) => unknown }[] = [
  { kind: 'participant', parameter: 'ids', selection: (id) => ({ ids: [id] }) },
  {
    kind: 'participant',
    parameter: 'idParticipant',
    selection: (id) => ({ filtre: { idParticipant: id, actif: false } }),
  },
  {
    kind: 'company',
    parameter: 'idEntreprise',
    selection: (id) => ({ filtre: { idEntreprise: id, actif: false } }),
  },
  {
    kind: 'establishment',
    parameter: 'idEtablissement',
    selection: (id) => ({ filtre: { idEtablissement: id, actif: false } }),
  },
];

/** The OpenAPI operation's JSON body schema, as far as the search reads it. */
export interface BodySpec {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }
    >
  >;
}

/** Whether the route's JSON body has a `selection`. */
export function takesSelection(spec: BodySpec, method: string, url: string): boolean {
  const path = url.replace(/:(\w+)/g, '{$1}');
  const body = spec.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  return body?.properties?.selection !== undefined;
}
