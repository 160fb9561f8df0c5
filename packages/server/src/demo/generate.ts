import { sql } from 'drizzle-orm';
import { normaliseAnswer } from '../auth/passwords';
import type { Db, DbOrTx } from '../db/client';
import { holdsData } from '../db/deployment';
import {
  adviceSheetContents,
  adviceSheets,
  documentTypes,
  enumItems,
  legalDocuments,
  mutations,
  secretQuestions,
  users,
} from '../db/schema';
import { DEMO_PASSWORD, DEMO_SECRET_ANSWER } from './accounts';
import { withDeferredIndexes } from './bulk';
import { ADVICE_SHEETS, DOCUMENT_TYPE_SEEDS, LEGAL_TREE } from './catalogue';
import { generateCorrespondants } from './correspondants';
import { syncSequences } from './database';
import { addDays, atTime, startOfDay } from './dates';
import { Ids, insertAll } from './insert';
import { generateOrganisations } from './organisations';
import { generateParticipants } from './participants';
import { makeDemoPdfs } from './pdfs';
import { communePool, Random } from './random';
import { ENUM_SEEDS, SECRET_QUESTIONS } from './reference';
import { type DemoLinkDeps, issuePendingLinks, mailPendingLinks, outboxLinkDeps } from './registration-links';
import { UserFactory } from './users';

// The CLI resets before generating.
export { resetDatabase } from './database';

export interface DemoOptions {
  participants: number;
  /**
   * About how many of them belong to the main establishment (corr.etablissement's scope); by default
   * a fixed share. The benchmark fixes it so a page is measured on the same scope at any size.
   */
  mainParticipants?: number | undefined;
  /**
   * Generated participants, and as many correspondants of the main establishment, given an active
   * account with the demo password for load tests (demo/load-accounts.ts). None by default.
   */
  loadAccounts?: number | undefined;
  seed?: number;
  /** Every date is relative to this day (default: now); fix it for byte-identical runs. */
  today?: Date;
  hashPassword: (password: string) => Promise<string>;
  /**
   * Where the pending accounts' registration links are mailed; by default the outbox, with links on
   * the configured public URL (demo/registration-links.ts).
   */
  links?: DemoLinkDeps;
}

export interface DemoSummary {
  seed: number;
  participants: number;
  users: number;
  groups: number;
  companies: number;
  establishments: number;
  managers: number;
  correspondants: number;
  checkups: number;
  visits: number;
  appointments: number;
  documents: number;
  attachments: number;
  mutations: number;
  mutationsInProgress: number;
  adviceSheets: number;
  legalDocuments: number;
  /** Registration links mailed to the named pending accounts. */
  registrationLinks: number;
  tookMs: number;
}

export const DEFAULT_DEMO_PARTICIPANTS = 2_000;
export const DEFAULT_DEMO_SEED = 2026;
/** The tables whose size grows with the number of participants: loaded with their indexes deferred. */
const BULK_TABLES = [
  'participants',
  'users',
  'checkups',
  'visits',
  'appointments',
  'documents',
  'document_contents',
  'document_attachments',
  'document_attachment_contents',
];

/**
 * Fills an empty database with a deterministic demo: the same seed and day give the same rows and
 * ids. Everything is written in one transaction, so a failed run leaves nothing behind; rows go in
 * bulk (see insertAll and withDeferredIndexes), so 200,000 participants take about half a minute
 * on an in-memory PGlite.
 */
export async function generateDemo(db: Db, options: DemoOptions): Promise<DemoSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const today = startOfDay(options.today ?? new Date());
  if (await holdsData(db)) throw new Error('the database already holds users: reset it first');
  const [passwordHash, answerHash] = await Promise.all([
    options.hashPassword(DEMO_PASSWORD),
    options.hashPassword(normaliseAnswer(DEMO_SECRET_ANSWER)),
  ]);
  const links = options.links ?? outboxLinkDeps(db);
  const pdfs = await makeDemoPdfs(
    LEGAL_TREE.flatMap((folder) => folder.documents.map(([label, , lines]) => ({ title: label, lines }))),
  );

  const counts = await db.transaction(async (tx) => {
    const random = new Random(seed);
    await insertReference(tx);
    const communes = communePool(random, 400);
    const org = await generateOrganisations(tx, random, communes, {
      total: options.participants,
      mainParticipants: options.mainParticipants,
    });
    const userFactory = new UserFactory(passwordHash, answerHash);
    const corr = await generateCorrespondants(tx, random, org, userFactory, options.loadAccounts);
    // The centre's staff confirm a code by text message at sign-in, as participants do.
    const admin = {
      lastName: 'Administrateur',
      firstName: 'Portail',
      email: 'admin@example.org',
      mobile: '06 10 20 30 40',
    };
    const operator = {
      lastName: 'Accueil',
      firstName: 'Camille',
      email: 'operateur@example.org',
      mobile: '06 10 20 30 41',
    };
    await insertAll(tx, users, [userFactory.named('admin', admin), userFactory.named('operator', operator)]);
    const people = await withDeferredIndexes(tx, BULK_TABLES, () =>
      generateParticipants(tx, {
        random,
        today,
        communes,
        org,
        correspondants: corr,
        userFactory,
        pdfs,
        total: options.participants,
        loadAccounts: options.loadAccounts,
      }),
    );
    await insertAll(tx, mutations, people.mutations);
    const sheets = await insertSheetsAndLegal(tx, today, pdfs.sheet, pdfs.legal);
    await syncSequences(tx);
    const pending = await issuePendingLinks(tx, links.config);
    return {
      pending,
      ...people.counts,
      users: people.counts.users + corr.users + 1,
      groups: org.groups.length,
      companies: org.companies.length,
      establishments: org.establishments.length,
      managers: org.managers,
      correspondants: corr.count,
      mutations: people.mutations.length,
      mutationsInProgress: people.mutations.filter((m) => m.state === 'IN_PROGRESS').length,
      ...sheets,
    };
  });
  // Fresh statistics after a bulk load, or the planner guesses on empty tables until autovacuum runs;
  // the vacuum marks the pages all-visible, without which no count is an index-only scan (and PGlite
  // has no autovacuum to do it later).
  await db.execute(sql`vacuum analyze`);
  const { pending, ...summary } = counts;
  await mailPendingLinks({ ...links, db }, pending);
  return {
    seed,
    ...summary,
    registrationLinks: pending.length,
    tookMs: Math.round(performance.now() - started),
  };
}

async function insertReference(tx: DbOrTx): Promise<void> {
  await insertAll(
    tx,
    enumItems,
    ENUM_SEEDS.map((item, index) => ({ ...item, sortOrder: index })),
  );
  await insertAll(
    tx,
    secretQuestions,
    SECRET_QUESTIONS.map(([questionFr, questionEn], index) => ({ id: index + 1, questionFr, questionEn })),
  );
  await insertAll(tx, documentTypes, [...DOCUMENT_TYPE_SEEDS]);
}

async function insertSheetsAndLegal(
  tx: DbOrTx,
  today: Date,
  sheetPdf: Uint8Array,
  legalPdfs: readonly Uint8Array[],
): Promise<{ adviceSheets: number; legalDocuments: number }> {
  const sheets = ADVICE_SHEETS.map(([name, nameEn], i) => ({
    id: i + 1,
    name,
    nameEn,
    createdAt: atTime(addDays(today, -30 * (i + 1)), 9),
    // One retired sheet, which the list (active only) must not show.
    active: i !== ADVICE_SHEETS.length - 1,
  }));
  await insertAll(tx, adviceSheets, sheets);
  await insertAll(
    tx,
    adviceSheetContents,
    sheets.map((s) => ({ sheetId: s.id, content: sheetPdf })),
  );
  const ids = new Ids();
  const rows: (typeof legalDocuments.$inferInsert)[] = [];
  let pdfIndex = 0;
  LEGAL_TREE.forEach((folder, folderIndex) => {
    const folderId = ids.next();
    rows.push({ id: folderId, label: folder.label, labelEn: folder.labelEn, sortOrder: folderIndex });
    folder.documents.forEach(([label, labelEn], docIndex) => {
      const content = legalPdfs[pdfIndex++] ?? null;
      rows.push({
        id: ids.next(),
        parentId: folderId,
        label,
        labelEn,
        sortOrder: docIndex,
        mimeType: 'application/pdf',
        content,
      });
    });
  });
  await insertAll(tx, legalDocuments, rows);
  return { adviceSheets: sheets.length, legalDocuments: rows.length };
}
