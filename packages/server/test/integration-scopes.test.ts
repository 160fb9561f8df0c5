import { describe, expect, it } from 'vitest';
import {
  type FhirInteraction,
  parseScope,
  parseScopes,
  scopeAllows,
  scopeWithin,
} from '../src/features/integration/smart-scopes';

describe('parseScopes', () => {
  it.each([
    ['system/Patient.cruds', 'Patient', 'cruds'],
    ['system/Patient.rs', 'Patient', 'rs'],
    ['system/DocumentReference.c', 'DocumentReference', 'c'],
    ['system/Appointment.cud', 'Appointment', 'cud'],
    ['system/*.rs', '*', 'rs'],
    ['system/Patient.s', 'Patient', 's'],
    // SMART v1, mapped onto v2 letters.
    ['system/Patient.read', 'Patient', 'rs'],
    ['system/Patient.write', 'Patient', 'cud'],
    ['system/Patient.*', 'Patient', 'cruds'],
    ['system/*.*', '*', 'cruds'],
  ])('reads %s as %s with %s', (text, resourceType, letters) => {
    expect(parseScope(text)).toEqual({ text, resourceType, letters });
  });

  it.each([
    ['letters out of order', 'system/Patient.sr'],
    ['a letter twice', 'system/Patient.rrs'],
    ['a letter outside cruds', 'system/Patient.rx'],
    ['no letters', 'system/Patient.'],
    ['no suffix', 'system/Patient'],
    ['a patient scope', 'patient/Patient.rs'],
    ['a user scope', 'user/*.cruds'],
    ['an OpenID scope', 'openid'],
    ['offline access', 'offline_access'],
    ['a lower-case type', 'system/patient.rs'],
    [
      'a query constraint (v2 granular scopes are not supported)',
      'system/Observation.rs?category=laboratory',
    ],
    ['v1 read with letters', 'system/Patient.reads'],
    ['a type with a digit', 'system/Patient2.r'],
    ['an empty type', 'system/.r'],
    ['a wildcard in the suffix', 'system/Patient.r*'],
  ])('refuses %s: %s', (_case, text) => {
    expect(parseScope(text)).toBeNull();
    expect(parseScopes(text)).toEqual({ ok: false, invalid: [text] });
  });

  it('splits on spaces, keeps each scope once, and names every malformed one', () => {
    expect(parseScopes('  system/Patient.rs  system/Patient.rs system/*.c ')).toEqual({
      ok: true,
      scopes: [
        { text: 'system/Patient.rs', resourceType: 'Patient', letters: 'rs' },
        { text: 'system/*.c', resourceType: '*', letters: 'c' },
      ],
    });
    expect(parseScopes('system/Patient.rs launch system/X.zz')).toEqual({
      ok: false,
      invalid: ['launch', 'system/X.zz'],
    });
    expect(parseScopes('')).toEqual({ ok: false, invalid: [] });
    expect(parseScopes('   ')).toEqual({ ok: false, invalid: [] });
  });
});

describe('scopeAllows', () => {
  const all: FhirInteraction[] = ['create', 'read', 'update', 'delete', 'search'];
  const allowed = (granted: string[], type: string) =>
    all.filter((interaction) => scopeAllows(granted, type, interaction));

  it('grants exactly the letters of the scopes of the type', () => {
    expect(allowed(['system/Patient.cruds'], 'Patient')).toEqual(all);
    expect(allowed(['system/Patient.rs'], 'Patient')).toEqual(['read', 'search']);
    expect(allowed(['system/Patient.c', 'system/Patient.u'], 'Patient')).toEqual(['create', 'update']);
    expect(allowed(['system/Patient.cruds'], 'DocumentReference')).toEqual([]);
    expect(allowed(['system/DocumentReference.c'], 'DocumentReference')).toEqual(['create']);
  });

  it('reads v1 scopes with SMART semantics: read is read and search, write is create, update and delete', () => {
    expect(allowed(['system/Patient.read'], 'Patient')).toEqual(['read', 'search']);
    expect(allowed(['system/Patient.write'], 'Patient')).toEqual(['create', 'update', 'delete']);
    expect(allowed(['system/Patient.*'], 'Patient')).toEqual(all);
  });

  it('lets a wildcard type reach every type', () => {
    expect(allowed(['system/*.rs'], 'Appointment')).toEqual(['read', 'search']);
    expect(allowed(['system/*.*'], 'Organization')).toEqual(all);
  });

  it('fails closed: nothing granted, malformed or foreign scopes grant nothing', () => {
    expect(allowed([], 'Patient')).toEqual([]);
    expect(
      allowed(['system/Patient.sr', 'patient/Patient.cruds', 'user/*.cruds', 'Patient.cruds'], 'Patient'),
    ).toEqual([]);
    expect(allowed(['system/Patient.cruds'], 'patient')).toEqual([]);
    expect(allowed(['system/Patient.cruds'], '*')).toEqual([]);
  });
});

describe('scopeWithin', () => {
  const registered = (text: string) => {
    const parsed = parseScopes(text);
    if (!parsed.ok) throw new Error(text);
    return parsed.scopes;
  };
  const within = (asked: string, text: string) => {
    const scope = parseScope(asked);
    if (!scope) throw new Error(asked);
    return scopeWithin(scope, registered(text));
  };

  it('admits a request covered by the registration, across syntaxes and split scopes', () => {
    expect(within('system/Patient.rs', 'system/Patient.cruds')).toBe(true);
    expect(within('system/Patient.read', 'system/Patient.rs')).toBe(true);
    expect(within('system/Patient.cruds', 'system/Patient.rs system/Patient.cud')).toBe(true);
    expect(within('system/Patient.r', 'system/*.rs')).toBe(true);
    expect(within('system/*.r', 'system/*.rs')).toBe(true);
  });

  it('refuses anything beyond it', () => {
    expect(within('system/Patient.cruds', 'system/Patient.rs')).toBe(false);
    expect(within('system/Patient.write', 'system/Patient.rs')).toBe(false);
    expect(within('system/Observation.r', 'system/Patient.cruds')).toBe(false);
    expect(within('system/*.r', 'system/Patient.cruds')).toBe(false);
  });
});
