/** Shows only the last two digits of a phone number: `06 •• •• •• 78` becomes `** ** ** ** 78`. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return '••';
  return `${'•'.repeat(digits.length - 2)}${digits.slice(-2)}`.replace(/(.{2})(?=.)/g, '$1 ');
}
