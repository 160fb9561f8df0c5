import { type SendDocumentsBody, sendDocumentsReply } from '@portail/contract/schemas/documents';
import { api } from '../../../lib/api';

/**
 * `POST document/download` (000 §4, §7): the chosen documents and EXTRACIEM attachments, in one
 * password-protected ZIP, by mail. The business outcome is in `ciemException.messages`.
 */
export function sendDocuments(body: SendDocumentsBody) {
  return api('/document/download', { method: 'POST', body, schema: sendDocumentsReply, handle: 'all' });
}

/** `GET mail` (000 §7): the participant's own address, as plain text. */
export async function fetchOwnMail(signal?: AbortSignal): Promise<string> {
  const reply = await api('/mail', { signal, handle: 'all' });
  const mail = typeof reply === 'string' ? reply.trim() : '';
  if (!mail) throw new Error('no mail');
  return mail;
}
