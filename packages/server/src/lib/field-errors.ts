import type { Message } from '@portail/contract/schemas/common';

export interface FieldErrorEntry {
  field: string;
  defaultMessage: string;
  args?: string[];
}

/**
 * Invalid input found by a service rule rather than by the schema: answered as 400 with fieldErrors,
 * and with `ciemException.messages` when a business message says more than the field's own text.
 */
export class FieldErrors extends Error {
  constructor(
    readonly fieldErrors: FieldErrorEntry[],
    readonly messages: Message[] = [],
  ) {
    super('invalid input');
  }
}
