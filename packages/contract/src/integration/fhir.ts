/**
 * The FHIR R4 integration API (issue 19): where it is served and the names of the portal's own code
 * systems, extensions and identifier systems. Their canonical URLs are stable names, not addresses
 * anyone fetches; the README documents each.
 */

/** Base path of the FHIR server (the token endpoint and the SMART configuration live under it too). */
export const FHIR_BASE_PATH = '/fhir/R4';
export const FHIR_MIME = 'application/fhir+json';
export const FHIR_VERSION = '4.0.1';

/** Canonical root of the portal's definitions. */
export const PORTAL_FHIR_CANONICAL = 'https://portail-bilans.fr/fhir';

/** The portal's CodeSystem (check-up types, states, document categories, reasons…), one per namespace. */
export const portalCodeSystem = (namespace: string): string =>
  `${PORTAL_FHIR_CANONICAL}/CodeSystem/${namespace}`;

/** The portal's extensions. */
export const portalExtension = (name: string): string =>
  `${PORTAL_FHIR_CANONICAL}/StructureDefinition/${name}`;

/** Identifier systems of the portal's own ids (read-only: the portal assigns them). */
export const PORTAL_ID_SYSTEM = {
  participant: `${PORTAL_FHIR_CANONICAL}/sid/participant`,
  establishment: `${PORTAL_FHIR_CANONICAL}/sid/establishment`,
  company: `${PORTAL_FHIR_CANONICAL}/sid/company`,
  group: `${PORTAL_FHIR_CANONICAL}/sid/group`,
  checkup: `${PORTAL_FHIR_CANONICAL}/sid/checkup`,
  visit: `${PORTAL_FHIR_CANONICAL}/sid/visit`,
  appointment: `${PORTAL_FHIR_CANONICAL}/sid/appointment`,
  correspondant: `${PORTAL_FHIR_CANONICAL}/sid/correspondant`,
} as const;

/**
 * The identifier systems of the centre's own numbers when the deployment names none
 * (FHIR_PATIENT_ID_SYSTEM, FHIR_ORGANIZATION_ID_SYSTEM, FHIR_CORRESPONDANT_ID_SYSTEM): a centre sets
 * its information system's.
 */
export const CENTRE_ID_SYSTEMS = {
  patient: `${PORTAL_FHIR_CANONICAL}/sid/centre-patient`,
  organization: `${PORTAL_FHIR_CANONICAL}/sid/centre-organization`,
  correspondant: `${PORTAL_FHIR_CANONICAL}/sid/centre-correspondant`,
} as const;

/**
 * Appointment ids: the check-up's visits (home card) and the bookings with the centre's physicians
 * ("my appointments") are two tables, told apart by a prefix. Consent ids: the online medical record
 * and the withdrawal consent of a participant, one of each at most.
 */
export const APPOINTMENT_PREFIX = { visit: 'vis', appointment: 'rdv' } as const;
export const CONSENT_PREFIX = { medicalRecord: 'dmc', withdrawal: 'retr' } as const;

/** SIRET (establishments) and SIREN (companies): the INSEE's identifier systems as FR Core names them. */
export const SIRET_SYSTEM = 'https://sirene.fr/siret';
export const SIREN_SYSTEM = 'https://sirene.fr/siren';

/** INS-NIR, the national health identifier (sent by the back office only, for a qualified identity). */
export const INS_NIR_SYSTEM = 'urn:oid:1.2.250.1.213.1.4.8';

/** Organization ids: one resource type for three tables, told apart by a prefix. */
export const ORGANIZATION_PREFIX = { group: 'grp', company: 'ent', establishment: 'etab' } as const;
export type OrganizationKind = keyof typeof ORGANIZATION_PREFIX;
