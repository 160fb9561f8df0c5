import { myDataApi } from '@portail/contract/api/my-data';
import { callDownload } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { saveFile } from '../../../lib/save-file';

/**
 * `POST user/mesDonnees` (docs/personal-details.md#my-data): the archive of everything the portal holds
 * about the caller, to the downloads; AES-256 when a password is given. A refused password (400) and
 * the limit (429) are the tab's to tell, not a toast.
 */
export async function downloadMyData(password: string | null): Promise<void> {
  const { blob, fileName } = await callDownload(myDataApi.archive, {
    body: { langue: currentLanguage(), ...(password ? { motDePasse: password } : {}) },
    handle: [400, 429],
  });
  saveFile(blob, fileName ?? 'mes-donnees.zip');
}
