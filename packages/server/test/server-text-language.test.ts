import { errorReply } from '@portail/contract/schemas/common';
import {
  type DocumentCategory,
  documentContent,
  documentListReply,
  type NameDisplayMode,
} from '@portail/contract/schemas/documents';
import { homeDetail } from '@portail/contract/schemas/home';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviceSheets, appointments, checkups, documents, documentTypes } from '../src/db/schema';
import { centreToday } from '../src/lib/dates';
import { get, headersOf, participantIdOf } from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 18, "English is English": the text the server writes (document titles, file names, calendar
 * files, the sent archive) follows the interface language the web sends as `langue`; an English-only
 * account reads English whatever it asks. Physicians are written LAST NAME First name.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** An INFO_DOCUMENT of the participant without a label of its own: the server titles it. */
async function titledDocument(login: string) {
  const participantId = await participantIdOf(ctx, login);
  const rows = await ctx.database.db
    .select({
      id: documents.id,
      category: documents.category,
      year: documents.checkupYear,
      typeId: documents.documentTypeId,
      mode: documents.nameDisplayMode,
      typeMode: documentTypes.nameDisplayMode,
      typeLabel: documentTypes.label,
      typeLabelEn: documentTypes.labelEn,
      closing: checkups.closingDate,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(checkups, eq(checkups.id, documents.checkupId))
    .where(
      and(
        eq(documents.participantId, participantId),
        eq(documents.active, true),
        isNotNull(checkups.closingDate),
      ),
    )
    .orderBy(asc(documents.id));
  const shownByLabel = (mode: NameDisplayMode | null, typeMode: NameDisplayMode) =>
    (mode ?? typeMode) === 'INFO_DOCUMENT';
  const row = rows.find((entry) => shownByLabel(entry.mode, entry.typeMode));
  if (!row?.closing || !row.typeLabelEn) throw new Error(`${login} has no titled document`);
  const day = row.closing.split('-').reverse().join('/');
  return {
    ...row,
    french: `${row.typeLabel} du ${day}`,
    english: `${row.typeLabelEn} of ${day}`,
  };
}

async function listed(
  login: string,
  doc: { category: DocumentCategory; year: number; typeId: number },
  langue?: string,
) {
  const reply = await get(ctx, '/api/document/list', login, 'participant', {
    categorieExtraciem: doc.category,
    anneeDocuments: JSON.stringify([doc.year]),
    typesDocuments: JSON.stringify([doc.typeId]),
    ...(langue ? { langue } : {}),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return documentListReply.parse(reply.json()).items;
}

describe('document titles and file names in the interface language', () => {
  it('titles the list in French by default and in English when the interface is (participant.dmc)', async () => {
    const doc = await titledDocument('participant.dmc');
    const french = (await listed('participant.dmc', doc)).find((item) => item.id === doc.id);
    expect(french?.libelleDocument).toBe(doc.french);
    const english = (await listed('participant.dmc', doc, 'en_EN')).find((item) => item.id === doc.id);
    expect(english?.libelleDocument).toBe(doc.english);
    expect(english?.libelleDocument).toMatch(/ of \d{2}\/\d{2}\/\d{4}$/);
    // The cached French page is not served for English, nor the other way round.
    const again = (await listed('participant.dmc', doc)).find((item) => item.id === doc.id);
    expect(again?.libelleDocument).toBe(doc.french);
  });

  it('always titles an English-only account’s documents in English', async () => {
    const doc = await titledDocument('participant.en');
    const items = await listed('participant.en', doc, 'fr_FR');
    expect(items.find((item) => item.id === doc.id)?.libelleDocument).toBe(doc.english);
  });

  it('names the downloaded document by its title in the interface language', async () => {
    const doc = await titledDocument('participant.dmc');
    const nameIn = async (langue?: string) => {
      const reply = await get(ctx, `/api/document/${doc.id}/`, 'participant.dmc', 'participant', {
        usage: 'download',
        ...(langue ? { langue } : {}),
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return documentContent.parse(reply.json()).document.nomDocument;
    };
    expect(await nameIn()).toBe(`${doc.french.replaceAll('/', '-')}.pdf`);
    expect(await nameIn('en_EN')).toBe(`${doc.english.replaceAll('/', '-')}.pdf`);
  });

  it('titles the home page’s new documents in the interface language', async () => {
    const participantId = await participantIdOf(ctx, 'participant.dmc');
    const doc = await titledDocument('participant.dmc');
    await ctx.database.db.update(documents).set({ unread: true }).where(eq(documents.id, doc.id));
    const reply = await get(ctx, '/api/get-detail-accueil', 'participant.dmc', 'participant', {
      langue: 'en_EN',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const home = homeDetail.parse(reply.json());
    if (home.profil !== 'PARTICIPANT') throw new Error('not a participant home');
    expect(home.documents.find((item) => item.id === doc.id)?.libelleDocument).toBe(doc.english);
    expect(participantId).toBeGreaterThan(0);
  });

  it('names the sent archive and its documents in the interface language', async () => {
    const doc = await titledDocument('participant.dmc');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/download',
      headers: await headersOf(ctx, 'participant.dmc'),
      payload: {
        mail: 'me@example.org',
        password: 'Velvet-Harbour-1987',
        idDocuments: [doc.id],
        langue: 'en_EN',
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.attachments?.[0]?.fileName).toMatch(/^Medical documents \d{4}-\d{2}-\d{2}\.zip$/);
    expect(mail?.subject).toMatch(/medical record/);
  });

  it('refuses a language it does not know with a field error', async () => {
    const doc = await titledDocument('participant.dmc');
    for (const reply of [
      await get(ctx, `/api/document/${doc.id}/`, 'participant.dmc', 'participant', { langue: 'de_DE' }),
      await get(ctx, '/api/get-detail-accueil', 'participant.dmc', 'participant', { langue: 'en' }),
    ]) {
      expect(reply.statusCode).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors?.[0]?.field).toBe('langue');
    }
  });
});

describe('advice sheets saved under their visible title', () => {
  it('names the file by the title in the interface language; English-only accounts get English', async () => {
    const [sheet] = await ctx.database.db
      .select()
      .from(adviceSheets)
      .where(eq(adviceSheets.name, 'Alimentation équilibrée'));
    if (!sheet) throw new Error('no demo sheet "Alimentation équilibrée"');
    const nameOf = async (login: string, langue?: string) => {
      const reply = await get(ctx, `/api/fiche/${sheet.id}/`, login, 'participant', {
        usage: 'download',
        ...(langue ? { langue } : {}),
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return documentContent.parse(reply.json()).document.nomDocument;
    };
    expect(await nameOf('participant.dmc')).toBe('Alimentation équilibrée.pdf');
    expect(await nameOf('participant.dmc', 'en_EN')).toBe('A balanced diet.pdf');
    expect(await nameOf('participant.en')).toBe('A balanced diet.pdf');
    expect(await nameOf('participant.en', 'fr_FR')).toBe('A balanced diet.pdf');
  });
});

/** SUMMARY, DESCRIPTION of a calendar file as ical.js (Thunderbird's parser) reads them. */
function eventOf(text: string) {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  return { summary: event.summary, description: event.description };
}

/** "Dr GAUTHIER Claudien": the last name in capitals first, then the first name (formatPersonName). */
const LAST_NAME_FIRST = /^Dr (\p{Lu}[\p{Lu}'’ -]*\p{Lu}) (\p{Lu}[\p{Ll}'’-]+)( [\p{L}'’-]+)*$/u;

describe('appointment calendar files in the interface language', () => {
  async function appointmentOf(login: string) {
    const participantId = await participantIdOf(ctx, login);
    const [row] = await ctx.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.participantId, participantId), isNotNull(appointments.cardiologist)))
      .orderBy(asc(appointments.id))
      .limit(1);
    if (!row?.purposeEn || !row.cardiologist) throw new Error(`${login} has no appointment to try`);
    return row;
  }
  const ics = async (id: number, login: string, langue?: string) =>
    get(ctx, `/api/participant/rdvs-participant/${id}/ics`, login, 'participant', langue ? { langue } : {});

  it('writes the name, SUMMARY and DESCRIPTION in English when the interface is (participant.dmc)', async () => {
    const row = await appointmentOf('participant.dmc');
    const day = centreToday(row.startsAt);
    const english = await ics(row.id, 'participant.dmc', 'en_EN');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-disposition']).toContain(`filename="Appointment ${day}.ics"`);
    const event = eventOf(english.body);
    expect(event.summary).toBe(row.purposeEn);
    expect(event.description).toContain(`Cardiologist : ${row.cardiologist}`);
    expect(event.description).not.toMatch(/Cardiologue|Interniste|Gynécologue/);

    const french = await ics(row.id, 'participant.dmc');
    expect(french.headers['content-disposition']).toContain(`filename="Rendez-vous ${day}.ics"`);
    expect(eventOf(french.body)).toMatchObject({ summary: row.purpose });
    expect(eventOf(french.body).description).toContain(`Cardiologue : ${row.cardiologist}`);
  });

  it('writes English to an English-only account whatever the interface says', async () => {
    const [row] = await ctx.database.db
      .insert(appointments)
      .values({
        participantId: await participantIdOf(ctx, 'participant.en'),
        purpose: 'Consultation médicale',
        purposeEn: 'Medical consultation',
        startsAt: new Date('2030-03-20T08:00:00Z'),
        endsAt: new Date('2030-03-20T09:00:00Z'),
        cardiologist: 'Dr MARTIN Claire',
        status: 'Confirmé',
        statusEn: 'Confirmed',
      })
      .returning();
    if (!row) throw new Error('no appointment inserted');
    try {
      const reply = await ics(row.id, 'participant.en', 'fr_FR');
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['content-disposition']).toContain('filename="Appointment 2030-03-20.ics"');
      expect(eventOf(reply.body)).toEqual({
        summary: 'Medical consultation',
        description: 'Cardiologist : Dr MARTIN Claire',
      });
    } finally {
      await ctx.database.db.delete(appointments).where(eq(appointments.id, row.id));
    }
  });

  it('refuses an unknown language with a field error', async () => {
    const row = await appointmentOf('participant.dmc');
    const reply = await ics(row.id, 'participant.dmc', 'english');
    expect(reply.statusCode).toBe(400);
    expect(errorReply.parse(reply.json()).fieldErrors?.[0]?.field).toBe('langue');
  });

  it('writes every physician LAST NAME First name, in the list and in the calendar file', async () => {
    const rows = await ctx.database.db
      .select({
        cardiologist: appointments.cardiologist,
        internist: appointments.internist,
        gynecologist: appointments.gynecologist,
      })
      .from(appointments)
      .limit(500);
    const names = rows.flatMap((row) => [row.cardiologist, row.internist, row.gynecologist]).filter(Boolean);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(LAST_NAME_FIRST);
    const row = await appointmentOf('participant.dmc');
    const description = eventOf((await ics(row.id, 'participant.dmc')).body).description;
    const [, lastName, firstName] = LAST_NAME_FIRST.exec(row.cardiologist ?? '') ?? [];
    expect(description).toContain(`Dr ${lastName} ${firstName}`);
  });
});
