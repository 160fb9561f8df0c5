import type { AppointmentRow } from '@portail/contract/schemas/appointments';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCentre } from '../../lib/centre';
import { formatCentreDate, formatCentreTime } from '../../lib/dates';
import { localised, useEnglish } from '../../lib/localised';
import { downloadAppointmentIcs } from './api/download-ics';
import { googleCalendarUrl } from './google-calendar';

/** The centre's wall-clock date and time: the visit is at 07:30 in Paris, wherever the device is. */
export const appointmentWhen = (iso: string) => `${formatCentreDate(iso)} ${formatCentreTime(iso)}`;

/** The physicians of an appointment, one a line ("Cardiologue : Dr …"). */
export function usePhysicians() {
  const { t } = useTranslation();
  return useCallback(
    (row: AppointmentRow) =>
      (
        [
          ['appointments.columns.cardiologist', row.cardiologue],
          ['appointments.columns.internist', row.interniste],
          ['appointments.columns.gynecologist', row.gynecologue],
        ] as const
      )
        .filter(([, name]) => name)
        .map(([key, name]) => t('appointments.physician', { role: t(key), name })),
    [t],
  );
}

export interface CalendarActions {
  /** The Google Calendar link; null until the centre (the event's place) is known. */
  google: { label: string; href: string | null };
  ics: { label: string; download: () => void };
}

/** "Add to calendar" of an upcoming appointment: a Google Calendar link and the `.ics` file. */
export function useCalendarActions(): (row: AppointmentRow) => CalendarActions {
  const { t } = useTranslation();
  const english = useEnglish();
  const { data: centre } = useCentre();
  const physicians = usePhysicians();
  return useCallback(
    (row: AppointmentRow) => {
      const name = { purpose: localised(english, row.objet, row.objetEn), date: appointmentWhen(row.debut) };
      return {
        google: {
          label: t('appointments.google', name),
          href: centre ? googleCalendarUrl(row, physicians(row).join('\n'), centre, english) : null,
        },
        ics: { label: t('appointments.ics', name), download: () => void downloadAppointmentIcs(row.id) },
      };
    },
    [t, centre, physicians, english],
  );
}
