import type { EpisodeOfCare, Extension } from '@medplum/fhirtypes';
import {
  ORGANIZATION_PREFIX,
  PORTAL_ID_SYSTEM,
  portalCodeSystem,
  portalExtension,
} from '@portail/contract/integration/fhir';
import type { CheckupState, checkups } from '../../db/schema';
import type { CodeBook } from './codes';

export const CHECKUP_STATE_EXTENSION = portalExtension('checkup-state');
export const BILLING_DATE_EXTENSION = portalExtension('billing-date');

/**
 * The check-up states (docs/checkups.md#states) with the codes the portal's own API uses for them (etatBilan of the
 * check-up list) and the FHIR status each means: a closed and an invoiced check-up are both over for
 * care; the portal's code tells them apart (extension `checkup-state`).
 */
export const CHECKUP_STATES: Record<
  CheckupState,
  { code: string; display: string; status: EpisodeOfCare['status'] }
> = {
  IN_PROGRESS: { code: 'EN_COURS', display: 'En cours', status: 'active' },
  CLOSED: { code: 'CLOTURE', display: 'Clôturé', status: 'finished' },
  INVOICED: { code: 'FACTURE', display: 'Facturé', status: 'finished' },
};

type CheckupRow = typeof checkups.$inferSelect;

/** A check-up (bilan) as a FHIR EpisodeOfCare: README "Integration API: resources". */
export function checkupToEpisode(row: CheckupRow, book: CodeBook): EpisodeOfCare {
  const state = CHECKUP_STATES[row.state];
  const type = book.coding(row.checkupTypeId);
  const extension: Extension[] = [
    {
      url: CHECKUP_STATE_EXTENSION,
      valueCoding: { system: portalCodeSystem('etatBilan'), code: state.code, display: state.display },
    },
    ...(row.billingDate ? [{ url: BILLING_DATE_EXTENSION, valueDate: row.billingDate }] : []),
  ];
  const period = {
    ...(row.firstAppointmentDate ? { start: row.firstAppointmentDate } : {}),
    ...(row.closingDate ? { end: row.closingDate } : {}),
  };
  return {
    resourceType: 'EpisodeOfCare',
    id: String(row.id),
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    extension,
    identifier: [{ system: PORTAL_ID_SYSTEM.checkup, value: String(row.id) }],
    status: state.status,
    ...(type ? { type: [{ coding: [type] }] } : {}),
    patient: { reference: `Patient/${row.participantId}` },
    managingOrganization: {
      reference: `Organization/${ORGANIZATION_PREFIX.establishment}-${row.establishmentId}`,
    },
    ...(Object.keys(period).length > 0 ? { period } : {}),
  };
}
