import fc from 'fast-check';

/**
 * The control-character breaker of the fuzzer (issue 17, item 10): a NUL in a search parameter, a
 * sign-in username or a body string answered 500, and the fuzzer did not find it because it put odd
 * characters only where a schema already refused the value, and in JSON only. This one puts a C0
 * control or DEL into a string the route declares — a query parameter, a path parameter, a field of a
 * JSON or form body — and the request must be refused like any other broken one.
 */

/** U+0000–U+001F and U+007F: they survive percent-encoding, so they reach the server in URLs and forms. */
const C0_AND_DEL = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f'];
/**
 * Lone surrogates have no UTF-8 form: in a URL or a form they arrive as U+FFFD (the encoder's or the
 * decoder's replacement), which is text. Only a JSON escape (`"\ud800"`) delivers one to the server.
 */
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];

export interface ControlTarget {
  in: 'query' | 'path' | 'body';
  name: string;
}

export interface ControlDraw {
  control: string;
  surrogate: string;
  /** Where in the text the character goes: start, middle or end (trimming must not remove it). */
  at: number;
}

export const controlDraw: fc.Arbitrary<ControlDraw> = fc.record({
  control: fc.constantFrom(...C0_AND_DEL),
  surrogate: fc.constantFrom(...LONE_SURROGATES),
  at: fc.nat({ max: 2 }),
});

interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  anyOf?: SchemaLike[];
  oneOf?: SchemaLike[];
}

const isText = (schema: SchemaLike): boolean => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.includes('string') || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isText);
};

/** The string fields of a body, across the variants of a union (the OAuth grants). */
export function textFields(schema: SchemaLike | undefined): string[] {
  if (!schema) return [];
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const names = variants.flatMap((variant) =>
    Object.entries(variant.properties ?? {})
      .filter(([, inner]) => isText(inner))
      .map(([name]) => name),
  );
  return [...new Set(names)];
}

/** A plausible value with the character inside: two letters on each side keep minimum lengths met. */
export function withControl(draw: ControlDraw, target: ControlTarget, jsonBody: boolean): string {
  const character = target.in === 'body' && jsonBody && draw.at === 1 ? draw.surrogate : draw.control;
  return ['', 'ab', 'abcd'][draw.at] + character + ['abcd', 'cd', ''][draw.at];
}
