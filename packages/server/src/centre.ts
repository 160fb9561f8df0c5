import { readFileSync } from 'node:fs';
import { type CentreSettings, centreSettings } from '@portail/contract/schemas/assistance';

/**
 * The demo centre (a plausible Paris address, fictitious company and identifiers): what `npm start`
 * shows. A deployment describes its own centre in a JSON file named by `CENTRE_FILE` (README,
 * "Configuration"); outside demo mode the server refuses to start without one.
 */
export const DEMO_CENTRE: CentreSettings = {
  nom: 'Centre de bilans de santé',
  adresse: { rue: '6 rue Euler', codePostal: '75008', ville: 'Paris', pays: 'France' },
  latitude: 48.8718,
  longitude: 2.2996,
  telephone: '01 53 00 00 00',
  contacts: [
    { service: 'accueil', email: 'accueil@centre-bilans.example' },
    { service: 'rendezVous', email: 'rendez-vous@centre-bilans.example' },
    { service: 'resultats', email: 'resultats@centre-bilans.example' },
    { service: 'correspondants', email: 'entreprises@centre-bilans.example' },
    { service: 'support', email: 'support-portail@centre-bilans.example' },
    { service: 'protectionDonnees', email: 'dpo@centre-bilans.example' },
  ],
  editeur: {
    raisonSociale: 'Centre de bilans de santé (démonstration)',
    formeJuridique: 'Association loi 1901',
    siret: '00000000000000',
    adresse: { rue: '6 rue Euler', codePostal: '75008', ville: 'Paris', pays: 'France' },
    directeurPublication: 'Le directeur du centre',
  },
  hebergeur: {
    nom: 'Hébergeur de démonstration (certifié HDS)',
    adresse: { rue: '1 rue de l’Exemple', codePostal: '75001', ville: 'Paris', pays: 'France' },
    telephone: '01 00 00 00 00',
  },
  // No RGAA audit of the portal has been made: the statement says so (status "non conforme"), and
  // lists the automated and keyboard checks that were.
  accessibilite: { audit: false, statut: 'non' },
};

/** Reads and checks a centre file; a wrong one stops the start with the fields at fault. */
export function readCentreFile(path: string): CentreSettings {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`CENTRE_FILE ${path} cannot be read as JSON: ${(error as Error).message}`);
  }
  const parsed = centreSettings.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`CENTRE_FILE ${path} is not a valid centre description: ${fields.join('; ')}`);
  }
  return parsed.data;
}
