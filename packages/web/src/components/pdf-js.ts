import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import dingbatsUrl from 'pdfjs-dist/standard_fonts/FoxitDingbats.pfb?url';
import symbolUrl from 'pdfjs-dist/standard_fonts/FoxitSymbol.pfb?url';

/**
 * pdf.js as the portal runs it: the worker is a file of this build (the CSP allows workers from
 * 'self' only, and nothing is fetched from a CDN). This module is imported only by the lazy PDF
 * view, so pdf.js is in the chunks that show a PDF and nowhere else.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Non-embedded standard fonts use the system's fonts (pdf.js's default in browsers); only Symbol and
 * ZapfDingbats have no system equivalent, so those two font files are bundled. CMaps (CJK text) and
 * the optional WebAssembly decoders are not: pdf.js falls back to its JavaScript decoders.
 */
const BUNDLED: Record<string, string> = {
  'FoxitDingbats.pfb': dingbatsUrl,
  'FoxitSymbol.pfb': symbolUrl,
};

class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'standardFontDataUrl' ? BUNDLED[filename] : undefined;
    if (!url) throw new Error(`${kind} ${filename} is not bundled`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** Opens a PDF from its bytes (a copy is handed to the worker, the caller keeps its own). */
export function openPdf(bytes: Uint8Array): { promise: Promise<PDFDocumentProxy>; destroy: () => void } {
  const task = getDocument({
    data: bytes.slice(),
    BinaryDataFactory: BundledDataFactory,
    useWorkerFetch: false,
    // The CSP has no 'unsafe-eval': pdf.js must not try to compile fonts or functions.
    isEvalSupported: false,
    enableXfa: false,
  });
  return { promise: task.promise, destroy: () => void task.destroy() };
}

export type { PDFDocumentProxy };
