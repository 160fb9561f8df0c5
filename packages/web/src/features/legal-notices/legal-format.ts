import { DATE_FORMAT, type Language } from '@portail/contract/constants';
import type { CentreInfo, ContactService } from '@portail/contract/schemas/assistance';
import { dayjs } from '../../lib/dates';
import { htmlLang } from '../../lib/i18n';

/** SIRET as it is printed: the SIREN in three groups of three digits, then the NIC (`123 456 789 00012`). */
export function formatSiret(siret: string): string {
  const digits = siret.replace(/\D/g, '');
  if (digits.length !== 14) return siret;
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
}

/** An ISO calendar date: DD/MM/YYYY in French, `20 November 2026` in English (no month/day ambiguity). */
export function formatStatementDate(isoDate: string, language: Language): string {
  const date = dayjs(isoDate);
  if (!date.isValid()) return isoDate;
  return language === 'en_EN' ? date.locale('en').format('D MMMM YYYY') : date.format(DATE_FORMAT);
}

/** A share in percent with the language's own spacing and decimal sign (`86,5 %`, `86.5%`). */
export function formatRate(percent: number, language: Language): string {
  return new Intl.NumberFormat(htmlLang(language), { style: 'percent', maximumFractionDigits: 1 }).format(
    percent / 100,
  );
}

/** The e-mail address of a department, when the centre lists one. */
export function contactEmail(centre: CentreInfo, service: ContactService): string | null {
  return centre.contacts.find((contact) => contact.service === service)?.email ?? null;
}

/** The helpline's address: the support's, else the first department the centre lists. */
export function supportEmail(centre: CentreInfo): string {
  return contactEmail(centre, 'support') ?? centre.contacts[0]?.email ?? '';
}
