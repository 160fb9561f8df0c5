import { FHIR_PDF_MAX_BYTES } from '@portail/contract/integration/fhir-documents';
import { ruleBroken } from './fhir-outcome';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * The bytes of a PDF a client sends (`Attachment.data`, `Binary.data`): base64 as FHIR writes it, a
 * PDF by its first bytes (`%PDF-`, what every PDF reader checks first), at most FHIR_PDF_MAX_BYTES
 * (10 MB: a scanned report of many pages; 13.4 MB once in base64, within the router's body limit, and
 * half of what the send dialog mails at once, MAX_SENT_BYTES). The participants' screens serve these bytes as PDFs: nothing
 * else may get in.
 */
export function pdfBytes(contentType: string | undefined, data: string | undefined, at: string): Buffer {
  if (contentType !== 'application/pdf')
    throw ruleBroken(
      'The portal stores PDFs only: contentType must be application/pdf',
      `${at}.contentType`,
      'value',
    );
  const text = (data ?? '').replace(/\s+/g, '');
  if (text === '') throw ruleBroken('The PDF is missing', `${at}.data`, 'required');
  if (!BASE64.test(text) || text.length % 4 !== 0)
    throw ruleBroken('data is not base64', `${at}.data`, 'value');
  if ((text.length / 4) * 3 > FHIR_PDF_MAX_BYTES + 2)
    throw ruleBroken(`The PDF is over ${FHIR_PDF_MAX_BYTES / 1024 / 1024} MB`, `${at}.data`, 'too-costly');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > FHIR_PDF_MAX_BYTES)
    throw ruleBroken(`The PDF is over ${FHIR_PDF_MAX_BYTES / 1024 / 1024} MB`, `${at}.data`, 'too-costly');
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw ruleBroken('The content is not a PDF (it does not start with %PDF-)', `${at}.data`, 'value');
  return bytes;
}
