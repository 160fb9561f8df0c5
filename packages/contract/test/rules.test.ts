import { describe, expect, it } from 'vitest';
import { expandRoles, hasAnyRole } from '../src/roles';
import { findScreenRoute, SCREEN_ROUTES } from '../src/routes';
import { meetsPasswordRules } from '../src/rules/password';
import { formatPersonName } from '../src/rules/person-name';
import { csvField, startsLikeFormula } from '../src/rules/spreadsheet';
import { composeUsername, parseUsername } from '../src/rules/username';

describe('role hierarchy', () => {
  it('PARAM_MEDISUIV implies ADMIN which implies OPERATOR, and nothing else', () => {
    expect([...expandRoles(['ROLE_PARAM_MEDISUIV'])].sort()).toEqual([
      'ROLE_ADMIN',
      'ROLE_OPERATOR',
      'ROLE_PARAM_MEDISUIV',
    ]);
    expect([...expandRoles(['ROLE_ADMIN'])].sort()).toEqual(['ROLE_ADMIN', 'ROLE_OPERATOR']);
    expect(hasAnyRole(['ROLE_OPERATOR'], ['ROLE_ADMIN'])).toBe(false);
    expect(hasAnyRole(['ROLE_ADMIN'], ['ROLE_PARTICIPANT'])).toBe(false);
    expect(hasAnyRole(['ROLE_PARAM_MEDISUIV'], ['ROLE_OPERATOR'])).toBe(true);
    expect(hasAnyRole([], ['ROLE_ADMIN'])).toBe(false);
  });
});

describe('username', () => {
  it('composes and parses the identifier with the sign-in kind', () => {
    expect(composeUsername(' Marie.Durand ', true)).toBe('Marie.Durand|C');
    expect(parseUsername('Marie.Durand|C')).toEqual({ identifier: 'marie.durand', kind: 'C' });
    expect(parseUsername('a|b|P')).toEqual({ identifier: 'a|b', kind: 'P' });
    expect(parseUsername('nokind')).toBeNull();
    expect(parseUsername('|P')).toBeNull();
    expect(parseUsername('x|Z')).toBeNull();
  });
});

describe('password rules (docs/recovery.md#new-password-rule)', () => {
  it.each([
    ['Abcdef1!', true],
    ['Éléphant9?', true],
    ['Abcde1!', false],
    ['abcdefg1!', false],
    ['ABCDEFG1!', false],
    ['Abcdefgh!', false],
    ['Abcdefgh1', false],
  ])('%s → %s', (password, expected) => {
    expect(meetsPasswordRules(password)).toBe(expected);
  });
});

describe('screen route table', () => {
  it('finds parameterised routes and denies unknown ones', () => {
    expect(findScreenRoute('/adherents/42')?.path).toBe('/adherents/:id');
    expect(findScreenRoute('/home/')?.path).toBe('/home');
    expect(findScreenRoute('/nowhere')).toBeUndefined();
    expect(findScreenRoute('/adherents/')).toBeUndefined();
  });

  it('matches the specification for the routes of both documents', () => {
    const access = (path: string) => findScreenRoute(path)?.access;
    expect(access('/login')).toBe('permit');
    expect(access('/Assistance')).toBe('permit');
    // The centre's staff confirm a sign-in code too (issue 20, not in the specification).
    expect(access('/user/confirm')).toEqual(['ROLE_PARTICIPANT', 'ROLE_OPERATOR']);
    expect(access('/bilansCorrespondant')).toEqual(['ROLE_CORRESPONDANT']);
    expect(access('/fiche/liste')).toEqual(['ROLE_ADMIN', 'ROLE_PARTICIPANT']);
    expect(new Set(SCREEN_ROUTES.map((route) => route.path)).size).toBe(SCREEN_ROUTES.length);
  });
});

describe('spreadsheet text (CSV injection)', () => {
  it('tells formula-like texts by their first character', () => {
    for (const text of ['=1+1', '+33 6 12', '-2', '@SUM(A1)', '\t=1', '\r=1'])
      expect(startsLikeFormula(text), JSON.stringify(text)).toBe(true);
    for (const text of ['Dupont', ' =1', "D'Artagnan", 'Jean-Pierre', '', '1=1'])
      expect(startsLikeFormula(text), JSON.stringify(text)).toBe(false);
  });

  it('prefixes a formula-like CSV field with a single quote and quotes it when needed', () => {
    expect(csvField('Dupont')).toBe('Dupont');
    expect(csvField('=HYPERLINK("http://x";"clic")')).toBe('"\'=HYPERLINK(""http://x"";""clic"")"');
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('ligne\nsuivante')).toBe('"ligne\nsuivante"');
  });
});

describe('person name', () => {
  it('writes LAST NAME First name, upper-casing the last name and squeezing spaces', () => {
    expect(formatPersonName('Dupont', 'Claire')).toBe('DUPONT Claire');
    expect(formatPersonName('  de la   Tour ', ' Jean  Pierre ')).toBe('DE LA TOUR Jean Pierre');
    expect(formatPersonName('Lefèvre', 'Élise')).toBe('LEFÈVRE Élise');
  });

  it('leaves no stray space when a part is missing', () => {
    expect(formatPersonName('MARTIN', '')).toBe('MARTIN');
    expect(formatPersonName(null, 'Jeanne')).toBe('Jeanne');
    expect(formatPersonName(undefined, undefined)).toBe('');
  });
});
