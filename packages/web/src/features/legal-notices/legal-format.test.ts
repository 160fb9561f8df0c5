import { describe, expect, it } from 'vitest';
import { telHref } from '../../components/contact-links';
import { centreFixture } from '../../test/centre-fixture';
import { contactEmail, formatRate, formatSiret, formatStatementDate, supportEmail } from './legal-format';

describe('legal pages formatting', () => {
  it('prints a SIRET as SIREN in groups of three, then the NIC', () => {
    expect(formatSiret('12345678900012')).toBe('123 456 789 00012');
    // Anything else is shown as configured rather than cut wrongly.
    expect(formatSiret('1234')).toBe('1234');
  });

  it('formats the audit date by language', () => {
    expect(formatStatementDate('2026-11-20', 'fr_FR')).toBe('20/11/2026');
    expect(formatStatementDate('2026-03-05', 'en_EN')).toBe('5 March 2026');
  });

  it('formats the conformity rate with each language’s spacing and decimal sign', () => {
    // A no-break space before the sign; which one depends on the ICU data of the runtime.
    expect(formatRate(86, 'fr_FR')).toMatch(/^86[\u00a0\u202f]%$/);
    expect(formatRate(86.5, 'fr_FR')).toMatch(/^86,5[\u00a0\u202f]%$/);
    expect(formatRate(86.5, 'en_EN')).toBe('86.5%');
  });

  it('finds the departments’ addresses, with a fallback for the support', () => {
    expect(contactEmail(centreFixture(), 'protectionDonnees')).toBe('dpo@centre.example');
    expect(supportEmail(centreFixture())).toBe('support@centre.example');
    const withoutSupport = centreFixture({
      contacts: [{ service: 'accueil', email: 'accueil@centre.example' }],
    });
    expect(supportEmail(withoutSupport)).toBe('accueil@centre.example');
    expect(contactEmail(withoutSupport, 'protectionDonnees')).toBeNull();
  });

  it('dials the number without its spaces', () => {
    expect(telHref('01 53 00 00 00')).toBe('tel:0153000000');
    expect(telHref('+33 1 53 00 00 00')).toBe('tel:+33153000000');
  });
});
