import type { CentreInfo } from '@portail/contract/schemas/assistance';

/** A configured centre for the web tests; its values differ from the demo centre's on purpose. */
export function centreFixture(overrides: Partial<CentreInfo> = {}): CentreInfo {
  return {
    nom: 'Centre Lumière',
    produit: 'Portail Lumière',
    adresse: { rue: '12 avenue du Parc', codePostal: '69003', ville: 'Lyon', pays: 'France' },
    latitude: 45.76,
    longitude: 4.85,
    telephone: '04 72 00 00 00',
    contacts: [
      { service: 'support', email: 'support@centre.example' },
      { service: 'protectionDonnees', email: 'dpo@centre.example' },
    ],
    editeur: {
      raisonSociale: 'Association Lumière Santé',
      formeJuridique: 'Association loi 1901',
      siret: '12345678900012',
      adresse: { rue: '3 place Bellecour', codePostal: '69002', ville: 'Lyon', pays: 'France' },
      directeurPublication: 'Mme Claire Dubois',
    },
    hebergeur: {
      nom: 'Hébergeur Santé Sûre',
      adresse: { rue: '8 rue des Serveurs', codePostal: '59000', ville: 'Lille', pays: 'France' },
      telephone: '03 20 00 00 00',
    },
    accessibilite: { audit: true, statut: 'partielle', dateAudit: '2026-11-20', tauxConformite: 86 },
    ...overrides,
  };
}
