import type { Commune, Random } from './random';
import { FRANCE, STREET_TYPE_IDS } from './reference';

export interface AddressValues {
  line1: string | null;
  line2: string | null;
  line3: string | null;
  streetNumber: string | null;
  streetTypeId: number | null;
  streetName: string | null;
  line5: string | null;
  postalCode: string | null;
  locality: string | null;
  countryId: number | null;
}

export type PrefixedAddress<P extends string> = {
  [K in keyof AddressValues as `${P}${Capitalize<K>}`]: AddressValues[K];
};

const STREET_NAMES = [
  'de la République',
  'Victor Hugo',
  'Jean Jaurès',
  'du Général de Gaulle',
  'Pasteur',
  'des Lilas',
  'de la Gare',
  'du Moulin',
  'Gambetta',
  'de Verdun',
  'des Écoles',
  'Carnot',
  'de la Liberté',
  'Émile Zola',
  'des Tilleuls',
] as const;

/** A plausible French street address in a real commune. */
export function randomAddress(random: Random, commune: Commune): AddressValues {
  return {
    line1: null,
    line2: random.chance(0.15) ? `Bâtiment ${random.pick(['A', 'B', 'C'])}` : null,
    line3: random.chance(0.05) ? `Lieu-dit ${random.pick(['Les Prés', 'La Croix', 'Le Bourg'])}` : null,
    streetNumber: String(random.int(1, 180)),
    streetTypeId: random.pick(STREET_TYPE_IDS),
    streetName: random.pick(STREET_NAMES),
    line5: null,
    postalCode: commune.postalCode,
    locality: commune.locality,
    countryId: FRANCE,
  };
}

const ADDRESS_KEYS = [
  'line1',
  'line2',
  'line3',
  'streetNumber',
  'streetTypeId',
  'streetName',
  'line5',
  'postalCode',
  'locality',
  'countryId',
] as const satisfies readonly (keyof AddressValues)[];
const prefixedKeys = new Map<string, string[]>();

/** The address as the prefixed columns of its owner row (`geoPostalCode`, `addressLocality`, ...). */
export function prefixAddress<P extends string>(prefix: P, address: AddressValues): PrefixedAddress<P> {
  let names = prefixedKeys.get(prefix);
  if (!names) {
    names = ADDRESS_KEYS.map((key) => `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}`);
    prefixedKeys.set(prefix, names);
  }
  const out: Record<string, unknown> = {};
  ADDRESS_KEYS.forEach((key, i) => {
    out[names[i] ?? key] = address[key];
  });
  return out as PrefixedAddress<P>;
}
