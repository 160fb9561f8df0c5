import type { CheckupExportBody } from '@portail/contract/schemas/checkups';
import { apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

export const CHECKUP_EXPORT_PATH = '/excel-participant-bilan';
export const HISTORY_EXPORT_PATH = '/excel-participant-historique-bilan';
export type ExportPath = typeof CHECKUP_EXPORT_PATH | typeof HISTORY_EXPORT_PATH;

/**
 * `POST /excel-participant-bilan` or `/excel-participant-historique-bilan` (000 §7): the workbook of
 * the current filters and sort, its headers in `langue`. Errors are the API client's toasts.
 */
export async function exportCheckups(
  path: ExportPath,
  body: CheckupExportBody,
  fallbackName: string,
): Promise<void> {
  const { blob, fileName } = await apiDownload(path, { method: 'POST', body });
  saveFile(blob, fileName ?? fallbackName);
}
