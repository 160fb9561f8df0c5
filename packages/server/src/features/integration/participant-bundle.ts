import type { Bundle, DocumentReference, DocumentReferenceContent, Resource } from '@medplum/fhirtypes';
import { CONSENT_PREFIX, FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { appointments, checkups, participants, visits } from '../../db/schema';
import { bookingToAppointment, visitToAppointment } from './appointment-mapping';
import { loadCodeBook } from './codes';
import type { ConsentKind } from './consent.resource';
import { readConsent } from './consent.resource';
import { attachmentBinaryId, medicalDocumentReference, sheetReference } from './document-reference.mapping';
import { readMedicalDocuments, readSheets } from './document-reference.queries';
import { checkupToEpisode } from './episode-of-care-mapping';
import { participantToPatient } from './patient.resource';

/** Where each file of an archive is, by its row id: the Bundle's DocumentReferences point there. */
export interface ArchivedFiles {
  documents: ReadonlyMap<number, string>;
  attachments: ReadonlyMap<number, string>;
  sheets: ReadonlyMap<number, string>;
}

/**
 * The content of a DocumentReference as the archive holds it: each attachment's `url` is the path of
 * its file beside the Bundle (a relative URL), and an attachment the archive does not hold is left out,
 * so nothing points back to the API nor carries the bytes inline.
 */
function pointedAtArchive(
  reference: DocumentReference,
  pathOf: (url: string | undefined) => string | undefined,
): DocumentReference {
  const content = reference.content.flatMap((item): DocumentReferenceContent[] => {
    const path = pathOf(item.attachment.url);
    // A relative URL: the path percent-encoded (a title's spaces and accents are not URL characters).
    return path ? [{ ...item, attachment: { ...item.attachment, url: encodeURI(path) } }] : [];
  });
  return { ...reference, content };
}

/**
 * One participant's data as a FHIR R4 Bundle of type `collection` ("my data",
 * docs/personal-details.md#my-data), with the integration API's own mappings: the Patient, the
 * DocumentReferences of the documents and sheets the archive holds (`files`), the check-ups
 * (EpisodeOfCare), the visits and bookings (Appointment), and the consents the participant answered.
 * Every query is scoped by the participant's id; the documents are those the caller chose to archive.
 */
export async function participantBundle(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl' | 'centreIdSystems'>,
  participantId: number,
  files: ArchivedFiles,
  now: Date = new Date(),
): Promise<Bundle> {
  const baseUrl = `${config.publicUrl}${FHIR_BASE_PATH}`;
  const book = await loadCodeBook(db);
  const [patientRow] = await db.select().from(participants).where(eq(participants.id, participantId));
  if (!patientRow) throw new Error(`participant ${participantId} not found`);
  const documentRows = (await readMedicalDocuments(db, [...files.documents.keys()])).filter(
    (row) => row.participantId === participantId,
  );
  const sheetRows = await readSheets(db, [...files.sheets.keys()]);
  const checkupRows = await db
    .select()
    .from(checkups)
    .where(eq(checkups.participantId, participantId))
    .orderBy(asc(checkups.id));
  const visitRows = await db
    .select()
    .from(visits)
    .where(eq(visits.participantId, participantId))
    .orderBy(asc(visits.id));
  const bookingRows = await db
    .select({ ...getTableColumns(appointments), checkupId: visits.checkupId })
    .from(appointments)
    .leftJoin(visits, eq(visits.id, appointments.visitId))
    .where(eq(appointments.participantId, participantId))
    .orderBy(asc(appointments.id));
  const consents = [];
  for (const kind of Object.keys(CONSENT_PREFIX) as ConsentKind[]) {
    const consent = await readConsent(db, `${CONSENT_PREFIX[kind]}-${participantId}`, baseUrl);
    if (consent) consents.push(consent);
  }

  const byUrl = new Map<string, string>();
  for (const [id, path] of files.documents) byUrl.set(`${baseUrl}/Binary/${id}`, path);
  for (const [id, path] of files.attachments) byUrl.set(`${baseUrl}/Binary/${attachmentBinaryId(id)}`, path);
  for (const row of sheetRows) {
    const path = files.sheets.get(row.id);
    if (path) byUrl.set(sheetReference(row, baseUrl).content[0]?.attachment.url ?? '', path);
  }
  const pathOf = (url: string | undefined) => (url ? byUrl.get(url) : undefined);

  const resources: Resource[] = [
    participantToPatient(patientRow, book, config.centreIdSystems.patient),
    ...documentRows.map((row) => pointedAtArchive(medicalDocumentReference(row, baseUrl), pathOf)),
    ...sheetRows.map((row) => pointedAtArchive(sheetReference(row, baseUrl), pathOf)),
    ...checkupRows.map((row) => checkupToEpisode(row, book)),
    ...visitRows.map((row) => visitToAppointment(row, now)),
    ...bookingRows.map((row) => bookingToAppointment(row, now)),
    ...consents,
  ];
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: now.toISOString(),
    entry: resources.map((resource) => ({
      fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id}`,
      resource,
    })),
  };
}
