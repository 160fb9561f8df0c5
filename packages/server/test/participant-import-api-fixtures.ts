import {
  type ImportCheckReply,
  type ImportStatusReply,
  importCheckReply,
  importStatusReply,
} from '@portail/contract/schemas/participant-import';
import { expect } from 'vitest';
import type { TestContext } from './helper';
import { csvText, personRow } from './participant-import-fixtures';
import { headersOf } from './participants-fixtures';

/** Set-up of the participant-import-*.test.ts files that call the API: files, check, run, wait. */

export const IMPORT_URL = '/api/adherentsCorrespondant/import';

/** A CSV (UTF-8) of these rows, each a record by French header; the headers are the union of the rows'. */
export function csvOf(rows: readonly Record<string, string>[]): Uint8Array {
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return new TextEncoder().encode(
    csvText(
      headers,
      rows.map((row) => headers.map((h) => row[h] ?? '')),
    ),
  );
}

let serial = 0;
/** A valid row of a person no other test file names: a fresh last name per call. */
export function freshRow(overrides: Record<string, string> = {}): Record<string, string> {
  serial++;
  const n = `${process.pid % 1000}x${serial}`;
  return { ...personRow(serial), Nom: `Importe${String.fromCharCode(65 + (serial % 26))}${n}`, ...overrides };
}

export async function postCheck(
  ctx: TestContext,
  bytes: Uint8Array,
  options: { login?: string; fileName?: string; kind?: 'correspondant' | 'participant' } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: IMPORT_URL,
    headers: await headersOf(ctx, options.login ?? 'corr.etablissement', options.kind ?? 'correspondant'),
    payload: {
      nomFichier: options.fileName ?? 'salaries.csv',
      fichier: Buffer.from(bytes).toString('base64'),
      langue: 'fr_FR',
    },
  });
}

export async function checked(
  ctx: TestContext,
  bytes: Uint8Array,
  login?: string,
): Promise<ImportCheckReply> {
  const reply = await postCheck(ctx, bytes, login ? { login } : {});
  expect(reply.statusCode, reply.body).toBe(200);
  return importCheckReply.parse(reply.json());
}

export async function run(ctx: TestContext, id: string, mettreAJour = false, login = 'corr.etablissement') {
  return ctx.app.inject({
    method: 'POST',
    url: `${IMPORT_URL}/${id}/executer`,
    headers: await headersOf(ctx, login),
    payload: { mettreAJour },
  });
}

export async function statusOf(ctx: TestContext, id: string, login = 'corr.etablissement') {
  return ctx.app.inject({ method: 'GET', url: `${IMPORT_URL}/${id}`, headers: await headersOf(ctx, login) });
}

/** Polls the import until its rows are written and, with `mails`, its links handed over. */
export async function finished(
  ctx: TestContext,
  id: string,
  options: { mails?: boolean; timeoutMs?: number; login?: string } = {},
): Promise<ImportStatusReply> {
  const until = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const reply = await statusOf(ctx, id, options.login);
    expect(reply.statusCode, reply.body).toBe(200);
    const status = importStatusReply.parse(reply.json());
    const rowsDone = status.state === 'done' || status.state === 'failed';
    if (rowsDone && (!options.mails || status.activationsQueued === 0)) return status;
    if (Date.now() > until) throw new Error(`import ${id} still ${status.state}: ${reply.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
