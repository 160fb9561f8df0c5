import { apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/** `GET participant/rdvs-participant/{id}/ics`: the appointment's calendar file, to the downloads. */
export async function downloadAppointmentIcs(id: number): Promise<void> {
  const { blob, fileName } = await apiDownload(`/participant/rdvs-participant/${id}/ics`);
  saveFile(blob, fileName ?? `rendez-vous-${id}.ics`);
}
