import { centreInstant } from '@portail/contract/rules/centre-time';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { invalid } from './fhir-outcome';
import { isRealDay, lastUpdatedSql, type RangePrefix, rangeSql } from './search-params';

/**
 * Search helpers of the check-up resources (EpisodeOfCare, Appointment, Consent, AuditEvent): the
 * parameters they share, each refusal naming the parameter at fault.
 */

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/** A portal row id the database can hold (an integer column), or null. */
export function portalId(text: string): number | null {
  return POSITIVE_ID.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}

/** `prefix-123` as 123 (the ids of the resources two tables serve), or null. */
export function prefixedId(text: string, prefix: string): number | null {
  return text.startsWith(`${prefix}-`) ? portalId(text.slice(prefix.length + 1)) : null;
}

/** A portal id a search parameter names, or a 400 naming it. */
export function requiredId(text: string, name: string): number {
  const id = portalId(text);
  if (id === null) throw invalid(`${name} must be a portal id`, name, 'value');
  return id;
}

/** `patient=Patient/12`, `patient=12` or a full URL ending in `Patient/12`: the participant 12. */
export function patientParam(value: string, name = 'patient'): number {
  const match = /^(?:.*\/)?Patient\/([^/]+)$/.exec(value);
  return requiredId(match ? (match[1] ?? '') : value, name);
}

/** `identifier=system|value` (or a bare value) of one of the portal's identifier systems. */
export function identifierParam(value: string, system: string): string {
  const bar = value.indexOf('|');
  const [given, code] = bar >= 0 ? [value.slice(0, bar), value.slice(bar + 1)] : [null, value];
  if (given !== null && given !== '' && given !== system)
    throw invalid(`identifier system ${given} is not known`, 'identifier', 'value');
  return code;
}

/** A token parameter's comma-separated codes, each one of `allowed` (a 400 naming the parameter). */
export function tokenList<T extends string>(value: string, name: string, allowed: readonly T[]): T[] {
  return value.split(',').map((code) => {
    if (!(allowed as readonly string[]).includes(code))
      throw invalid(`${name} takes ${allowed.join(', ')}`, name, 'value');
    return code as T;
  });
}

export function lastUpdatedCondition(column: AnyColumn, value: string): SQL {
  return lastUpdatedSql(column, value);
}

const DATE_PARAM =
  /^(eq|ne|ge|gt|le|lt)?(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * `date=2026-11-25` or `date=ge2026-11-25T09:00:00+01:00` on an instant column, with FHIR's meaning:
 * the value is a range as wide as its precision (a day is the centre's calendar day, Paris time;
 * a time to the minute or second), and the prefix compares the stored instant with that range.
 */
export function dateCondition(column: AnyColumn, value: string, name: string): SQL {
  const match = DATE_PARAM.exec(value);
  const refuse = () =>
    invalid(`${name} takes a prefix (eq, ne, ge, gt, le, lt) and a date or an instant`, name, 'value');
  if (!match) throw refuse();
  const [, prefix = 'eq', year, month, day, hour, minute, second, zone] = match;
  const dayText = `${year}-${month}-${day}`;
  if (!isRealDay(dayText)) throw refuse();
  const probe = new Date(`${dayText}T00:00:00Z`);
  let low: Date;
  let high: Date;
  if (hour === undefined) {
    low = centreInstant(dayText, 0);
    const next = new Date(probe.getTime() + 86_400_000).toISOString().slice(0, 10);
    high = centreInstant(next, 0);
  } else {
    low = new Date(`${dayText}T${hour}:${minute}:${second ?? '00'}${zone}`);
    if (Number.isNaN(low.getTime())) throw refuse();
    high = new Date(low.getTime() + (second === undefined ? 60_000 : 1_000));
  }
  return rangeSql(column, prefix as RangePrefix, low, high);
}
