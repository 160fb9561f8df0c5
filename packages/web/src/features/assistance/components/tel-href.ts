/** A `tel:` link for a number as it is written (`01 53 00 00 00`): digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;
}
