export interface FieldErrorEntry {
  field: string;
  defaultMessage: string;
  args?: string[];
}

/** Invalid input found by a service rule rather than by the schema: answered as 400 with fieldErrors. */
export class FieldErrors extends Error {
  constructor(readonly fieldErrors: FieldErrorEntry[]) {
    super('invalid input');
  }
}
