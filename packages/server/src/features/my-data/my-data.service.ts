import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Language } from '@portail/contract/constants';
import { centreWallClock } from '@portail/contract/rules/centre-time';
import { detectContentType } from '@portail/contract/schemas/documents';
import { MY_DATA_LIMIT, MY_DATA_MESSAGES, MY_DATA_WINDOW_S } from '@portail/contract/schemas/my-data';
import { TextReader, Uint8ArrayReader } from '@zip.js/zip.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../auth/caller';
import { hit, peek } from '../../auth/throttle';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { forbidden, tooManyRequests } from '../../lib/errors';
import { replyLanguage } from '../../lib/language';
import { archiveWriter, refuseGuessedArchivePassword } from '../../lib/zip-archive';
import { participantCalendar } from '../appointments';
import {
  type ArchiveDocument,
  documentShownName,
  findAttachmentContent,
  findDocumentContent,
  listArchiveDocuments,
  nameTaker,
  safeFileName,
} from '../documents';
import { participantBundle } from '../integration';
import { findSheetContent, listActiveSheets } from '../sheets';
import { activityCsv } from './my-data-entries';
import { readmeText } from './my-data-readme';
import { type ArchiveCounts, recordJson } from './my-data-record';

export interface MyDataDeps {
  db: Db;
  config: Config;
  /** The accounts whose archive this instance is writing now: one at a time per account. */
  building: Set<number>;
}

export interface MyDataContext {
  caller: Caller;
  ip: string;
  log: FastifyBaseLogger;
}

const rule = { limit: MY_DATA_LIMIT, windowS: MY_DATA_WINDOW_S };
const throttleKey = (userId: number) => `mydata:user:${userId}`;
/** How long a second request waits while the first archive of the account is being written. */
const BUSY_RETRY_S = 60;

export interface Archive {
  fileName: string;
  stream: Readable;
}

type Sheet = Awaited<ReturnType<typeof listActiveSheets>>[number];

/** `2026-11-29 10:32`, the centre's wall clock (the README says "Paris time"). */
function builtOn(at: Date): string {
  const wall = centreWallClock(at);
  return wall ? `${wall.date} ${wall.time}` : at.toISOString();
}

/** The files of the medical record the archive holds: none when the participant has not accepted it. */
async function recordFiles(db: Db, caller: Caller, participantId: number) {
  // docs/roles-and-access.md#medical-record-gate: the portal shows no document nor sheet to a
  // participant who has not accepted the online medical record; the archive holds what the portal shows.
  if (caller.profile.dmcStatus !== 'ACCEPTED') return { medicalRecord: false, documents: [], sheets: [] };
  const documents: ArchiveDocument[] = await listArchiveDocuments(db, participantId);
  const sheets: Sheet[] = await listActiveSheets(db);
  return { medicalRecord: true, documents, sheets };
}

/**
 * POST user/mesDonnees (docs/personal-details.md#my-data): checks the password and the limit, then
 * streams the ZIP: README.txt, dossier.json, each document, attachment and sheet read from the database
 * one at a time (never the whole record in memory; the reply's backpressure paces the reads),
 * rendez-vous.ics, activite.csv, and fhir-bundle.json last, once every file's path in the archive is
 * known. An archive written to its end counts against the limit and is audited MY_DATA_EXPORTED; one
 * cut short (the client went away, a read failed) is audited MY_DATA_EXPORT_FAILED and not counted.
 */
export async function startArchive(
  deps: MyDataDeps,
  ctx: MyDataContext,
  body: { motDePasse?: string | undefined; langue: Language },
): Promise<Archive> {
  const { db, config, building } = deps;
  const { caller } = ctx;
  const participantId = caller.participantId;
  if (participantId === null) throw forbidden();
  const password = body.motDePasse;
  if (password !== undefined) refuseGuessedArchivePassword(caller.profile, password, 'motDePasse');
  // Only built archives count: a refused or interrupted one spends nothing.
  const allowed = await peek(db, throttleKey(caller.userId), rule);
  if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterS, MY_DATA_MESSAGES.limit);
  if (building.has(caller.userId)) throw tooManyRequests(BUSY_RETRY_S, MY_DATA_MESSAGES.busy);
  building.add(caller.userId);

  try {
    const language = replyLanguage(caller, body.langue);
    const builtAt = new Date();
    const { medicalRecord, documents, sheets } = await recordFiles(db, caller, participantId);
    const calendar = await participantCalendar(db, config.centre, caller, language);
    const transform = new TransformStream<Uint8Array, Uint8Array>();
    const zip = archiveWriter(transform.writable, password, builtAt);
    const counts = { documents: 0, annexes: 0, fiches: 0, rendezVous: calendar.count, activite: 0 };
    const paths = {
      documents: new Map<number, string>(),
      attachments: new Map<number, string>(),
      sheets: new Map<number, string>(),
    };

    const details = () => ({ ...counts, encrypted: password !== undefined });
    const write = async () => {
      await zip.add(
        'README.txt',
        new TextReader(
          readmeText(language, {
            productName: config.productName,
            builtOn: builtOn(builtAt),
            medicalRecord,
            documents: documents.length,
            sheets: sheets.length,
            appointments: calendar.count,
            encrypted: password !== undefined,
          }),
        ),
      );
      const archived: ArchiveCounts = {
        documents: documents.length,
        annexes: documents.reduce((sum, document) => sum + document.attachments.length, 0),
        fiches: sheets.length,
        rendezVous: calendar.count,
      };
      await zip.add(
        'dossier.json',
        new TextReader(await recordJson(db, caller, participantId, language, archived, builtAt)),
      );
      const documentName = nameTaker();
      for (const document of documents) {
        const found = await findDocumentContent(db, participantId, document.id);
        if (!found) continue;
        const name = safeFileName(documentShownName(document, language), detectContentType(found.content));
        const path = `documents/${documentName(name)}`;
        await zip.add(path, new Uint8ArrayReader(found.content));
        paths.documents.set(document.id, path);
        counts.documents++;
        for (const attachment of document.attachments) {
          const file = await findAttachmentContent(db, participantId, attachment.id);
          if (!file) continue;
          const annexPath = `documents/annexes/${documentName(
            safeFileName(file.name, detectContentType(file.content)),
          )}`;
          await zip.add(annexPath, new Uint8ArrayReader(file.content));
          paths.attachments.set(attachment.id, annexPath);
          counts.annexes++;
        }
      }
      const sheetName = nameTaker();
      for (const sheet of sheets) {
        const found = await findSheetContent(db, sheet.id);
        if (!found) continue;
        const title = language === 'en_EN' ? (sheet.nameEn ?? sheet.name) : sheet.name;
        const path = `fiches/${sheetName(safeFileName(title, detectContentType(found.content)))}`;
        await zip.add(path, new Uint8ArrayReader(found.content));
        paths.sheets.set(sheet.id, path);
        counts.fiches++;
      }
      await zip.add('rendez-vous.ics', new TextReader(calendar.content));
      await zip.add(
        'activite.csv',
        activityCsv({ db, config }, caller, language, (rows) => {
          counts.activite = rows;
        }),
      );
      const bundle = await participantBundle(db, config, participantId, paths, builtAt);
      await zip.add('fhir-bundle.json', new TextReader(`${JSON.stringify(bundle, null, 2)}\n`));
      // Every file is written: the archive counts and is audited before its end reaches the client, so
      // a request that follows the download already meets the limit, the audit row and no lock.
      await hit(db, throttleKey(caller.userId), rule);
      await audit(db, {
        actorUserId: caller.userId,
        action: 'MY_DATA_EXPORTED',
        targetType: 'participant',
        targetId: participantId,
        details: details(),
        participantId,
        ip: ctx.ip,
      });
      building.delete(caller.userId);
      await zip.close();
    };

    void write()
      .catch(async (error: unknown) => {
        ctx.log.warn({ err: error, userId: caller.userId }, 'my data archive not completed');
        await transform.writable.abort(error).catch(() => undefined);
        await audit(db, {
          actorUserId: caller.userId,
          action: 'MY_DATA_EXPORT_FAILED',
          targetType: 'participant',
          targetId: participantId,
          details: details(),
          participantId,
          ip: ctx.ip,
        }).catch((auditError: unknown) => ctx.log.error({ err: auditError }, 'my data audit not written'));
      })
      .finally(() => building.delete(caller.userId));

    const fileName = `${language === 'en_EN' ? 'my-data' : 'mes-donnees'}-${centreToday(builtAt)}.zip`;
    return {
      fileName,
      stream: Readable.fromWeb(transform.readable as NodeReadableStream<Uint8Array>),
    };
  } catch (error) {
    building.delete(caller.userId);
    throw error;
  }
}
