import { participantImportApi } from '@portail/contract/api/participant-import';
import type { ImportStatusReply } from '@portail/contract/schemas/participant-import';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { importKeys } from './import-keys';

/** How often the state of a running import is read. */
export const STATUS_POLL_MS = 1000;

/** An import still to finish: its state is read again. */
export const isRunning = (status: ImportStatusReply | undefined) =>
  status === undefined || status.state === 'checked' || status.state === 'running';

/**
 * Activation mails still waiting once the rows are written: they leave a few a second after the import
 * ends, and the report's counts follow them (every few seconds: nothing else changes).
 */
const MAIL_POLL_MS = 3000;
const mailsWaiting = (status: ImportStatusReply | undefined) =>
  status !== undefined && status.state === 'done' && status.activationsQueued > 0;

/**
 * `GET adherentsCorrespondant/import/{id}`: the progress of an import, read every second while it runs
 * (quietly: no loading bar every second), then its outcome, read again while its mails are leaving.
 */
export function useImportStatus(id: string | null, initial?: ImportStatusReply) {
  return useQuery({
    queryKey: importKeys.status(id ?? ''),
    queryFn: ({ signal }) =>
      // Told on the screen (its alert), not by a toast every second.
      call(participantImportApi.status, { params: { id: id ?? '' }, signal, silent: true, handle: 'all' }),
    enabled: id !== null,
    ...(initial ? { initialData: initial } : {}),
    // A passing failure (network, server) does not stop the reading; an import not found does.
    refetchInterval: (query) => {
      if (isApiError(query.state.error) && query.state.error.status === 404) return false;
      if (isRunning(query.state.data)) return STATUS_POLL_MS;
      return mailsWaiting(query.state.data) ? MAIL_POLL_MS : false;
    },
  });
}
