import { invalid } from './fhir-outcome';

const OPERATORS = { eq: '=', ge: '>=', gt: '>', le: '<=', lt: '<' } as const;
const LAST_UPDATED =
  /^(eq|ge|gt|le|lt)?(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * `_lastUpdated=ge2026-11-01T00:00:00Z`: a prefix (eq when none) and an instant, or a day (its
 * midnight UTC). Anything else is refused with the parameter named.
 */
export function lastUpdatedBounds(value: string): {
  operator: (typeof OPERATORS)[keyof typeof OPERATORS];
  instant: Date;
} {
  const match = LAST_UPDATED.exec(value);
  const text = match ? `${match[2]}${match[3] ?? 'T00:00:00Z'}` : '';
  const instant = new Date(text);
  const [year, month, day] = (match?.[2] ?? '').split('-').map(Number);
  const realDay =
    match !== null &&
    !Number.isNaN(instant.getTime()) &&
    (month ?? 0) >= 1 &&
    (month ?? 0) <= 12 &&
    (day ?? 0) >= 1 &&
    (day ?? 0) <= new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
  if (!realDay)
    throw invalid(
      '_lastUpdated takes a prefix (eq, ge, gt, le, lt) and an instant or a date',
      '_lastUpdated',
      'value',
    );
  const prefix = (match[1] ?? 'eq') as keyof typeof OPERATORS;
  return { operator: OPERATORS[prefix], instant };
}
