import { centreInstant } from '@portail/contract/rules/centre-time';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { invalid } from './fhir-outcome';

/** A calendar day `YYYY-MM-DD` that exists, from year 1 (the database has no year 0, nor 30 February). */
export function isRealDay(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

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
    (year ?? 0) >= 1 &&
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

/**
 * `_lastUpdated` on a column: an instant compares as it is; a day (`2026-11-27`) is that day at the
 * centre, from midnight in Paris to the next (FHIR: a value is a range as wide as its precision), so
 * `eq` matches the whole day, `gt` starts the day after and `le` ends with it.
 */
export function lastUpdatedSql(column: AnyColumn | SQL, value: string): SQL {
  const { operator, instant } = lastUpdatedBounds(value);
  const text = value.replace(/^(eq|ge|gt|le|lt)/, '');
  if (text.length !== 10) return sql`${column} ${sql.raw(operator)} ${instant}`;
  const start = centreInstant(text, 0);
  const end = centreInstant(new Date(instant.getTime() + 86_400_000).toISOString().slice(0, 10), 0);
  const prefix = (/^(eq|ge|gt|le|lt)/.exec(value)?.[1] ?? 'eq') as RangePrefix;
  return rangeSql(column, prefix, start, end);
}

export type RangePrefix = 'eq' | 'ne' | 'ge' | 'gt' | 'le' | 'lt';

/**
 * A FHIR date prefix on a stored instant against a value that is a range [low, high) as wide as its
 * precision: `ge` from low, `gt` from high, `le` before high, `lt` before low, `eq` within, `ne` outside.
 */
export function rangeSql(column: AnyColumn | SQL, prefix: RangePrefix, low: Date, high: Date): SQL {
  switch (prefix) {
    case 'ge':
      return sql`${column} >= ${low}`;
    case 'gt':
      return sql`${column} >= ${high}`;
    case 'le':
      return sql`${column} < ${high}`;
    case 'lt':
      return sql`${column} < ${low}`;
    case 'ne':
      return sql`(${column} < ${low} or ${column} >= ${high})`;
    default:
      return sql`(${column} >= ${low} and ${column} < ${high})`;
  }
}
