import type {
  CapabilityStatement,
  CapabilityStatementRestInteraction,
  CapabilityStatementRestResourceInteraction,
} from '@medplum/fhirtypes';
import { FHIR_MIME, FHIR_VERSION } from '@portail/contract/integration/fhir';
import { type FhirResourceHandler, interactionsOf } from './fhir-resource';
import type { FhirInteraction } from './smart-scopes';

const INTERACTION_CODES: Record<FhirInteraction, CapabilityStatementRestResourceInteraction['code']> = {
  read: 'read',
  search: 'search-type',
  create: 'create',
  update: 'update',
  delete: 'delete',
  history: 'history-type',
};

/**
 * GET /fhir/R4/metadata: the resources, interactions and search parameters the API answers, built
 * from the handlers themselves, so it lists what works and nothing more; the security section names
 * the SMART Backend Services token endpoint.
 */
export function capabilityStatement(
  handlers: readonly FhirResourceHandler[],
  baseUrl: string,
  software: { name: string; version: string },
): CapabilityStatement {
  const systemInteractions: CapabilityStatementRestInteraction[] = [
    ...(handlers.some((handler) => handler.history && handler.read)
      ? [{ code: 'history-system' as const }]
      : []),
    ...(handlers.some((handler) => handler.create || handler.update)
      ? [
          {
            code: 'transaction' as const,
            documentation: 'All or nothing; entries refer to each other by urn:uuid fullUrl',
          },
        ]
      : []),
  ];
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-25',
    kind: 'instance',
    software,
    implementation: { description: 'Portail Bilans: integration API of the check-up centre', url: baseUrl },
    fhirVersion: FHIR_VERSION,
    format: [FHIR_MIME, 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description:
            'SMART Backend Services: client_credentials with a private_key_jwt assertion (RS384 or ES384); system scopes.',
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${baseUrl}/auth/token` }],
            },
          ],
        },
        // The change feed of every type in it (README "Integration API: change feed and subscriptions"),
        // and the transaction endpoint once some resource can be written.
        ...(systemInteractions.length > 0 ? { interaction: systemInteractions } : {}),
        resource: handlers.map((handler) => ({
          type: handler.type,
          documentation: handler.documentation,
          // A read also answers the current version by its id (vread: Location's `_history/N`).
          interaction: interactionsOf(handler).flatMap((interaction) =>
            interaction === 'read'
              ? [{ code: 'read' as const }, { code: 'vread' as const }]
              : [{ code: INTERACTION_CODES[interaction] }],
          ),
          ...(handler.update
            ? {
                // Versions are kept as a number (meta.versionId, ETag) and If-Match is honoured; an
                // update never creates a resource by id, a conditional update creates when nothing matches.
                versioning: 'versioned-update' as const,
                updateCreate: false,
                ...(handler.search ? { conditionalUpdate: true } : {}),
              }
            : {}),
          ...(handler.create && handler.search ? { conditionalCreate: true } : {}),
          ...(handler.type === 'Patient' && handler.update
            ? {
                operation: [
                  {
                    name: 'activation-code',
                    definition: 'https://portail-bilans.fr/fhir/OperationDefinition/Patient-activation-code',
                    documentation:
                      'POST Patient/N/$activation-code: a new activation code for the letter the centre posts (README)',
                  },
                ],
              }
            : {}),
          ...(handler.search
            ? {
                searchParam: handler.searchParams.map((param) => ({
                  name: param.name,
                  type: param.type,
                  documentation: param.documentation,
                })),
              }
            : {}),
        })),
      },
    ],
  };
}
