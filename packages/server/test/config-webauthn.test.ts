import { describe, expect, it } from 'vitest';
import { productionTestConfig, testConfig } from './helper';

describe('the passkeys’ relying party (docs/second-factors.md#settings)', () => {
  it('is PUBLIC_URL’s host name and origin unless set', () => {
    expect(productionTestConfig().webauthn).toEqual({
      rpId: 'portail.example.fr',
      origins: ['https://portail.example.fr'],
      usable: true,
    });
    expect(testConfig({ PORT: '3000' }).webauthn).toMatchObject({
      rpId: 'localhost',
      origins: ['http://localhost:3000'],
    });
  });

  it('accepts origins under the id, and refuses one outside it or an IP address set as the id', () => {
    expect(
      productionTestConfig({
        WEBAUTHN_RP_ID: 'example.fr',
        WEBAUTHN_ORIGINS: 'https://portail.example.fr, https://rdv.example.fr',
      }).webauthn.origins,
    ).toEqual(['https://portail.example.fr', 'https://rdv.example.fr']);
    expect(() => productionTestConfig({ WEBAUTHN_ORIGINS: 'https://portail.example.com' })).toThrow(
      /not under the relying party id/,
    );
    expect(() => productionTestConfig({ WEBAUTHN_ORIGINS: 'not an origin' })).toThrow(/not an origin/);
    expect(() => productionTestConfig({ WEBAUTHN_RP_ID: '192.0.2.10' })).toThrow(/IP address/);
  });

  it('leaves a server reached by its address working, passkeys aside', () => {
    expect(testConfig({ PUBLIC_URL: 'http://127.0.0.1:3310' }).webauthn).toMatchObject({
      rpId: '127.0.0.1',
      usable: false,
    });
  });

  it('requires a correspondant’s second factor in production unless told otherwise, not in the demo', () => {
    expect(productionTestConfig({ CORRESPONDANT_SECOND_FACTOR: 'required' }).correspondantSecondFactor).toBe(
      'required',
    );
    expect(testConfig().correspondantSecondFactor).toBe('optional');
  });
});
