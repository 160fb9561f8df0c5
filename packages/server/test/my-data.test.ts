import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, DocumentReference } from '@medplum/fhirtypes';
import { errorReply } from '@portail/contract/schemas/common';
import { MY_DATA_LIMIT, MY_DATA_MESSAGES } from '@portail/contract/schemas/my-data';
import { parse } from 'csv-parse/sync';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, auditLog, documentContents, documents, users } from '../src/db/schema';
import { checkAgainstDefinitions } from '../src/features/integration/fhir-definitions';
import { accountOf, headersOf, participantIdOf } from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';
import {
  buildArchive,
  entriesOf,
  entryDatesOf,
  filesOf,
  forgetArchives,
  readEntry,
  text,
} from './my-data-fixtures';

/**
 * Issue 23, "My data": a participant takes away everything the portal holds about them in one ZIP,
 * encrypted by a password they type or plain, limited to a few a day, audited.
 */
let ctx: TestContext;
let mine: number;
const PASSWORD = 'Sésame ouvre-toi 42!';
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await participantIdOf(ctx, 'participant.dmc');
  // The demo's documents share their PDFs: each one gets bytes of its own, so a file tells which it is.
  const db = ctx.database.db;
  for (const participantId of [mine, await participantIdOf(ctx, 'participant.en')]) {
    const rows = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.participantId, participantId));
    for (const row of rows)
      await db
        .update(documentContents)
        .set({ content: new TextEncoder().encode(`%PDF-1.7\n% document ${row.id}\n%%EOF\n`) })
        .where(eq(documentContents.documentId, row.id));
  }
});
afterAll(async () => ctx.close());
beforeEach(async () => forgetArchives(ctx));

/** The participant's documents the lists show, with their stored bytes. */
async function shownDocuments(participantId: number) {
  const rows = await ctx.database.db
    .select({ id: documents.id, availableFrom: documents.availableFrom, content: documentContents.content })
    .from(documents)
    .innerJoin(documentContents, eq(documentContents.documentId, documents.id))
    .where(and(eq(documents.participantId, participantId), eq(documents.active, true)))
    .orderBy(asc(documents.id));
  const now = Date.now();
  return rows.filter((row) => row.availableFrom === null || row.availableFrom.getTime() <= now);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** Debian's Info-ZIP `unzip`, when installed: an independent reader of the archive. */
const unzip = ['/usr/bin/unzip', '/bin/unzip'].find((path) => existsSync(path)) ?? null;
function unzipOutput(zip: Uint8Array, options: string[], entries: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'my-data-'));
  try {
    const path = join(dir, 'archive.zip');
    writeFileSync(path, zip);
    return execFileSync(unzip ?? 'unzip', [...options, path, ...entries], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the archive of participant.dmc, with a password', () => {
  let zip: Uint8Array;
  let files: Map<string, Uint8Array>;
  beforeAll(async () => {
    await forgetArchives(ctx);
    const reply = await buildArchive(ctx, { motDePasse: PASSWORD, langue: 'fr_FR' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    zip = new Uint8Array(reply.rawPayload);
    files = await filesOf(zip, PASSWORD);
  });

  it('encrypts every entry, which opens with the password and neither without it nor with another', async () => {
    const entries = await entriesOf(zip);
    expect(entries.length).toBeGreaterThan(5);
    expect(entries.every((entry) => entry.encrypted && entry.aesStrength === 3)).toBe(true);
    await expect(readEntry(zip, 'dossier.json')).rejects.toThrow();
    await expect(readEntry(zip, 'dossier.json', 'Mauvais mot de passe 99')).rejects.toThrow();
    expect(JSON.parse(await readEntry(zip, 'dossier.json', PASSWORD)).dossier.numero).toBe(mine);
  });

  it.skipIf(!unzip)('is a ZIP Debian’s unzip reads: it lists every entry (it cannot decrypt AES)', () => {
    const listing = unzipOutput(zip, ['-l']);
    for (const name of files.keys()) expect(listing).toContain(name);
  });

  it('opens the README first, in French, saying what each file is', () => {
    const names = [...files.keys()];
    expect(names[0]).toBe('README.txt');
    const readme = text(files.get('README.txt'));
    for (const file of [
      'dossier.json',
      'fhir-bundle.json',
      'documents/',
      'fiches/',
      'rendez-vous.ics',
      'activite.csv',
    ])
      expect(readme).toContain(file);
    expect(readme).toContain('chiffrée (AES-256)');
  });

  it('holds the record and account as readable JSON, without secrets nor anyone else', async () => {
    const raw = text(files.get('dossier.json'));
    expect(raw).toContain('\n  "compte": {');
    const record = JSON.parse(raw);
    const account = await accountOf(ctx, 'participant.dmc');
    expect(record.compte.email).toBe(account.email);
    expect(record.compte.identifiant).toBe('participant.dmc');
    expect(record.dossier.numero).toBe(mine);
    expect(record.dossier.identite.nom).toEqual(expect.any(String));
    expect(record.dossier.identite.civilite).toEqual(expect.any(String));
    expect(record.dossier.adresse.pays).toEqual(expect.any(String));
    expect(record.dossier.professionnel.etablissement).toEqual(expect.any(String));
    expect(record.consentements.dossierMedicalEnLigne).toBe('ACCEPTED');
    expect(record.bilans).toEqual(expect.any(Array));
    expect(record.preferences.langueDeCetteArchive).toBe('fr');
    expect(raw).not.toMatch(/password|motDePasse|hash|secret(?!ariat)|argon|token|gestionnaire/i);
    // Every date of the file is an instant (ISO 8601, UTC), the last sign-in too.
    const [stored] = await ctx.database.db
      .select({ at: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, account.userId));
    expect(record.compte.derniereConnexion).toBe(stored?.at?.toISOString());
    expect(record.compte.dateCreation).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('holds every document the lists show, byte for byte, and no held or withdrawn one', async () => {
    const shown = await shownDocuments(mine);
    expect(shown.length).toBeGreaterThan(0);
    const archived = [...files.entries()].filter(
      ([name]) => name.startsWith('documents/') && !name.startsWith('documents/annexes/'),
    );
    expect(archived).toHaveLength(shown.length);
    for (const document of shown)
      expect(
        archived.some(([, bytes]) => sameBytes(bytes, document.content)),
        `document ${document.id}`,
      ).toBe(true);
    expect(new Set(archived.map(([name]) => name.toLowerCase())).size).toBe(archived.length);
  });

  it('holds the advice sheets as PDF files', () => {
    const sheets = [...files.keys()].filter((name) => name.startsWith('fiches/'));
    expect(sheets.length).toBeGreaterThan(0);
    for (const name of sheets) expect(text(files.get(name)?.slice(0, 5))).toBe('%PDF-');
    // "Consommation d'alcool : les repères": the apostrophe stays (typographic), the colon goes.
    expect(sheets).toContain('fiches/Consommation d’alcool les repères.pdf');
  });

  it('dates every entry at the Paris time README.txt gives, as a DOS time without a UTC timestamp', async () => {
    const built = /Archive créée le (\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}) \(heure de Paris\)/.exec(
      text(files.get('README.txt')),
    );
    if (!built) throw new Error('README.txt gives no date');
    const [, year, month, day, hour, minute] = built.map(Number);
    const readme = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute);
    const dates = await entryDatesOf(zip);
    expect(dates.length).toBe(files.size);
    for (const entry of dates) {
      expect(entry.extendedTimestamp, entry.name).toBe(false);
      // The DOS fields are the wall clock (read as written, whatever this machine's zone); DOS times
      // count in 2 seconds, rounded up: at most one minute after the README's.
      const { year: y, month: m, day: d, hour: h, minute: min } = entry.dos;
      const wall = Date.UTC(y, m - 1, d, h, min);
      expect(wall - readme, entry.name).toBeGreaterThanOrEqual(0);
      expect(wall - readme, entry.name).toBeLessThanOrEqual(60_000);
    }
  });

  it('holds a FHIR R4 collection Bundle that validates and points at the archive’s files', async () => {
    const bundle = JSON.parse(text(files.get('fhir-bundle.json'))) as Bundle;
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    expect(checkAgainstDefinitions(bundle)).toEqual([]);
    const resources = (bundle.entry ?? []).map((entry) => entry.resource);
    const types = new Set(resources.map((resource) => resource?.resourceType));
    for (const type of ['Patient', 'DocumentReference', 'Appointment', 'EpisodeOfCare', 'Consent'])
      expect(types.has(type as 'Patient'), type).toBe(true);
    expect(resources.find((resource) => resource?.resourceType === 'Patient')?.id).toBe(String(mine));
    const references = resources.filter(
      (resource): resource is DocumentReference => resource?.resourceType === 'DocumentReference',
    );
    const shown = await shownDocuments(mine);
    expect(references.filter((reference) => reference.subject).length).toBe(shown.length);
    for (const reference of references)
      for (const content of reference.content) {
        expect(content.attachment.data).toBeUndefined();
        expect(files.has(decodeURI(content.attachment.url ?? '')), content.attachment.url).toBe(true);
      }
  });

  it('holds every appointment in one calendar that ical.js reads', async () => {
    const stored = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.participantId, mine));
    const calendar = new ICAL.Component(ICAL.parse(text(files.get('rendez-vous.ics'))));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(stored.length);
    expect(events.map((event) => event.getFirstPropertyValue('uid')).sort()).toEqual(
      stored.map((row) => `rdv-${row.id}@portail-bilans.example.com`).sort(),
    );
  });

  it('holds the activity as a CSV for a French spreadsheet (BOM, semicolons): the events My activity lists, newest first', async () => {
    const bytes = files.get('activite.csv') ?? new Uint8Array();
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(text(bytes), { delimiter: ';', bom: true });
    expect(rows[0]).toEqual([
      'Date (heure de Paris)',
      'Événement',
      'Par',
      'Documents',
      'Domaine du destinataire',
      'Parties du dossier modifiées',
      'Navigateur',
    ]);
    const lines = rows.slice(1);
    // The same events as the screen, in its order (the archive was built before this read).
    const screen = await ctx.app.inject({
      method: 'GET',
      url: '/api/participant/activite?size=100',
      headers: await headersOf(ctx, 'participant.dmc', 'participant'),
    });
    const { totalRows } = screen.json<{ totalRows: number }>();
    const signIns = lines.filter((row) => row[1] === 'Connexion');
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.every((row) => row[2] === 'Vous')).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
    // Signing in to read the screen may have added an event since.
    expect(lines.length).toBeLessThanOrEqual(totalRows);
    expect(lines.length).toBeGreaterThanOrEqual(totalRows - 1);
    for (const row of lines) {
      expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(row[1]).not.toMatch(/^[A-Z_]+$/);
    }
    const dates = lines.map((row) => row[0] ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('is recorded in the audit log with its counts', async () => {
    const { userId } = await accountOf(ctx, 'participant.dmc');
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'MY_DATA_EXPORTED')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const shown = await shownDocuments(mine);
    expect(row?.participantId).toBe(mine);
    expect(row?.details).toMatchObject({ documents: shown.length, encrypted: true });
    expect(JSON.stringify(row?.details)).not.toContain(PASSWORD);
  });

  it('is told in My activity as an archive the participant built', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/participant/activite',
      query: { type: 'documents', size: '100' },
      headers: await headersOf(ctx, 'participant.dmc', 'participant'),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const built = reply.json<{ items: { kind: string; actor: { kind: string } }[] }>().items;
    expect(built.find((item) => item.kind === 'dataArchiveBuilt')).toMatchObject({ actor: { kind: 'self' } });
  });
});

describe('what the archive leaves out', () => {
  it('is a plain ZIP without a password, with the English README for an English request', async () => {
    const reply = await buildArchive(ctx, { langue: 'en_EN' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const zip = new Uint8Array(reply.rawPayload);
    expect((await entriesOf(zip)).some((entry) => entry.encrypted)).toBe(false);
    const files = await filesOf(zip);
    expect(text(files.get('README.txt'))).toContain('not encrypted');
    if (unzip) {
      // Info-ZIP tests every entry's CRC: the streamed archive is whole.
      expect(unzipOutput(zip, ['-t'])).toContain('No errors detected');
      expect(unzipOutput(zip, ['-p'], ['dossier.json'])).toContain('"numero"');
    }
    expect(text(files.get('activite.csv'))).toContain(
      'Date (Paris time);Event;By;Documents;Recipient domain',
    );
    // The archives built before this one are in its activity.
    expect(text(files.get('activite.csv'))).toContain('“My data” archive built;You');
  });

  it('leaves out a held document and a withdrawn one, and returns them once released or restored', async () => {
    const [held, withdrawn] = await shownDocuments(mine);
    if (!held || !withdrawn) throw new Error('two documents needed');
    const db = ctx.database.db;
    await db
      .update(documents)
      .set({ availableFrom: new Date(Date.now() + DAY) })
      .where(eq(documents.id, held.id));
    await db.update(documents).set({ active: false }).where(eq(documents.id, withdrawn.id));
    try {
      const files = await filesOf(new Uint8Array((await buildArchive(ctx, { langue: 'fr_FR' })).rawPayload));
      const pdfs = [...files.entries()].filter(([name]) => name.startsWith('documents/'));
      expect(pdfs.some(([, bytes]) => sameBytes(bytes, held.content))).toBe(false);
      expect(pdfs.some(([, bytes]) => sameBytes(bytes, withdrawn.content))).toBe(false);
      const bundle = JSON.parse(text(files.get('fhir-bundle.json'))) as Bundle;
      const ids = (bundle.entry ?? []).map(
        (entry) => `${entry.resource?.resourceType}/${entry.resource?.id}`,
      );
      expect(ids).not.toContain(`DocumentReference/${held.id}`);
      expect(ids).not.toContain(`DocumentReference/${withdrawn.id}`);
    } finally {
      await db.update(documents).set({ availableFrom: null }).where(eq(documents.id, held.id));
      await db.update(documents).set({ active: true }).where(eq(documents.id, withdrawn.id));
    }
  });

  it('holds nothing of another participant', async () => {
    const other = await participantIdOf(ctx, 'participant.en');
    const theirs = await ctx.database.db
      .select({ id: documents.id, content: documentContents.content })
      .from(documents)
      .innerJoin(documentContents, eq(documentContents.documentId, documents.id))
      .where(and(eq(documents.participantId, other), ne(documents.participantId, mine)));
    const otherAccount = await accountOf(ctx, 'participant.en');
    const files = await filesOf(new Uint8Array((await buildArchive(ctx, { langue: 'fr_FR' })).rawPayload));
    const all = [...files.values()];
    for (const document of theirs)
      expect(
        all.some((bytes) => sameBytes(bytes, document.content)),
        `document ${document.id}`,
      ).toBe(false);
    const texts = ['dossier.json', 'fhir-bundle.json', 'activite.csv'].map((name) => text(files.get(name)));
    for (const content of texts) {
      expect(content).not.toContain(`Patient/${other}"`);
      if (otherAccount.email) expect(content).not.toContain(otherAccount.email);
    }
  });

  it('holds no document nor sheet when the medical record is not accepted, and says why', async () => {
    const reply = await buildArchive(ctx, { langue: 'fr_FR' }, 'participant.sansdmc');
    expect(reply.statusCode, reply.body).toBe(200);
    const files = await filesOf(new Uint8Array(reply.rawPayload));
    expect(
      [...files.keys()].filter((name) => name.startsWith('documents/') || name.startsWith('fiches/')),
    ).toEqual([]);
    expect(text(files.get('README.txt'))).toContain('pas accepté le dossier médical en ligne');
    const bundle = JSON.parse(text(files.get('fhir-bundle.json'))) as Bundle;
    expect(checkAgainstDefinitions(bundle)).toEqual([]);
    expect((bundle.entry ?? []).some((entry) => entry.resource?.resourceType === 'DocumentReference')).toBe(
      false,
    );
    expect(JSON.parse(text(files.get('dossier.json'))).dossier.numero).toBe(
      await participantIdOf(ctx, 'participant.sansdmc'),
    );
  });
});

describe('refusals', () => {
  it('refuses a short or easily guessed password with a field error, and counts nothing', async () => {
    const short = await buildArchive(ctx, { motDePasse: 'court', langue: 'fr_FR' });
    expect(short.statusCode).toBe(400);
    expect(errorReply.parse(short.json()).fieldErrors?.[0]?.field).toBe('motDePasse');
    const guessed = await buildArchive(ctx, { motDePasse: 'participant.dmc', langue: 'fr_FR' });
    expect(guessed.statusCode).toBe(400);
    expect(errorReply.parse(guessed.json()).fieldErrors).toEqual([
      expect.objectContaining({ field: 'motDePasse', defaultMessage: 'errors.passwordFaible' }),
    ]);
    for (let i = 0; i < MY_DATA_LIMIT; i++)
      expect((await buildArchive(ctx, { langue: 'fr_FR' })).statusCode).toBe(200);
  });

  it(`answers 429 with Retry-After after ${MY_DATA_LIMIT} archives in a day, per account`, async () => {
    for (let i = 0; i < MY_DATA_LIMIT; i++)
      expect((await buildArchive(ctx, { langue: 'fr_FR' })).statusCode).toBe(200);
    const refused = await buildArchive(ctx, { langue: 'fr_FR' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(errorReply.parse(refused.json()).message).toBe(MY_DATA_MESSAGES.limit);
    expect((await buildArchive(ctx, { langue: 'fr_FR' }, 'participant.en')).statusCode).toBe(200);
  });

  it('writes one archive at a time per account: a second request meanwhile is told to wait', async () => {
    const replies = await Promise.all([
      buildArchive(ctx, { langue: 'fr_FR' }),
      buildArchive(ctx, { langue: 'fr_FR' }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 429]);
    const refused = replies.find((reply) => reply.statusCode === 429);
    expect(errorReply.parse(refused?.json()).message).toBe(MY_DATA_MESSAGES.busy);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Once written, the next one is welcome (the lock went before the archive's end reached the client).
    expect((await buildArchive(ctx, { langue: 'fr_FR' })).statusCode).toBe(200);
  });

  it.each([
    ['corr.etablissement', 'correspondant'],
    ['admin', 'staff'],
  ] as const)('refuses %s (403)', async (login, kind) => {
    const reply = await buildArchive(ctx, { langue: 'fr_FR' }, login, kind);
    expect(reply.statusCode).toBe(403);
  });

  it('refuses an anonymous caller (401)', async () => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/user/mesDonnees', payload: {} });
    expect(reply.statusCode).toBe(401);
  });

  it('takes the participant’s headers only: no id to reach another record', async () => {
    const headers = await headersOf(ctx, 'participant.dmc');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/mesDonnees',
      headers,
      payload: { langue: 'fr_FR', idParticipant: await participantIdOf(ctx, 'participant.en') },
    });
    expect(reply.statusCode).toBe(200);
    const record = JSON.parse(text((await filesOf(new Uint8Array(reply.rawPayload))).get('dossier.json')));
    expect(record.dossier.numero).toBe(mine);
  });
});
