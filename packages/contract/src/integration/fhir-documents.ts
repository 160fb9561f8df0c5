import { PORTAL_FHIR_CANONICAL, portalCodeSystem } from './fhir';

/**
 * The documents of the integration API (issue 19): DocumentReference for the participants' medical
 * documents, the advice sheets and the data-protection documents, Binary for their PDFs. README
 * "Integration API: resources" documents each name.
 */

/**
 * Ids. A medical document is `DocumentReference/<its number>` (as the audit's AuditEvents name it);
 * advice sheets and data-protection documents live in other tables and take a prefix so that the
 * numbers never collide. Binary ids are the DocumentReference's for the main PDF, and `annexe-N` for an
 * attachment (which has no DocumentReference of its own: it is a further `content` of its document's).
 */
export const DOCUMENT_PREFIX = { sheet: 'fiche', legal: 'rgpd' } as const;
export const ATTACHMENT_BINARY_PREFIX = 'annexe';

/** Identifier systems of the portal's document numbers (assigned by the portal, read-only). */
export const DOCUMENT_ID_SYSTEM = {
  document: `${PORTAL_FHIR_CANONICAL}/sid/document`,
  sheet: `${PORTAL_FHIR_CANONICAL}/sid/advice-sheet`,
  legal: `${PORTAL_FHIR_CANONICAL}/sid/data-protection-document`,
} as const;

/**
 * DocumentReference.category: the medical record's four lists (docs/documents-and-sheets.md#categories, `categorieExtraciem`) and two
 * codes of this API for the documents every participant shares.
 */
export const DOCUMENT_CATEGORY_SYSTEM = portalCodeSystem('categorieExtraciem');
export const DOCUMENT_CATEGORY_DISPLAY = {
  MEDICO_TECHNIQUE: 'Résultats d’analyses',
  CONS_MEDICAL: 'Consultations',
  CONSULT_GYN: 'Consultation gynécologique',
  COURRIER: 'Courrier',
  FICHE_CONSEIL: 'Fiche conseil',
  PROTECTION_DONNEES: 'Protection des données',
} as const;
export type DocumentCategoryCode = keyof typeof DOCUMENT_CATEGORY_DISPLAY;

/** DocumentReference.type of a medical document: the centre's document types, coded by their number. */
export const DOCUMENT_TYPE_SYSTEM = portalCodeSystem('typeDocument');

/** Which kind of attachment a further `content` is: EXTRACIEM (selectable for sending) or LS (view only). */
export const ATTACHMENT_KIND_SYSTEM = portalCodeSystem('document-attachment-kind');
export const ATTACHMENT_KIND_DISPLAY = {
  EXTRACIEM: 'Annexe sélectionnable (envoi)',
  LS: 'Annexe en consultation seule',
} as const;

/** The largest PDF the API takes in a DocumentReference or Binary it creates (bytes). */
export const FHIR_PDF_MAX_BYTES = 10 * 1024 * 1024;
