import { documentApi } from '@portail/contract/api/documents';
import type { SendDocumentsBody } from '@portail/contract/schemas/documents';
import { call } from '../../../lib/api';

/**
 * `POST document/download` (docs/documents-and-sheets.md#send-dialog, docs/documents-and-sheets.md#api): the chosen documents and EXTRACIEM attachments, in one
 * password-protected ZIP, by mail. The business outcome is in `ciemException.messages`.
 */
export function sendDocuments(body: SendDocumentsBody) {
  return call(documentApi.send, { body, handle: 'all' });
}

/** `GET mail` (docs/documents-and-sheets.md#api): the participant's own address, as plain text. */
export async function fetchOwnMail(signal?: AbortSignal): Promise<string> {
  // Plain text: the route declares no reply schema, the body comes as the server wrote it.
  const reply: unknown = await call(documentApi.mail, { signal, handle: 'all' });
  const mail = typeof reply === 'string' ? reply.trim() : '';
  if (!mail) throw new Error('no mail');
  return mail;
}
