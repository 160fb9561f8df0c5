import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IMPORT_ERRORS, IMPORT_NOTICES } from '@portail/contract/rules/participant-import';
import { CONTROL_CHARACTER_ERROR } from '@portail/contract/rules/text';
import { ACCOUNT_MESSAGES } from '@portail/contract/schemas/account';
import { CORRESPONDANT_ERRORS, CORRESPONDANT_MESSAGES } from '@portail/contract/schemas/correspondants';
import { HOME_MESSAGES } from '@portail/contract/schemas/home';
import { MUTATION_FIELD_ERRORS, MUTATION_MESSAGES } from '@portail/contract/schemas/mutations';
import { NOTIFICATION_MESSAGES } from '@portail/contract/schemas/notifications';
import { PARTICIPANT_MESSAGES } from '@portail/contract/schemas/participants';
import { describe, expect, it } from 'vitest';

const web = resolve(import.meta.dirname, '../../web/src/i18n');
const catalogues = ['fr_FR.json', 'en_EN.json'].map((file) => ({
  file,
  data: JSON.parse(readFileSync(join(web, file), 'utf8')) as Record<string, unknown>,
}));

function has(tree: Record<string, unknown>, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.length > 0;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every message key the server can send must be translated in both languages: HTTP error keys as
 * they are, business message codes under `messages.`.
 */
describe('server message keys', () => {
  const text = sources(resolve(import.meta.dirname, '../src'))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  const plain = new Set(
    [...text.matchAll(/'((?:errors|http|auth|notify)\.[A-Za-z0-9_.]+)'/g)].map((match) => match[1] ?? ''),
  );
  const business = new Set(
    [
      ...text.matchAll(/(?:errorMessage|warnMessage|infoMessage)\('([\w.]+)'/g),
      ...text.matchAll(/errorCode: '([\w.]+)'/g),
    ].map((match) => `messages.${match[1] ?? ''}`),
  );
  // Codes the contract names for the server (and the web) to use.
  const contract = [
    ...Object.values(PARTICIPANT_MESSAGES),
    ...Object.values(HOME_MESSAGES),
    ...Object.values(CORRESPONDANT_MESSAGES),
    ...Object.values(ACCOUNT_MESSAGES),
    ...Object.values(MUTATION_MESSAGES),
  ].map((code) => `messages.${code}`);
  // Refusal keys the contract names (`message` of an error reply), translated as they are.
  const refusals = [
    ...Object.values(CORRESPONDANT_ERRORS),
    ...Object.values(MUTATION_FIELD_ERRORS),
    // What reading an imported participant file can answer, on the file or on a cell.
    ...Object.values(IMPORT_ERRORS),
    // The notices of the check, on a cell.
    ...Object.values(IMPORT_NOTICES),
    CONTROL_CHARACTER_ERROR,
    // The notification preferences' field errors and their saved notice.
    ...Object.values(NOTIFICATION_MESSAGES),
  ];
  const keys = [...plain, ...business, ...contract, ...refusals].filter((key) => !key.endsWith('.'));

  it('finds the keys it checks', () => {
    expect(keys).toEqual(
      expect.arrayContaining(['auth.tokenException', 'http.403', 'messages.code.expired']),
    );
  });

  it.each(catalogues)('$file translates every one', ({ data }) => {
    expect(keys.filter((key) => !has(data, key))).toEqual([]);
  });
});
