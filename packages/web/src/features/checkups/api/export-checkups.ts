import type { checkupApi } from '@portail/contract/api/checkups';
import type { CheckupExportBody } from '@portail/contract/schemas/checkups';
import { callDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/** The two workbook exports: the check-up list's and the history's. */
export type ExportRoute = typeof checkupApi.exportList | typeof checkupApi.exportHistory;

/**
 * `POST /excel-participant-bilan` or `/excel-participant-historique-bilan` (docs/checkups.md#excel-export): the workbook of
 * the current filters and sort, its headers in `langue`. Errors are the API client's toasts.
 */
export async function exportCheckups(
  route: ExportRoute,
  body: CheckupExportBody,
  fallbackName: string,
): Promise<void> {
  const { blob, fileName } = await callDownload(route, { body });
  saveFile(blob, fileName ?? fallbackName);
}
