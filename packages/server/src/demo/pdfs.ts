import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** Fixed metadata dates, so that the same seed gives byte-identical PDFs. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** A one-page A4 PDF with a title and a few lines, marked as demonstration content. */
export async function makePdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Portail bilans (démonstration)');
  pdf.setProducer('Portail bilans');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 56, y: 770, size: 18, font: bold, color: rgb(0.05, 0.25, 0.45) });
  page.drawText('Document de démonstration : données fictives', { x: 56, y: 745, size: 10, font });
  lines.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 710 - i * 18, size: 11, font });
  });
  return pdf.save();
}

export interface DemoPdfs {
  byCategory: Record<'MEDICO_TECHNIQUE' | 'CONS_MEDICAL' | 'CONSULT_GYN' | 'COURRIER', Uint8Array>;
  attachment: Uint8Array;
  lsAttachment: Uint8Array;
  sheet: Uint8Array;
  legal: Uint8Array[];
}

/** The handful of PDFs every row reuses: building one per row would dominate the generation time. */
export async function makeDemoPdfs(
  legalTexts: readonly { title: string; lines: readonly string[] }[],
): Promise<DemoPdfs> {
  const [analyses, consultation, gyn, letter, attachment, lsAttachment, sheet] = await Promise.all([
    makePdf("Résultats d'analyses", [
      'Hémoglobine : 14,2 g/dL',
      'Glycémie à jeun : 0,92 g/L',
      'Cholestérol total : 1,85 g/L',
    ]),
    makePdf('Compte rendu de consultation', [
      'Examen clinique sans particularité.',
      'Tension artérielle : 12/8.',
    ]),
    makePdf('Consultation gynécologique', [
      'Examen gynécologique normal.',
      'Prochain frottis dans trois ans.',
    ]),
    makePdf('Courrier', ['Madame, Monsieur,', 'Veuillez trouver ci-joint les résultats de votre bilan.']),
    makePdf('Électrocardiogramme (annexe)', ['Rythme sinusal régulier, 64 battements par minute.']),
    makePdf('Lettre de synthèse (annexe)', ['Synthèse adressée à votre médecin traitant.']),
    makePdf('Fiche conseil', ['Conseils de prévention remis lors de votre bilan.']),
  ]);
  const legal = await Promise.all(legalTexts.map(({ title, lines }) => makePdf(title, lines)));
  return {
    byCategory: {
      MEDICO_TECHNIQUE: analyses,
      CONS_MEDICAL: consultation,
      CONSULT_GYN: gyn,
      COURRIER: letter,
    },
    attachment,
    lsAttachment,
    sheet,
    legal,
  };
}
