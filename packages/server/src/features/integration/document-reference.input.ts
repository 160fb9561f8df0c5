import type { Attachment, DocumentReference, Extension } from '@medplum/fhirtypes';
import {
  ATTACHMENT_KIND_SYSTEM,
  DOCUMENT_CATEGORY_SYSTEM,
  DOCUMENT_TYPE_SYSTEM,
} from '@portail/contract/integration/fhir-documents';
import { centreInstant, centreWallClock } from '@portail/contract/rules/centre-time';
import {
  ATTACHMENT_KINDS,
  type AttachmentKind,
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  NAME_DISPLAY_MODES,
  type NameDisplayMode,
} from '../../db/schema';
import { DOCUMENT_EXTENSION } from './document-reference.mapping';
import { ruleBroken } from './fhir-outcome';
import { pdfBytes } from './pdf-content';

/**
 * What a client's DocumentReference asks the portal to store, checked element by element (422 naming
 * the element; the R4 definitions were checked before by the router). Existence of the participant,
 * type and check-up is the writer's (document-reference.write.ts): it needs the database.
 */

const AT = 'DocumentReference';

/** A PDF given inline (base64) or as a Binary the client created first (`Binary/tmp-N`). */
export type PdfSource = { bytes: Buffer } | { staged: number };

export interface DocumentInput {
  active: boolean;
  participantId: number;
  checkupId: number | null;
  checkupYear: number | null;
  category: DocumentCategory;
  typeId: number;
  name: string;
  label: string | null;
  mode: NameDisplayMode | null;
  createdAt: Date | null;
  availableFrom: Date | null;
  main: PdfSource;
  attachments: { kind: AttachmentKind; name: string; createdAt: Date | null; source: PdfSource }[];
}

const extensionOf = (extensions: Extension[] | undefined, url: string) =>
  extensions?.find((extension) => extension.url === url);

const STAGED = /^(?:.*\/)?Binary\/tmp-([1-9]\d{0,9})$/;
const REFERENCE_ID = /^[1-9]\d{0,9}$/;

/** `Patient/12` → 12 (a number the integer columns hold), or a 422 on `at`. */
function referencedNumber(reference: string | undefined, type: string, at: string): number {
  const [given, id = ''] = (reference ?? '').split('/', 2);
  if (given !== type || !REFERENCE_ID.test(id) || Number(id) > 2_147_483_647)
    throw ruleBroken(`${at} must be a reference to ${type}/N`, at, 'value');
  return Number(id);
}

export function statusActive(status: DocumentReference['status']): boolean {
  if (status === 'current') return true;
  if (status === 'entered-in-error') return false;
  throw ruleBroken(
    'status is current (shown to the participant) or entered-in-error (withdrawn); the portal does not record which document supersedes another',
    `${AT}.status`,
    'code-invalid',
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The hold's end: an instant as sent, or a day, meaning from midnight at the centre (Paris) that day,
 * the start of the day the participant may see it. A year or a month alone is too vague to hold results.
 */
export function availableFromOf(resource: DocumentReference): Date | null {
  const extension = extensionOf(resource.extension, DOCUMENT_EXTENSION.availableFrom);
  if (!extension) return null;
  const at = `${AT}.extension('${DOCUMENT_EXTENSION.availableFrom}').valueDateTime`;
  const value = extension.valueDateTime ?? '';
  if (DAY.test(value)) return centreInstant(value, 0);
  const instant = new Date(value);
  if (!INSTANT.test(value) || Number.isNaN(instant.getTime()))
    throw ruleBroken('The hold ends on a day (YYYY-MM-DD, at the centre) or at an instant', at, 'value');
  return instant;
}

export function nameModeOf(resource: DocumentReference): NameDisplayMode | null {
  const extension = extensionOf(resource.extension, DOCUMENT_EXTENSION.nameMode);
  if (!extension) return null;
  const code = extension.valueCode ?? '';
  if (!(NAME_DISPLAY_MODES as readonly string[]).includes(code))
    throw ruleBroken(
      `The name mode is ${NAME_DISPLAY_MODES.join(' or ')}`,
      `${AT}.extension('${DOCUMENT_EXTENSION.nameMode}').valueCode`,
      'code-invalid',
    );
  return code as NameDisplayMode;
}

/** The file name (`nomDocument`): the first content's title. */
/** The centre's own label (*libelleDocument*): shown as the document's name, so at most 255 characters. */
export function labelOf(resource: DocumentReference): string | null {
  const label = resource.description?.trim() ?? '';
  if (label.length > 255)
    throw ruleBroken(
      'The description is shown as the document’s name: at most 255 characters',
      `${AT}.description`,
      'value',
    );
  return label === '' ? null : label;
}

export function nameOf(resource: DocumentReference): string {
  const name = resource.content?.[0]?.attachment.title?.trim() ?? '';
  if (name === '' || name.length > 255)
    throw ruleBroken(
      'The document’s name is its PDF’s title (1 to 255 characters)',
      `${AT}.content[0].attachment.title`,
      'required',
    );
  return name;
}

function pdfSource(attachment: Attachment, at: string): PdfSource {
  if (attachment.data !== undefined) return { bytes: pdfBytes(attachment.contentType, attachment.data, at) };
  const staged = STAGED.exec(attachment.url ?? '');
  if (staged) {
    if (attachment.contentType !== undefined && attachment.contentType !== 'application/pdf')
      throw ruleBroken('contentType must be application/pdf', `${at}.contentType`, 'value');
    return { staged: Number(staged[1]) };
  }
  throw ruleBroken(
    'The PDF is given inline (data, base64) or as a Binary created first (url Binary/tmp-N, or its urn:uuid in a transaction)',
    `${at}.url`,
    'required',
  );
}

function codeOf(resource: DocumentReference, element: 'category' | 'type', system: string): string {
  const codings =
    element === 'category'
      ? (resource.category ?? []).flatMap((c) => c.coding ?? [])
      : (resource.type?.coding ?? []);
  const ours = codings.filter((coding) => coding.system === system);
  if (ours.length !== 1 || !ours[0]?.code)
    throw ruleBroken(`${element} needs one code of ${system}`, `${AT}.${element}`, 'required');
  return ours[0].code;
}

const instantOf = (value: string | undefined, at: string): Date | null => {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw ruleBroken('Not an instant', at, 'value');
  return date;
};

/** A created DocumentReference's elements, checked. */
export function documentInput(resource: DocumentReference): DocumentInput {
  const category = codeOf(resource, 'category', DOCUMENT_CATEGORY_SYSTEM);
  if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(category))
    throw ruleBroken(
      `A participant's document is of category ${DOCUMENT_CATEGORIES.join(', ')} (advice sheets and data-protection documents are not written through this API)`,
      `${AT}.category`,
      'code-invalid',
    );
  const typeCode = codeOf(resource, 'type', DOCUMENT_TYPE_SYSTEM);
  if (!REFERENCE_ID.test(typeCode) || Number(typeCode) > 2_147_483_647)
    throw ruleBroken('type is a document type’s number', `${AT}.type`, 'code-invalid');
  const encounters = resource.context?.encounter ?? [];
  if (encounters.length > 1)
    throw ruleBroken('A document belongs to one check-up', `${AT}.context.encounter`);
  const yearExtension = extensionOf(resource.extension, DOCUMENT_EXTENSION.checkupYear);
  const year = yearExtension?.valueInteger;
  if (yearExtension && (year === undefined || year < 1900 || year > 2200))
    throw ruleBroken(
      'The check-up year is a year',
      `${AT}.extension('${DOCUMENT_EXTENSION.checkupYear}').valueInteger`,
      'value',
    );
  const [main, ...rest] = resource.content ?? [];
  if (!main) throw ruleBroken('The document’s PDF is its first content', `${AT}.content`, 'required');
  const attachments = rest.map((content, index) => {
    const at = `${AT}.content[${index + 1}]`;
    const kind = extensionOf(content.extension, DOCUMENT_EXTENSION.attachmentKind)?.valueCoding;
    if (
      kind?.system !== ATTACHMENT_KIND_SYSTEM ||
      !(ATTACHMENT_KINDS as readonly string[]).includes(kind.code ?? '')
    )
      throw ruleBroken(
        `An attachment says its kind: EXTRACIEM (selectable) or LS (view only), extension ${DOCUMENT_EXTENSION.attachmentKind}`,
        `${at}.extension`,
        'required',
      );
    const name = content.attachment.title?.trim() ?? '';
    if (name === '' || name.length > 255)
      throw ruleBroken(
        'An attachment’s name is its title (1 to 255 characters)',
        `${at}.attachment.title`,
        'required',
      );
    return {
      kind: kind.code as AttachmentKind,
      name,
      createdAt: instantOf(content.attachment.creation, `${at}.attachment.creation`),
      source: pdfSource(content.attachment, `${at}.attachment`),
    };
  });
  return {
    active: statusActive(resource.status),
    participantId: referencedNumber(resource.subject?.reference, 'Patient', `${AT}.subject`),
    checkupId: encounters[0]
      ? referencedNumber(encounters[0].reference, 'EpisodeOfCare', `${AT}.context.encounter[0]`)
      : null,
    checkupYear: year ?? null,
    category: category as DocumentCategory,
    typeId: Number(typeCode),
    name: nameOf(resource),
    label: labelOf(resource),
    mode: nameModeOf(resource),
    createdAt: instantOf(resource.date, `${AT}.date`),
    availableFrom: availableFromOf(resource),
    main: pdfSource(main.attachment, `${AT}.content[0].attachment`),
    attachments,
  };
}

/** The check-up year when the client gave none: the year of the document's day at the centre. */
export const defaultCheckupYear = (createdAt: Date): number =>
  Number(centreWallClock(createdAt)?.date.slice(0, 4) ?? createdAt.getUTCFullYear());
