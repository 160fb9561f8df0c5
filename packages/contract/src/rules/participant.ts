import {
  COUNTRY_FRANCE_ID,
  ORIGIN_ABROAD_ID,
  ORIGIN_PARIS_ID,
  ORIGIN_PROVINCE_ID,
  PARIS_REGION_PREFIXES,
} from '../constants';

/** Text without diacritics: `Élodie` → `Elodie`, `Ørsted` stays as NFD cannot split it. */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * The stored form of a last name (docs/participants.md#form-rules): upper case, accents removed, spaces squeezed. It is also
 * the search key of the participant list, so a search term goes through it too.
 */
export function normaliseLastName(text: string): string {
  return stripAccents(text).toUpperCase().trim().replace(/\s+/g, ' ');
}

/** How two first names are compared for duplicates: case, accents, spaces and hyphens ignored. */
export function normaliseFirstName(text: string): string {
  return stripAccents(text)
    .toUpperCase()
    .replace(/[\s\-'’]+/g, ' ')
    .trim();
}

export interface DuplicateIdentity {
  lastName: string;
  firstName: string;
  /** ISO date YYYY-MM-DD. */
  birthDate: string;
}

/**
 * The duplicate rule of re-admission and creation: two participants are the same person when their
 * normalised last name, normalised first name and birth date are equal. Only active participants count
 * as existing duplicates (an inactive homonym is a past membership, not a second one).
 */
export function duplicateKey(person: DuplicateIdentity): string {
  return `${normaliseLastName(person.lastName)}|${normaliseFirstName(person.firstName)}|${person.birthDate}`;
}

export interface OriginInputs {
  practiceCountryId: number | null | undefined;
  addressCountryId: number | null | undefined;
  postalCode: string | null | undefined;
}

const isForeign = (countryId: number | null | undefined) =>
  countryId !== null && countryId !== undefined && countryId !== COUNTRY_FRANCE_ID;

/** True when the origin must be abroad (docs/participants.md#form-rules): the country of practice or of the address is not France. */
export function requiresAbroad(inputs: OriginInputs): boolean {
  return isForeign(inputs.practiceCountryId) || isForeign(inputs.addressCountryId);
}

/**
 * The origin (provenance) set automatically (docs/participants.md#form-rules, docs/interface-conventions.md#constants): abroad (18) for a non-French country;
 * otherwise Paris (17) for a postal code of the Paris region (75, 77, 78, 91–95), Province (16) else.
 */
export function originFor(inputs: OriginInputs): number {
  if (requiresAbroad(inputs)) return ORIGIN_ABROAD_ID;
  const code = (inputs.postalCode ?? '').trim();
  return PARIS_REGION_PREFIXES.some((prefix) => code.startsWith(prefix))
    ? ORIGIN_PARIS_ID
    : ORIGIN_PROVINCE_ID;
}

/** The origin rule as a check: abroad exactly when a country is not France. */
export function isOriginConsistent(originId: number, inputs: OriginInputs): boolean {
  return requiresAbroad(inputs) === (originId === ORIGIN_ABROAD_ID);
}

/**
 * The four check-up types a correspondant may choose (docs/participants.md#form-rules), by their short code (`raccourci`):
 * traditional; traditional expatriate; traditional and gynecology; traditional expatriate and gynecology.
 */
export const CORRESPONDANT_CHECKUP_TYPE_CODES = ['TRAD', 'EXPAT', 'TRADG', 'EXPATG'] as const;

/** The code of the employee category (docs/participants.md#create): the form then shows the establishment. */
export const EMPLOYEE_CATEGORY_CODE = 'SAL';

export interface AddressCompleteness {
  streetName?: string | null;
  postalCode?: string | null;
  locality?: string | null;
}

/**
 * An address the centre can post a letter to has at least a street, a postal code and a locality;
 * otherwise the establishment's address is used (docs/participants.md#create, creation mode).
 */
export function isAddressComplete(address: AddressCompleteness): boolean {
  return [address.streetName, address.postalCode, address.locality].every(
    (part) => typeof part === 'string' && part.trim() !== '',
  );
}
