import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SCREEN_ROUTES } from '@portail/contract/routes';
import { describe, expect, it } from 'vitest';
import en from './en_EN.json';
import fr from './fr_FR.json';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const frKeys = flatten(fr);
const enKeys = flatten(en);
const namespaces = new Set(Object.keys(fr));

/** A key used in code exists as is, or as the plural forms i18next looks up with `count`. */
function exists(keys: Map<string, string>, key: string): boolean {
  return keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Every quoted literal shaped like a key of one of the catalogue's namespaces: `t('auth.connected')`,
 * but also keys handed to `notify(...)`, `logout(...)` or kept in objects.
 */
function keysUsedInSources(): Map<string, string> {
  const used = new Map<string, string>();
  const root = join(import.meta.dirname, '..');
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/'([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)'/g)) {
      const key = match[1] ?? '';
      if (namespaces.has(key.split('.')[0] ?? '')) used.set(key, file);
    }
  }
  return used;
}

describe('translation catalogues', () => {
  it('have the same keys in French and English', () => {
    expect([...frKeys.keys()].filter((key) => !enKeys.has(key))).toEqual([]);
    expect([...enKeys.keys()].filter((key) => !frKeys.has(key))).toEqual([]);
  });

  it('have no empty text', () => {
    const empty = [...frKeys, ...enKeys].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('translate every key the sources use', () => {
    const used = keysUsedInSources();
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(([key]) => !exists(frKeys, key) || !exists(enKeys, key));
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });

  it('translate the title of every screen of the route table', () => {
    const missing = SCREEN_ROUTES.map((route) => route.titleKey).filter(
      (key) => !frKeys.has(key) || !enKeys.has(key),
    );
    expect(missing).toEqual([]);
  });

  it('translate the keys built at run time', () => {
    const dynamic = [
      // Business messages of the sign-in steps (errorCode of ciemException.messages).
      'messages.tentative.1',
      'messages.tentative.2',
      'messages.tentative.3',
      'messages.code.expired',
      'messages.code.throttled',
      'messages.user.locked',
      // login.{error_description} (docs/interface-conventions.md#server-messages).
      'login.tentative.1',
      'login.tentative.2',
      'login.tentative.3',
      // Parts of the duration field.
      'duration.hours',
      'duration.minutes',
      'duration.seconds',
    ];
    expect(dynamic.filter((key) => !frKeys.has(key) || !enKeys.has(key))).toEqual([]);
  });

  it('keep the French texts the specification gives', () => {
    expect(frKeys.get('errors.required')).toBe('Élément obligatoire');
    expect(frKeys.get('auth.accessDenied')).toBe(
      "Vos habilitations ne permettent pas d'accéder à cette fonction",
    );
    expect(frKeys.get('auth.loginRequired')).toBe('Veuillez vous connecter pour accéder à cette fonction');
    expect(frKeys.get('auth.tokenException')).toBe(
      "La connexion n'est plus active, veuillez vous reconnecter.",
    );
    expect(frKeys.get('login.tentative.1')).toBe('Mot de passe incorrect. Il vous reste 2 tentatives');
    expect(frKeys.get('http.403')).toBe("Vos habilitations ne vous permettent pas d'exécuter cette action");
    expect(frKeys.get('http.404')).toBe('Ressource non trouvée');
    expect(frKeys.get('http.500')).toBe('Une erreur serveur est survenue');
  });
});
