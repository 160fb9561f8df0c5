import { appointmentApi } from '@portail/contract/api/appointments';
import { callDownload } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { saveFile } from '../../../lib/save-file';

/**
 * `GET participant/rdvs-participant/{id}/ics`: the appointment's calendar file, to the downloads; its
 * name, title and physicians in the interface language (`langue`).
 */
export async function downloadAppointmentIcs(id: number): Promise<void> {
  const { blob, fileName } = await callDownload(appointmentApi.calendarFile, {
    params: { id },
    query: { langue: currentLanguage() },
  });
  saveFile(blob, fileName ?? `rendez-vous-${id}.ics`);
}
