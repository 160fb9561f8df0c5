import { participantImportApi } from '@portail/contract/api/participant-import';
import { type ImportStatusReply, importStatusReply } from '@portail/contract/schemas/participant-import';
import { call } from '../../../lib/api';
import { ApiError, isApiError } from '../../../lib/api-error';

/**
 * How starting an import ended: it runs (its first state), the check has expired (404: the file must be
 * checked again), or it had been started already (409: its state is read as for any import). Other
 * failures were told by the API client's toast.
 */
export type RunOutcome =
  | { kind: 'started'; status: ImportStatusReply }
  | { kind: 'expired' }
  | { kind: 'alreadyRun' }
  | { kind: 'failed' };

/** `POST adherentsCorrespondant/import/{id}/executer`: imports the new rows, and the updates when asked. */
export async function runImport(id: string, mettreAJour: boolean): Promise<RunOutcome> {
  try {
    // A 202 has no schema `call` validates by itself: its body is read here.
    const reply: unknown = await call(participantImportApi.run, {
      params: { id },
      body: { mettreAJour },
      handle: [404, 409],
    });
    const parsed = importStatusReply.safeParse(reply);
    if (!parsed.success) throw new ApiError(500, reply, null, false);
    return { kind: 'started', status: parsed.data };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 404) return { kind: 'expired' };
    if (error.status === 409) return { kind: 'alreadyRun' };
    return { kind: 'failed' };
  }
}
