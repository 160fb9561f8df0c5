import type { Language } from '@portail/contract/constants';

/** What the README says the archive holds; set once the list of files is known. */
export interface ReadmeFacts {
  productName: string;
  builtOn: string;
  medicalRecord: boolean;
  documents: number;
  sheets: number;
  appointments: number;
  encrypted: boolean;
}

const lines = (text: string[]) => `${text.join('\r\n')}\r\n`;

/**
 * README.txt, first in the archive (docs/personal-details.md#my-data): each file and what it holds, in
 * the account's language. CRLF line ends so that Windows' Notepad shows the lines too.
 */
export function readmeText(language: Language, facts: ReadmeFacts): string {
  if (language === 'en_EN')
    return lines([
      `My data — ${facts.productName}`,
      `Archive built on ${facts.builtOn} (Paris time).`,
      '',
      'This archive holds everything the portal keeps about you:',
      '- dossier.json: your account and your record (identity, contact details, address, establishment,',
      '  check-ups, consents and preferences), readable in any text editor.',
      '- fhir-bundle.json: the same data as a FHIR R4 Bundle (collection), the health-data exchange',
      '  format another health service can import. Its DocumentReferences point at the files below.',
      facts.medicalRecord
        ? `- documents/: your ${facts.documents} document(s) as PDF files (attachments in documents/annexes/).`
        : '- documents/ and fiches/ are absent: you have not accepted the online medical record, so the',
      facts.medicalRecord
        ? `- fiches/: the ${facts.sheets} advice sheet(s) the portal shows you, as PDF files.`
        : '  portal shows you no document. Once you accept it, a new archive will include them.',
      `- rendez-vous.ics: your ${facts.appointments} appointment(s) as one calendar (Outlook, Google, Apple...).`,
      '- activite.csv: your activity as the portal\'s "My activity" page lists it (date, event, by whom, documents, details);',
      '  UTF-8, columns separated by semicolons (opens in Excel and LibreOffice).',
      '',
      facts.encrypted
        ? 'The archive is encrypted (AES-256) with the password you chose; the portal does not keep it.'
        : 'The archive is not encrypted: keep it in a safe place.',
    ]);
  return lines([
    `Mes données — ${facts.productName}`,
    `Archive créée le ${facts.builtOn} (heure de Paris).`,
    '',
    'Cette archive contient tout ce que le portail conserve à votre sujet :',
    '- dossier.json : votre compte et votre dossier (identité, coordonnées, adresse, établissement,',
    '  bilans, consentements et préférences), lisible dans tout éditeur de texte.',
    '- fhir-bundle.json : les mêmes données en Bundle FHIR R4 (collection), le format d’échange de',
    '  données de santé qu’un autre service de santé peut importer. Ses DocumentReference',
    '  renvoient aux fichiers ci-dessous.',
    facts.medicalRecord
      ? `- documents/ : vos ${facts.documents} document(s) en PDF (pièces jointes dans documents/annexes/).`
      : '- documents/ et fiches/ sont absents : vous n’avez pas accepté le dossier médical en ligne, le',
    facts.medicalRecord
      ? `- fiches/ : les ${facts.sheets} fiche(s) conseils que le portail vous présente, en PDF.`
      : '  portail ne vous présente donc aucun document. Une fois accepté, une nouvelle archive les contiendra.',
    `- rendez-vous.ics : vos ${facts.appointments} rendez-vous en un calendrier (Outlook, Google, Apple...).`,
    '- activite.csv : votre activité, telle que la page « Mon activité » la présente (date, événement, par qui, documents, détails) ;',
    '  UTF-8, colonnes séparées par des points-virgules (s’ouvre dans Excel et LibreOffice).',
    '',
    facts.encrypted
      ? 'L’archive est chiffrée (AES-256) par le mot de passe que vous avez choisi ; le portail ne le conserve pas.'
      : 'L’archive n’est pas chiffrée : conservez-la en lieu sûr.',
  ]);
}
