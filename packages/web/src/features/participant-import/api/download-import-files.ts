import { participantImportApi } from '@portail/contract/api/participant-import';
import type { Language } from '@portail/contract/constants';
import { callDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/** `GET adherentsCorrespondant/import/modele`: the template, headed and listed in `language`. */
export async function downloadTemplate(language: Language): Promise<void> {
  const { blob, fileName } = await callDownload(participantImportApi.template, {
    query: { langue: language },
  });
  saveFile(
    blob,
    fileName ?? (language === 'en_EN' ? 'participants-template.xlsx' : 'modele-participants.xlsx'),
  );
}

/** `GET adherentsCorrespondant/import/{id}/rapport`: what the import did to each row, in `language`. */
export async function downloadReport(id: string, language: Language): Promise<void> {
  const { blob, fileName } = await callDownload(participantImportApi.report, {
    params: { id },
    query: { langue: language },
  });
  saveFile(blob, fileName ?? (language === 'en_EN' ? 'import-report.xlsx' : 'compte-rendu-import.xlsx'));
}
