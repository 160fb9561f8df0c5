/**
 * Shows only the last two digits of a phone number, in pairs counted from the end so that the two
 * digits shown stay together: `06 12 34 56 78` → `•• •• •• •• 78`, `+33 6 12 34 56 78` →
 * `• •• •• •• •• 78`.
 */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return '••';
  return `${'•'.repeat(digits.length - 2)}${digits.slice(-2)}`.replace(/(?!^)(?=(?:.{2})+$)/g, ' ');
}
