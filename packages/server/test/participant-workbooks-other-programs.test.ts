import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@portail/contract/constants';
import { participantCreatedReply } from '@portail/contract/schemas/participants';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantImports, participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { checked, csvOf, finished, freshRow, IMPORT_URL, run } from './participant-import-api-fixtures';
import { convertWithLibreOffice, soffice } from './participant-import-fixtures';
import { headersOf, scopeOf, validForm } from './participants-fixtures';

/**
 * The participant export (POST excel-adherents) and the import's report (GET import/:id/rapport), as
 * the real routes write them, opened by programs other than the one that wrote them: openpyxl (Python)
 * reads each cell's type, value and number format; LibreOffice Calc converts each workbook to CSV, which
 * shows the cells as a user sees them. Each part is skipped where its program is missing: CI (.ci/run)
 * installs python3-openpyxl but not LibreOffice, so the LibreOffice part runs only where it is installed
 * (`apt-get install -y --no-install-recommends libreoffice-calc-nogui`), as the template's does.
 */
/** A Python that has openpyxl (Debian's python3-openpyxl lands in /usr/bin/python3, not in a pyenv). */
const python = ['/usr/bin/python3', 'python3'].find(
  (command) => spawnSync(command, ['-c', 'import openpyxl'], { stdio: 'ignore' }).status === 0,
);

const ACTOR = 'corr.etablissement';
const LANGUAGES: readonly Language[] = ['fr_FR', 'en_EN'];

/** A cell as openpyxl reads it: value (dates as ISO), data type (n, s, b, d, f, e), number format, date. */
interface PyCell {
  v: string | number | boolean | null;
  t: string;
  f: string;
  d: boolean;
}
const OPENPYXL = `
import datetime, json, sys, openpyxl
out = {}
for path in sys.argv[1:]:
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[0]
    cell = lambda c: {
        "v": c.value.isoformat() if isinstance(c.value, (datetime.date, datetime.datetime)) else c.value,
        "t": c.data_type, "f": c.number_format, "d": c.is_date,
    }
    out[path] = {"sheets": len(book.worksheets), "rows": [[cell(c) for c in row] for row in sheet.iter_rows()]}
print(json.dumps(out))
`;

/** RFC 4180 CSV (LibreOffice's: commas, double quotes, CRLF or LF) as rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** DD/MM/YYYY of a YYYY-MM-DD date, as the portal shows dates. */
const shown = (iso: string) => iso.split('-').reverse().join('/');

const EXPORT_HEADERS: Record<Language, string[]> = {
  fr_FR: [
    'N° participant',
    'Civilité',
    'Nom',
    'Prénom',
    'Statut',
    'Date de naissance',
    'Mail',
    'Mutation en cours',
    'Bilan en cours',
  ],
  en_EN: [
    'Participant no.',
    'Title',
    'Last name',
    'First name',
    'Status',
    'Birth date',
    'Email',
    'Transfer in progress',
    'Check-up in progress',
  ],
};
const REPORT_HEADERS: Record<Language, string[]> = {
  fr_FR: ['Ligne', 'Nom', 'Prénom', 'Date de naissance', 'Résultat', 'N° participant', 'Messages'],
  en_EN: ['Line', 'Last name', 'First name', 'Date of birth', 'Outcome', 'Participant no.', 'Messages'],
};
const OUTCOMES: Record<Language, { created: string; skipped: string }> = {
  fr_FR: { created: 'Créé', skipped: 'Non importé' },
  en_EN: { created: 'Created', skipped: 'Not imported' },
};

/** A participant as the export must show them. */
interface Exported {
  id: number;
  lastName: string;
  firstName: string;
  birthDate: string;
}
/** A row of the imported file as the report must show it. */
interface Reported {
  line: number;
  nom: string;
  prenom: string;
  /** As the report shows it: DD/MM/YYYY, or the text the file held when it was no date. */
  date: string;
  created: boolean;
}

describe.skipIf(!soffice && !python)(
  'the participant export and the import report, opened by programs other than ours',
  () => {
    let ctx: TestContext;
    const dir = mkdtempSync(join(tmpdir(), 'participant-workbooks-'));
    const exportFile = (language: Language) => join(dir, `export-${language}.xlsx`);
    const reportFile = (language: Language) => join(dir, `rapport-${language}.xlsx`);
    let exported: Exported[] = [];
    let reported: Reported[] = [];
    /** The participant numbers the import gave, by the file's line. */
    const createdIds = new Map<number, number>();

    beforeAll(async () => {
      ctx = await createTestContext();
      const headers = await headersOf(ctx, ACTOR);

      // The export: two participants with accented names created through the form, and one whose
      // stored name reads as a formula (a record older than the rule that now refuses such names).
      const created: number[] = [];
      for (const person of [
        { nom: 'Lefèvre-Dupré', prenom: 'Zoé-Anaïs', dateNaissance: '1980-05-17' },
        { nom: "N'Guessan Çelik", prenom: 'Éléonore', dateNaissance: '2001-12-31' },
      ]) {
        const reply = await ctx.app.inject({
          method: 'PUT',
          url: '/api/adherentsCorrespondant/detail',
          headers,
          payload: validForm(person),
        });
        expect(reply.statusCode, reply.body).toBe(200);
        created.push(participantCreatedReply.parse(reply.json()).idParticipant);
      }
      const [legacy] = await ctx.database.db
        .select({ id: participants.id })
        .from(participants)
        .where(await scopeOf(ctx, ACTOR))
        .orderBy(participants.id)
        .limit(1);
      if (!legacy) throw new Error('no participant in the scope of corr.etablissement');
      await ctx.database.db
        .update(participants)
        .set({ lastName: '=HYPERLINK("http://example.com","X")', firstName: '+33 1 23' })
        .where(eq(participants.id, legacy.id));
      const ids = [...created, legacy.id];
      exported = await ctx.database.db
        .select({
          id: participants.id,
          lastName: participants.lastName,
          firstName: participants.firstName,
          birthDate: participants.birthDate,
        })
        .from(participants)
        .where(inArray(participants.id, ids));
      for (const language of LANGUAGES) {
        const reply = await ctx.app.inject({
          method: 'POST',
          url: '/api/excel-adherents',
          headers,
          payload: { selection: { ids }, langue: language },
        });
        expect(reply.statusCode, reply.body).toBe(200);
        writeFileSync(exportFile(language), reply.rawPayload);
      }

      // The import: two people with accented names, then two refused at the check: a formula for a
      // name, and a name a spreadsheet would read as a formula with a birth date that does not exist.
      const rows = [
        freshRow({ Nom: 'Mégane-Dupré', Prénom: 'Anaïs', 'Date de naissance': '12/04/1985' }),
        freshRow({ Nom: 'Østergård', Prénom: 'Jérôme', 'Date de naissance': '01/02/1990' }),
        freshRow({ Nom: '=1+2', Prénom: 'Noël', 'Date de naissance': '03/03/1973' }),
        freshRow({ Nom: '@SUM(A1)', Prénom: 'Chloé', 'Date de naissance': '31/02/1985' }),
      ];
      reported = rows.map((row, i) => ({
        line: i + 2,
        // A formula is refused on its cell when the file is read and never kept (csv-reader.ts): the
        // report's name is empty, its message says why. `@…` is kept, and must stay text.
        nom: row.Nom?.startsWith('=') ? '' : (row.Nom ?? ''),
        prenom: row.Prénom ?? '',
        date: row['Date de naissance'] ?? '',
        created: i < 2,
      }));
      const check = await checked(ctx, csvOf(rows), ACTOR);
      expect(check.counts).toMatchObject({ rows: 4, new: 2, error: 2 });
      expect((await run(ctx, check.id, false, ACTOR)).statusCode).toBe(202);
      expect((await finished(ctx, check.id)).created).toBe(2);
      for (const language of LANGUAGES) {
        const reply = await ctx.app.inject({
          method: 'GET',
          url: `${IMPORT_URL}/${check.id}/rapport`,
          headers,
          query: { langue: language },
        });
        expect(reply.statusCode, reply.body).toBe(200);
        writeFileSync(reportFile(language), reply.rawPayload);
      }
      // The participant numbers the run gave, as it recorded them (the report is what is under test).
      const [record] = await ctx.database.db
        .select({ outcomes: participantImports.outcomes })
        .from(participantImports)
        .where(eq(participantImports.id, check.id));
      for (const outcome of (record?.outcomes ?? []) as { line: number; participantId: number | null }[])
        if (outcome.participantId !== null) createdIds.set(outcome.line, outcome.participantId);
      expect(createdIds.size).toBe(2);
    });
    afterAll(async () => {
      rmSync(dir, { recursive: true, force: true });
      await ctx?.close();
    });

    /** The export's data rows by participant number (their order is the list's, checked elsewhere). */
    const byId = <R>(rows: R[], id: (row: R) => number) => new Map(rows.map((row) => [id(row), row]));

    describe.skipIf(!python)('read by openpyxl', () => {
      let books: Record<string, { sheets: number; rows: PyCell[][] }> = {};
      beforeAll(() => {
        const files = LANGUAGES.flatMap((language) => [exportFile(language), reportFile(language)]);
        books = JSON.parse(
          execFileSync(python ?? 'python3', ['-c', OPENPYXL, ...files], {
            encoding: 'utf8',
            timeout: 60_000,
          }),
        );
      });
      const rowsOf = (file: string) => books[file]?.rows ?? [];

      it.each(LANGUAGES)(
        'the export (%s): headers in its language, ids as numbers, dates as dates shown dd/mm/yyyy, names intact, no formula',
        (language) => {
          const [header, ...data] = rowsOf(exportFile(language));
          expect(books[exportFile(language)]?.sheets).toBe(1);
          expect(header?.map((cell) => cell.v)).toEqual(EXPORT_HEADERS[language]);
          expect(data).toHaveLength(exported.length);
          const rows = byId(data, (row) => Number(row[0]?.v));
          for (const person of exported) {
            const row = rows.get(person.id);
            expect(row?.[0]).toMatchObject({ v: person.id, t: 'n' });
            expect(row?.[2]).toMatchObject({ v: person.lastName, t: 's' });
            expect(row?.[3]).toMatchObject({ v: person.firstName, t: 's' });
            expect(row?.[5]).toMatchObject({ v: `${person.birthDate}T00:00:00`, d: true });
            expect(row?.[5]?.f.toLowerCase()).toBe('dd/mm/yyyy');
          }
          expect(data.flat().filter((cell) => cell.t === 'f')).toEqual([]);
        },
      );

      it.each(LANGUAGES)(
        'the report (%s): headers and outcomes in its language, lines and numbers as numbers, names intact, no formula',
        (language) => {
          const [header, ...data] = rowsOf(reportFile(language));
          expect(header?.map((cell) => cell.v)).toEqual(REPORT_HEADERS[language]);
          expect(data).toHaveLength(reported.length);
          for (const [i, row] of data.entries()) {
            const expected = reported[i];
            if (!expected) throw new Error(`line ${i + 2} not in the file`);
            expect(row.slice(0, 5).map((cell) => [cell.v, cell.t])).toEqual([
              [expected.line, 'n'],
              [expected.nom, 's'],
              [expected.prenom, 's'],
              // The birth date as the file gave it (docs/participant-import.md#report): text, shown dd/mm/yyyy.
              [expected.date, 's'],
              [OUTCOMES[language][expected.created ? 'created' : 'skipped'], 's'],
            ]);
            const number = createdIds.get(expected.line);
            expect(row[5]).toMatchObject(number ? { v: number, t: 'n' } : { v: null });
            // A refused row says why in words of its language, never a message key.
            const messages = String(row[6]?.v ?? '');
            expect(messages === '').toBe(expected.created);
            expect(messages).not.toMatch(/\berrors\.|\bparticipant\.error/);
          }
          expect(data.flat().filter((cell) => cell.t === 'f')).toEqual([]);
        },
      );
    });

    describe.skipIf(!soffice)('converted to CSV by LibreOffice Calc (the cells as a user sees them)', () => {
      const out = join(dir, 'csv');
      const csvOfFile = (file: string) => {
        const name =
          file
            .split('/')
            .at(-1)
            ?.replace(/\.xlsx$/, '.csv') ?? '';
        return parseCsv(readFileSync(join(out, name), 'utf8'));
      };
      beforeAll(() => {
        // One start of LibreOffice for the four files: comma, double quote, UTF-8 (76), from line 1.
        convertWithLibreOffice(
          dir,
          'csv:Text - txt - csv (StarCalc):44,34,76,1',
          out,
          LANGUAGES.flatMap((language) => [exportFile(language), reportFile(language)]),
          120_000,
        );
      }, 150_000);

      it.each(LANGUAGES)(
        'the export (%s): its headers, each participant once, numbers, dates dd/mm/yyyy, names intact, formula-like text as text',
        (language) => {
          const [header, ...data] = csvOfFile(exportFile(language));
          expect(header).toEqual(EXPORT_HEADERS[language]);
          expect(data).toHaveLength(exported.length);
          const rows = byId(data, (row) => Number(row[0]));
          for (const person of exported) {
            const row = rows.get(person.id);
            expect(row?.[0]).toBe(String(person.id));
            expect(row?.slice(2, 4)).toEqual([person.lastName, person.firstName]);
            expect(row?.[5]).toBe(shown(person.birthDate));
          }
        },
      );

      it.each(LANGUAGES)(
        'the report (%s): its headers, every row of the file, outcomes in its language, names intact',
        (language) => {
          const [header, ...data] = csvOfFile(reportFile(language));
          expect(header).toEqual(REPORT_HEADERS[language]);
          expect(data).toHaveLength(reported.length);
          for (const [i, row] of data.entries()) {
            const expected = reported[i];
            expect(row.slice(0, 6)).toEqual([
              String(expected?.line),
              expected?.nom,
              expected?.prenom,
              expected?.date,
              OUTCOMES[language][expected?.created ? 'created' : 'skipped'],
              String(createdIds.get(expected?.line ?? 0) ?? ''),
            ]);
          }
        },
      );
    });
  },
);
