import { type CountryCode, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * French overseas departments dial like metropolitan France (0 + nine digits) but carry their own
 * calling codes: a participant's `0690…` (Guadeloupe) or `0692…` (La Réunion) mobile is only valid
 * read as one of them. Metropolitan France is tried first.
 */
const NATIONAL_REGIONS: readonly CountryCode[] = ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT', 'PM'];

// Fixed-line-or-mobile: countries (the United States, Canada...) whose numbering does not tell them apart.
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** The longest text worth parsing: an E.164 number has 15 digits, typed forms add spaces and dots. */
const MAX_LENGTH = 40;

function parseAsMobile(text: string, region: CountryCode): PhoneNumber | undefined {
  // `extract: false`: the whole text must be the number, not merely contain one.
  const phone = parsePhoneNumberFromString(text, { defaultCountry: region, extract: false });
  if (!phone?.isValid()) return undefined;
  const type = phone.getType();
  return type && MOBILE_TYPES.has(type) ? phone : undefined;
}

/**
 * The mobile number in E.164 (`+33612345678`), or null when the text is not a valid mobile number.
 * Accepts national French forms (`06 12 34 56 78`), `+33…`, `0033…` and international numbers;
 * uses the full (`max`) metadata, the only one that tells a mobile from a landline.
 */
export function normaliseMobile(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_LENGTH) return null;
  // The international prefix typed the French way (0033 6…) is the `+` of E.164.
  const international = trimmed.replace(/^00/, '+');
  if (international.startsWith('+')) return parseAsMobile(international, 'FR')?.number ?? null;
  for (const region of NATIONAL_REGIONS) {
    const phone = parseAsMobile(international, region);
    if (phone) return phone.number;
  }
  return null;
}

export function isValidMobile(text: string): boolean {
  return normaliseMobile(text) !== null;
}
