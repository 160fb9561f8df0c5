import { describe, expect, it } from 'vitest';
import { parseOrganizationId } from '../src/features/integration/organization.resource';
import { lastUpdatedBounds } from '../src/features/integration/search-params';

describe('_lastUpdated', () => {
  it.each([
    ['ge2026-11-01T08:30:00Z', '>=', '2026-11-01T08:30:00.000Z'],
    ['gt2026-11-01T08:30:00.123456+01:00', '>', '2026-11-01T07:30:00.123Z'],
    ['le2026-11-01', '<=', '2026-11-01T00:00:00.000Z'],
    ['lt2026-02-28T23:59Z', '<', '2026-02-28T23:59:00.000Z'],
    ['2026-11-01T00:00:00Z', '=', '2026-11-01T00:00:00.000Z'],
  ])('reads %s', (value, operator, instant) => {
    const bounds = lastUpdatedBounds(value);
    expect(bounds.operator).toBe(operator);
    expect(bounds.instant.toISOString()).toBe(instant);
  });

  it.each([
    'ge2026-13-01',
    'ge2026-02-30',
    'sa2026-11-01',
    'ge2026-11-01T25:00:00Z',
    'yesterday',
    '',
    'ge2026-11-01T08:30',
  ])('refuses %s with the parameter named', (value) => {
    expect(() => lastUpdatedBounds(value)).toThrow(/_lastUpdated/);
  });
});

describe('Organization ids', () => {
  it('tells groups, companies and establishments apart', () => {
    expect(parseOrganizationId('grp-1')).toEqual({ kind: 'group', id: 1 });
    expect(parseOrganizationId('ent-42')).toEqual({ kind: 'company', id: 42 });
    expect(parseOrganizationId('etab-2147483647')).toEqual({ kind: 'establishment', id: 2147483647 });
  });

  it.each(['etab-0', 'etab-2147483648', 'etab-01', 'site-3', 'etab-', '12'])('knows no %s', (id) => {
    expect(parseOrganizationId(id)).toBeNull();
  });
});
