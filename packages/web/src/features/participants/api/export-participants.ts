import { participantApi } from '@portail/contract/api/participants';
import type { ParticipantExportBody } from '@portail/contract/schemas/participants';
import { callDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/**
 * `POST excel-adherents` (issue 22, docs/participants.md#bulk-actions): the selection as a workbook,
 * its headers in `langue`, saved under the server's file name. Errors are the API client's toasts.
 */
export async function exportParticipants(body: ParticipantExportBody, fallbackName: string): Promise<void> {
  const { blob, fileName } = await callDownload(participantApi.exportSelection, { body });
  saveFile(blob, fileName ?? fallbackName);
}
