/**
 * SMART scopes of system clients (SMART App Launch 2.x, "Scopes and Launch Context"): what a client of
 * the integration API may do, per FHIR resource type and interaction. Only `system/` scopes exist here
 * (no user and no patient in context); SMART v2 suffixes (`cruds` letters) and v1 ones (`read`,
 * `write`, `*`) are both understood. v2 scopes narrowed by a query (`?category=…`) are not supported
 * and are refused as malformed, rather than read as wider than they were meant.
 */

export type FhirInteraction = 'create' | 'read' | 'update' | 'delete' | 'search' | 'history';

/** The v2 letters in their one allowed order. */
const LETTERS = 'cruds';
/**
 * The letter each interaction needs. SMART v2 puts type- and system-level history under `s` (with
 * search): the change feed reads like a search over time, and `.read` (v1) grants both.
 */
const LETTER_OF: Record<FhirInteraction, string> = {
  create: 'c',
  read: 'r',
  update: 'u',
  delete: 'd',
  search: 's',
  history: 's',
};

/** SMART's mapping of v1 suffixes onto v2 letters (`.read` is read and search, never delete). */
const V1_LETTERS: Record<string, string> = { read: 'rs', write: 'cud', '*': 'cruds' };

export interface SystemScope {
  /** The scope as written (what a token carries and the client is told). */
  text: string;
  /** A FHIR resource type, or `*` for every type. */
  resourceType: string;
  /** The v2 letters it grants, a non-empty subset of `cruds` in order. */
  letters: string;
}

/** `system/<Type|*>.<suffix>`: a resource type is a capitalised FHIR name, letters only. */
const SCOPE = /^system\/(\*|[A-Z][A-Za-z]{0,63})\.([a-z*]{1,5})$/;

/** Whether `suffix` is a non-empty subset of `cruds`, each letter once, in that order. */
function isOrderedSubset(suffix: string): boolean {
  let from = 0;
  for (const letter of suffix) {
    const at = LETTERS.indexOf(letter, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return suffix.length > 0;
}

/** One scope, or null when it is not a system scope this server understands. */
export function parseScope(text: string): SystemScope | null {
  const match = SCOPE.exec(text);
  if (!match) return null;
  const [, resourceType = '', suffix = ''] = match;
  const letters = V1_LETTERS[suffix] ?? (isOrderedSubset(suffix) ? suffix : null);
  return letters ? { text, resourceType, letters } : null;
}

export type ParsedScopes = { ok: true; scopes: SystemScope[] } | { ok: false; invalid: string[] };

/**
 * A space-separated scope list (RFC 6749 §3.3), each scope checked; duplicates kept once. An empty
 * list is refused: a client always asks for something.
 */
export function parseScopes(text: string): ParsedScopes {
  const words = [...new Set(text.split(' ').filter((word) => word !== ''))];
  if (words.length === 0) return { ok: false, invalid: [] };
  const scopes: SystemScope[] = [];
  const invalid: string[] = [];
  for (const word of words) {
    const scope = parseScope(word);
    if (scope) scopes.push(scope);
    else invalid.push(word);
  }
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, scopes };
}

/**
 * Parsed scopes by their text: a token's few scopes are parsed once per process, not at every call of
 * the FHIR guard. Bounded; only well-formed texts are kept.
 */
const parsedCache = new Map<string, SystemScope | null>();
const MAX_CACHED = 1000;

function cachedScope(text: string): SystemScope | null {
  if (parsedCache.has(text)) return parsedCache.get(text) ?? null;
  const scope = parseScope(text);
  if (scope) {
    if (parsedCache.size >= MAX_CACHED) parsedCache.clear();
    parsedCache.set(text, scope);
  }
  return scope;
}

/**
 * Whether the granted scopes (a token's, as written) allow `interaction` on `resourceType`. A scope
 * that does not parse grants nothing: the check fails closed.
 */
export function scopeAllows(
  granted: readonly string[],
  resourceType: string,
  interaction: FhirInteraction,
): boolean {
  const letter = LETTER_OF[interaction];
  return granted.some((text) => {
    const scope = cachedScope(text);
    return (
      scope !== null &&
      (scope.resourceType === '*' || scope.resourceType === resourceType) &&
      scope.letters.includes(letter)
    );
  });
}

/**
 * Whether `requested` asks for nothing beyond `registered`: every letter of it is granted by a
 * registered scope of the same type, or of `*`. A request for `*` needs `*` registered: a client
 * registered for Patient alone cannot ask for every type.
 */
export function scopeWithin(requested: SystemScope, registered: readonly SystemScope[]): boolean {
  return [...requested.letters].every((letter) =>
    registered.some(
      (scope) =>
        (scope.resourceType === '*' || scope.resourceType === requested.resourceType) &&
        scope.letters.includes(letter),
    ),
  );
}

/**
 * What `/.well-known/smart-configuration` lists: the wildcard forms of both syntaxes. Which resource
 * types a client actually gets is its registration's business.
 */
export const SCOPES_SUPPORTED = [
  'system/*.cruds',
  'system/*.rs',
  'system/*.cud',
  'system/*.read',
  'system/*.write',
  'system/*.*',
];
