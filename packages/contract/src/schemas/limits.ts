import { z } from 'zod';

/**
 * The longest text a field's schema accepts, read from the schema itself, so that a form's input
 * stops where the server would refuse (`htmlInput={{ maxLength: maxLengthOf(participantContact.shape.nom) }}`).
 * Looks through optional, nullable, default and pipe wrappers; of a union, the longest of its options.
 * Undefined when the schema sets no maximum.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return maxLengthOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return maxLengthOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) {
    const limits = (schema.options as z.ZodType[])
      .map(maxLengthOf)
      .filter((limit): limit is number => limit !== undefined);
    return limits.length > 0 ? Math.max(...limits) : undefined;
  }
  const { maxLength } = schema as { maxLength?: unknown };
  return typeof maxLength === 'number' ? maxLength : undefined;
}
