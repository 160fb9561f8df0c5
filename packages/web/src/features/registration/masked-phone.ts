import { maskPhone } from '@portail/contract/rules/phone';

/**
 * A mobile as registration shows it (docs/activation.md#code-by-text): masked but for the last two digits. The server sends
 * it masked already; a number that would still carry more digits is masked here. The groups are
 * joined by no-break spaces, so that a narrow screen does not split the number across lines.
 */
export function maskedPhone(phone: string | null): string | null {
  if (!phone) return null;
  const masked = phone.replace(/\D/g, '').length > 2 ? maskPhone(phone) : phone;
  return masked.replace(/ /g, '\u00a0');
}
