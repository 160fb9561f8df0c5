import type { Language } from '@portail/contract/constants';
import type { Message } from '@portail/contract/schemas/common';
import { DOCUMENT_MESSAGES, detectContentType, MAX_SENT_BYTES } from '@portail/contract/schemas/documents';
import { Uint8ArrayReader, Uint8ArrayWriter } from '@zip.js/zip.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { BusinessError, errorMessage, infoMessage, notFound } from '../../lib/errors';
import { replyLanguage } from '../../lib/language';
import { archiveWriter, refuseGuessedArchivePassword } from '../../lib/zip-archive';
import type { Notifier } from '../../notify/notifier';
import {
  type FileSize,
  loadAttachmentBytes,
  loadDocumentBytes,
  markRead,
  sizeAttachments,
  sizeDocuments,
} from './document.queries';
import { safeFileName, uniqueNames } from './document-files';
import { documentShownName } from './document-title';

export interface SendDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
}

export interface SendContext {
  caller: Caller;
  ip: string;
  log: FastifyBaseLogger;
}

export interface SendRequest {
  mail: string;
  password: string;
  idDocuments: number[];
  idAnnexes: number[];
  langue: Language;
}

/** Every id must be found (the caller's, active, and for attachments EXTRACIEM), or nothing is sent. */
function allFound(wanted: number[], found: FileSize[]): FileSize[] {
  const byId = new Map(found.map((file) => [file.id, file]));
  return wanted.map((id) => {
    const file = byId.get(id);
    if (!file) throw notFound();
    return file;
  });
}

/** The files in one AES-256 ZIP (lib/zip-archive.ts), in memory: a mail attachment is bounded by MAX_SENT_BYTES. */
async function encryptedZip(files: { name: string; content: Uint8Array }[], password: string) {
  const writer = archiveWriter(new Uint8ArrayWriter(), password);
  for (const file of files) await writer.add(file.name, new Uint8ArrayReader(file.content));
  return writer.close();
}

function sendMail(config: Config, inEnglish: boolean): { subject: string; text: string } {
  const french =
    'Bonjour,\n\nVous trouverez ci-joint des documents du dossier médical, envoyés depuis le portail ' +
    `${config.productName}, dans une archive ZIP chiffrée. Elle s'ouvre avec le mot de passe choisi ` +
    "lors de l'envoi, qui ne figure pas dans ce message.\n\nSi vous n'attendiez pas ce message, ignorez-le.";
  if (!inEnglish)
    return { subject: `${config.productName} : documents de votre dossier médical`, text: french };
  const english =
    'Hello,\n\nAttached are documents of a medical record, sent from the ' +
    `${config.productName} portal in an encrypted ZIP archive. It opens with the password chosen when ` +
    'sending, which this message does not contain.\n\nIf you did not expect this message, ignore it.';
  return {
    subject: `${config.productName}: documents from your medical record`,
    text: `${english}\n\n---\n\n${french}`,
  };
}

/**
 * POST document/download (docs/documents-and-sheets.md#send-dialog, ARCHITECTURE.md Notifications): the chosen documents and
 * EXTRACIEM attachments, in one AES-256 ZIP opened by the caller's password, mailed to the address
 * they typed. The password is used for the archive only: it is neither stored, logged nor mailed.
 */
export async function sendDocuments(deps: SendDeps, ctx: SendContext, body: SendRequest): Promise<Message[]> {
  const { db } = deps;
  const participantId = ctx.caller.participantId;
  if (participantId === null) throw notFound();
  refuseGuessedArchivePassword(ctx.caller.profile, body.password, 'password');
  const documentIds = [...new Set(body.idDocuments)];
  const annexIds = [...new Set(body.idAnnexes)];
  const [documentSizes, annexSizes] = await Promise.all([
    documentIds.length > 0 ? sizeDocuments(db, participantId, documentIds) : [],
    annexIds.length > 0 ? sizeAttachments(db, participantId, annexIds, 'EXTRACIEM') : [],
  ]);
  // In the archive, each document carries the title the list shows (in the caller's language), not
  // its stored file name.
  const language = replyLanguage(ctx.caller, body.langue);
  const chosenDocuments = allFound(
    documentIds,
    documentSizes.map((row) => ({ id: row.id, name: documentShownName(row, language), size: row.size })),
  );
  const chosenAnnexes = allFound(annexIds, annexSizes);
  const total = [...chosenDocuments, ...chosenAnnexes].reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_SENT_BYTES) throw new BusinessError([errorMessage(DOCUMENT_MESSAGES.tooLarge)]);

  const [documentBytes, annexBytes] = await Promise.all([
    loadDocumentBytes(db, documentIds),
    loadAttachmentBytes(db, annexIds),
  ]);
  const files = [
    ...chosenDocuments.map((file) => ({ name: file.name, content: documentBytes.get(file.id) })),
    ...chosenAnnexes.map((file) => ({ name: file.name, content: annexBytes.get(file.id) })),
  ].map((file) => {
    const content = file.content ?? new Uint8Array();
    return { name: safeFileName(file.name, detectContentType(content)), content };
  });
  const names = uniqueNames(files.map((file) => file.name));
  const zip = await encryptedZip(
    files.map((file, i) => ({ name: names[i] ?? file.name, content: file.content })),
    body.password,
  );

  const english = language === 'en_EN';
  const recipientDomain = body.mail.slice(body.mail.lastIndexOf('@') + 1).toLowerCase();
  const details = { documents: documentIds, annexes: annexIds, recipientDomain };
  try {
    await deps.notifier.mail({
      to: body.mail,
      ...sendMail(deps.config, english),
      about: { purpose: 'DOCUMENTS', userId: ctx.caller.userId },
      attachments: [
        {
          fileName: `${english ? 'Medical documents' : 'Documents médicaux'} ${centreToday()}.zip`,
          contentType: 'application/zip',
          content: zip,
        },
      ],
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: ctx.caller.userId }, 'documents not sent');
    await audit(db, {
      actorUserId: ctx.caller.userId,
      action: 'DOCUMENTS_SEND_FAILED',
      details,
      ip: ctx.ip,
      participantId,
    });
    throw new BusinessError([errorMessage(DOCUMENT_MESSAGES.sendFailed)]);
  }
  await db.transaction(async (tx) => {
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'DOCUMENTS_SENT',
      targetType: 'participant',
      targetId: participantId,
      details,
      participantId,
      ip: ctx.ip,
    });
    await markRead(tx, documentIds);
  });
  return [infoMessage(DOCUMENT_MESSAGES.sent)];
}
