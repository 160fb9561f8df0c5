import { CONTROL_CHARACTER_ERROR, isPlainText } from '@portail/contract/rules/text';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

type Path = (string | number)[];

/**
 * The paths of the strings in a parsed request part that hold a control character or a lone surrogate
 * (contract rules/text.ts). The walk keeps its own stack: a deeply nested JSON body must not overflow
 * the call stack before zod refuses it.
 */
export function impureTextPaths(data: unknown): Path[] {
  const found: Path[] = [];
  const stack: [unknown, Path][] = [[data, []]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (!isPlainText(value)) found.push(path);
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) stack.push([item, [...path, index]]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push([item, [...path, key]]);
    }
  }
  return found.reverse();
}

/** The marker fastify-type-provider-zod puts on its validation issues, which the error handler knows. */
const ZOD_ISSUE: unique symbol = Symbol.for('ZodFastifySchemaValidationError');

function controlCharacterIssue(path: Path): FastifySchemaValidationError & { [ZOD_ISSUE]: true } {
  return {
    [ZOD_ISSUE]: true,
    keyword: 'custom',
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/custom`,
    message: CONTROL_CHARACTER_ERROR,
    params: {},
  };
}

/**
 * The validator of every route: the contract's zod schema, after one rule no schema has to repeat —
 * no string of the path parameters, the query string or the body (JSON or form) may hold a control
 * character. It runs before any handler, so nothing reaches the database; it answers as a schema
 * failure does (400 with the fields named, or a route's own shape with `attachValidation`, as the
 * OAuth token endpoint's `invalid_request`). Headers are left to the schemas: Node's parser already
 * refuses control characters in them.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart === 'headers') return validate;
  return (data) => {
    const paths = impureTextPaths(data);
    if (paths.length > 0) return { error: paths.map(controlCharacterIssue) };
    return validate(data);
  };
};
