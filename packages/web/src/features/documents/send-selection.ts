import type { Message } from '@portail/contract/schemas/common';
import { DOCUMENT_MESSAGES } from '@portail/contract/schemas/documents';
import { isApiError } from '../../lib/api-error';
import { errorReplyOf, type ServerFieldError } from '../../lib/error-replies';
import { failureKey } from '../../lib/failure-key';
import { currentLanguage, i18next } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { sendDocuments } from './api/send-documents';
import type { Selection } from './use-selection';

export type SendOutcome = 'sent' | 'failed';
/** What the dialog does next: close with an outcome, or show the server's refusals on its fields. */
export type SendResult = { outcome: SendOutcome } | { fieldErrors: ServerFieldError[] };

/** A business message's key under `messages.`, when the catalogue has it. */
function messageKey(message: Message | undefined): string | null {
  const key = message ? `messages.${message.errorCode}` : null;
  return key && i18next.exists(key) ? key : null;
}

/**
 * Sends the selection (docs/documents-and-sheets.md#send-dialog) and tells the outcome by a toast: the server's INFO message
 * ('Document(s) envoyé(s)'), or its translated error, else 'Une erreur est survenue lors de l'envoi
 * des documents'. A 400 with field errors (a password easily guessed) goes back to the form instead.
 */
export async function sendSelection(
  credentials: { mail: string; password: string },
  selection: Selection,
): Promise<SendResult> {
  try {
    const reply = await sendDocuments({
      ...credentials,
      idDocuments: [...selection.documents],
      idAnnexes: [...selection.annexes],
      // The archive's name and its documents' titles (README, "Languages").
      langue: currentLanguage(),
    });
    const messages = reply.ciemException.messages;
    const problem = messages.find((message) => message.level !== 'INFO');
    if (problem) {
      notify(messageKey(problem) ?? `messages.${DOCUMENT_MESSAGES.sendFailed}`, 'error');
      return { outcome: 'failed' };
    }
    notify(messageKey(messages[0]) ?? `messages.${DOCUMENT_MESSAGES.sent}`, 'success');
    return { outcome: 'sent' };
  } catch (error) {
    const fieldErrors = errorReplyOf(error)?.fieldErrors ?? [];
    if (fieldErrors.length > 0) return { fieldErrors };
    if (!(isApiError(error) && error.status === 401))
      notify(failureKey(error, `messages.${DOCUMENT_MESSAGES.sendFailed}`), 'error');
    return { outcome: 'failed' };
  }
}
