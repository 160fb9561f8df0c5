import type { CheckupExportBody } from '@portail/contract/schemas/checkups';
import { apiDownload } from '../../../lib/api';

export const CHECKUP_EXPORT_PATH = '/excel-participant-bilan';
export const HISTORY_EXPORT_PATH = '/excel-participant-historique-bilan';
export type ExportPath = typeof CHECKUP_EXPORT_PATH | typeof HISTORY_EXPORT_PATH;

/** Hands a downloaded file to the browser under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address can go after the current task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
