import { describe, expect, it } from 'vitest';
import { isAddressComplete } from '../src/rules/participant';

const PARTS = [
  ['street', 'streetName'],
  ['postal code', 'postalCode'],
  ['locality', 'locality'],
] as const;
const complete = { streetName: 'de la Paix', postalCode: '75002', locality: 'Paris' };

describe('address completeness (docs/participants.md#detail): an address the centre can post a letter to', () => {
  it('an address with a street, a postal code and a locality is complete', () => {
    expect(isAddressComplete(complete)).toBe(true);
  });

  it.each(PARTS)('an address without a %s is not complete', (_, part) => {
    expect(isAddressComplete({ ...complete, [part]: null })).toBe(false);
    expect(isAddressComplete({ ...complete, [part]: undefined })).toBe(false);
  });

  it.each(PARTS)('an address whose %s is empty or only spaces is not complete', (_, part) => {
    expect(isAddressComplete({ ...complete, [part]: '' })).toBe(false);
    expect(isAddressComplete({ ...complete, [part]: ' \t ' })).toBe(false);
  });

  it('an address with nothing at all is not complete', () => {
    expect(isAddressComplete({})).toBe(false);
  });

  it('one character in each part is enough (the rule asks for presence, not a format)', () => {
    expect(isAddressComplete({ streetName: 'A', postalCode: '1', locality: 'Y' })).toBe(true);
  });

  it('spaces around a part do not make it incomplete', () => {
    expect(isAddressComplete({ streetName: ' de la Paix ', postalCode: ' 75002', locality: 'Paris ' })).toBe(
      true,
    );
  });
});
