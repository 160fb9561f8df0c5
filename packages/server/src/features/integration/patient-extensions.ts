import { portalExtension } from '@portail/contract/integration/fhir';

/** The portal's extensions of Patient (README "Integration API: resources (FHIR R4)"), read and written alike. */
export const PATIENT_EXTENSIONS = {
  category: portalExtension('participant-category'),
  checkupType: portalExtension('checkup-type'),
  periodicity: portalExtension('checkup-periodicity'),
  nextCheckup: portalExtension('next-checkup-date'),
  appointmentManagement: portalExtension('appointment-management'),
  origin: portalExtension('origin'),
  englishOnly: portalExtension('english-only'),
  profession: portalExtension('profession'),
  practiceCountry: portalExtension('practice-country'),
  membership: portalExtension('membership'),
  checkupInProgress: portalExtension('checkup-in-progress'),
  transferInProgress: portalExtension('transfer-in-progress'),
  lastMammogram: portalExtension('last-mammogram-date'),
} as const;
