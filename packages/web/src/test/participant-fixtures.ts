import type { Locality } from '@portail/contract/schemas/addresses';
import type { EnumItem, EnumName } from '@portail/contract/schemas/enums';
import { PARTICIPANT_MESSAGES, type Participant } from '@portail/contract/schemas/participants';
import { vi } from 'vitest';

const item = (
  id: number,
  label: string,
  labelEn: string,
  raccourci: string | null,
  extra: Partial<EnumItem> = {},
) => ({
  id,
  label,
  labelEn,
  raccourci,
  actif: true,
  ...extra,
});

/** The enumerations as the server answers them (ids of the specification where it names them). */
export const ENUMS: Partial<Record<EnumName, EnumItem[]>> = {
  civilite: [item(1, 'Monsieur', 'Mr', 'M.'), item(2, 'Madame', 'Mrs', 'Mme')],
  sexe: [item(5, 'Masculin', 'Male', 'M'), item(6, 'Féminin', 'Female', 'F')],
  pays: [item(716, 'France', 'France', 'FR'), item(701, 'Allemagne', 'Germany', 'DE')],
  provenance: [
    item(16, 'Province', 'Province', 'PROV'),
    item(17, 'Paris et région parisienne', 'Paris area', 'PARIS'),
    item(18, 'Étranger', 'Abroad', 'ETR'),
  ],
  categorie: [item(20, 'Salarié', 'Employee', 'SAL'), item(21, 'Conjoint', 'Spouse', 'CONJ')],
  typeBilan: [
    item(30, 'Bilan traditionnel', 'Traditional check-up', 'TRAD', { correspondant: true }),
    item(31, 'Bilan traditionnel expatrié', 'Traditional expatriate', 'EXPAT', { correspondant: true }),
    item(34, 'Bilan approfondi', 'Extended check-up', 'APPRO', { correspondant: false }),
  ],
  periodicite: [item(40, 'Annuelle', 'Yearly', 'A'), item(41, 'Tous les deux ans', 'Every two years', 'B')],
  gestionRdv: [item(1221, "À l'initiative du centre", "At the centre's initiative", 'CTR')],
  motifmouvement: [item(50, "Départ de l'entreprise", 'Left the company', 'DEP')],
  typeVoie: [item(100, 'Rue', 'Street', 'R')],
};

export function makeParticipant(overrides: Partial<Participant> = {}): Participant {
  return {
    id: 4242,
    actif: true,
    civilite: 2,
    nom: 'MARTIN',
    prenom: 'Claire',
    nomJeuneFille: null,
    dateNaissance: '1980-04-12',
    sexe: 6,
    profession: 'Ingénieure',
    paysExercice: 716,
    provenance: 16,
    categorie: 20,
    typeBilan: 30,
    dateProchainBilan: '2027-01-15',
    gestionRdv: 1221,
    periodicite: 40,
    info4: null,
    dateAdhesion: '2020-01-01',
    datePremiereAdhesion: '2020-01-01',
    adresse: {
      ligne1: null,
      ligne2: null,
      ligne3: null,
      numeroVoie: '12',
      typeVoie: 100,
      nomVoie: 'des Lilas',
      ligne5: null,
      codePostal: '33000',
      localite: 'Bordeaux',
      pays: 716,
    },
    utiliserAdresseEtablissement: false,
    telephoneFixe: null,
    telephonePortable: '06 12 34 56 78',
    mail: 'claire.martin@example.fr',
    telephoneSecretariat: null,
    contact: {
      civilite: null,
      nom: null,
      prenom: null,
      mail: null,
      telephoneFixe: null,
      telephonePortable: null,
      fonction: null,
    },
    nomPhonetique: 'MARTIN',
    dateResiliation: null,
    motifResiliation: null,
    mutationEnCours: false,
    bilanEnCours: false,
    verrouille: false,
    gestionnaire: null,
    etablissement: { id: 1, raisonsociale: 'Durand SA – Siège' },
    entreprise: { id: 1, raisonsociale: 'Durand SA' },
    groupement: null,
    ...overrides,
  };
}

export interface FakeApi {
  localities: Record<string, Locality[]>;
  mobileValid: boolean;
  calls: { method: string; path: string; body: unknown }[];
  /** The reply of POST adherentsCorrespondant/resilier (the bulk terminate), and its status. */
  bulkTerminate: { status: number; body: unknown };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs `fetch` with the calls the participant screens make. */
export function fakeParticipantApi(): FakeApi {
  const state: FakeApi = {
    localities: {},
    mobileValid: true,
    calls: [],
    bulkTerminate: { status: 200, body: { terminated: 0, refused: [] } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      state.calls.push({ method, path: url.pathname, body });
      const path = url.pathname.replace(/^\/api/, '');
      const enumName = /^\/enum\/(\w+)$/.exec(path)?.[1] as EnumName | undefined;
      if (enumName) return json(ENUMS[enumName] ?? []);
      if (path === '/adresse/code-postal')
        return json(state.localities[url.searchParams.get('codePostal') ?? ''] ?? []);
      if (path.startsWith('/user/verifIfPortableCorrecte/')) return json(state.mobileValid);
      if (path === '/etablissements-correspondant')
        return json([
          {
            id: 1,
            raisonsociale: 'Durand SA – Siège',
            idEntreprise: 1,
            entreprise: 'Durand SA',
            siret: null,
            dateResiliation: null,
          },
        ]);
      if (path === '/adherentsCorrespondant/resilier' && method === 'POST')
        return json(state.bulkTerminate.body, state.bulkTerminate.status);
      if (path === '/adherentsCorrespondant/detail' && method === 'POST')
        return json({
          ciemException: { messages: [{ level: 'INFO', errorCode: PARTICIPANT_MESSAGES.updated }] },
        });
      return json({ status: 404, error: 'Not Found', message: 'http.404' }, 404);
    }),
  );
  return state;
}
