import { participantImportApi } from '@portail/contract/api/participant-import';
import type { Language } from '@portail/contract/constants';
import {
  type ImportCheckReply,
  type ImportMessageReply,
  importMessage,
} from '@portail/contract/schemas/participant-import';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';

/**
 * How a check ended: the rows to preview, or the file refused as a whole (a 422's `importError`, or a
 * 400's message for a request the server would not read, both shown in the upload step's alert).
 * Anything else (network, server failure) has been told by the API client's toast: `failed`.
 */
export type CheckOutcome =
  | { kind: 'checked'; check: ImportCheckReply }
  | { kind: 'refused'; message: ImportMessageReply }
  | { kind: 'failed' };

/** The bytes of a file as base64, as the check's body carries them. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The message of a refusal: the 422's `importError` (read alone, whatever else the reply holds), else its `message` key. */
function refusalOf(body: unknown): ImportMessageReply | null {
  if (typeof body === 'object' && body !== null && 'importError' in body) {
    const parsed = importMessage.safeParse(body.importError);
    if (parsed.success) return parsed.data;
  }
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
    return { key: body.message, params: {} };
  return null;
}

/** `POST adherentsCorrespondant/import`: checks a file row by row; saves nothing. */
export async function checkImport(file: File, language: Language): Promise<CheckOutcome> {
  const fichier = await readBase64(file);
  try {
    const check = await call(participantImportApi.check, {
      body: { nomFichier: file.name, fichier, langue: language },
      handle: [400, 422],
    });
    return { kind: 'checked', check };
  } catch (error) {
    if (!isApiError(error) || error.notified) return { kind: 'failed' };
    const message = refusalOf(error.body);
    return message ? { kind: 'refused', message } : { kind: 'failed' };
  }
}
