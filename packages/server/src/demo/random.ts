import { createRequire } from 'node:module';
import { base, en, Faker, fr } from '@faker-js/faker';
import { PARIS_REGION_PREFIXES } from '@portail/contract/constants';

/**
 * Everything random in the demo comes from here, seeded: a French faker for names and words, and a
 * small fast generator (mulberry32) for the millions of numeric draws of a large run. A private
 * Faker instance, rather than the shared `fakerFR`, keeps other code in the process from moving the
 * sequence.
 */
export class Random {
  readonly faker: Faker;
  private state: number;

  constructor(seed: number) {
    this.faker = new Faker({ locale: [fr, en, base] });
    this.faker.seed(seed);
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /** French number in the displayed form `06 12 34 56 78`. */
  phone(prefix: string): string {
    const d = this.digits(8);
    return `${prefix} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6, 8)}`;
  }

  /** A mobile number of a range that is allocated (06 1x–8x, 07 3x–9x), so it passes the mobile check. */
  mobile(): string {
    const french06 = this.chance(0.8);
    const [first = '0', ...rest] = this.digits(8);
    const lead = french06 ? 1 + (Number(first) % 8) : 3 + (Number(first) % 7);
    const d = `${lead}${rest.join('')}`;
    return `${french06 ? '06' : '07'} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6, 8)}`;
  }
}

/** Upper case without accents: the stored form of a participant's last name (docs/participants.md#form-rules). */
export { normaliseLastName } from '@portail/contract/rules/participant';

/** Lower-case ASCII letters and dots, for logins and e-mail addresses. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/** E-mail domains reserved for examples (RFC 2606), so that demo data can never mail a real person. */
export const MAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

export interface Commune {
  postalCode: string;
  /** The postal routing name (libellé d'acheminement), as addresses print it. */
  locality: string;
  /** The commune's own name, for display. */
  name: string;
}

interface PostalEntry {
  codePostal: string;
  nomCommune: string;
  libelleAcheminement: string;
}

// codes-postaux is CommonJS without type declarations: load it through require and type its one call.
const codesPostaux = createRequire(import.meta.url)('codes-postaux') as {
  find(postalCode: string): PostalEntry[];
};

/**
 * Real postal codes and their communes, drawn from the national file. Half come from the Paris
 * region, where the centre's clients concentrate, so both origins (Paris, Province) are common.
 */
export function communePool(random: Random, size: number): Commune[] {
  const pool: Commune[] = [];
  const seen = new Set<string>();
  let tries = 0;
  while (pool.length < size && tries < size * 400) {
    tries++;
    const department = random.chance(0.5)
      ? random.pick(PARIS_REGION_PREFIXES)
      : String(random.int(1, 95)).padStart(2, '0');
    const code = `${department}${random.int(0, 9)}${random.int(0, 9)}0`;
    if (seen.has(code)) continue;
    const entries = codesPostaux.find(code);
    if (entries.length === 0) continue;
    seen.add(code);
    const entry = random.pick(entries);
    pool.push({ postalCode: entry.codePostal, locality: entry.libelleAcheminement, name: entry.nomCommune });
  }
  return pool;
}
