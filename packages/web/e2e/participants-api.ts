import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './support';

/**
 * Test data for the participant specs, made through the API (the server's data is shared by every
 * spec of the run): each test creates the participants it changes, under a name of its own.
 */

/** Ids of the demo reference data (packages/server/src/demo/reference.ts, docs/participants.md#origin). */
export const IDS = {
  mrs: 2,
  female: 6,
  france: 716,
  traditional: 30,
  expatriate: 31,
  yearly: 40,
  centreAppointments: 1221,
} as const;

export interface Row {
  id: number;
  actif: boolean;
  nom: string;
  prenom: string;
  mutationEnCours: boolean;
  bilanEnCours: boolean;
  raisonSocialeEntreprise: string;
}

/** A name no other test uses: letters only, as names are. */
export function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${prefix}${letters.join('')}`;
}

export async function apiToken(request: APIRequestContext, login: string): Promise<string> {
  const reply = await request.post('/api/oauth/token', {
    headers: { Authorization: `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}` },
    form: { grant_type: 'password', username: `${login}|C`, password: PASSWORD },
  });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { access_token: string }).access_token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function listParticipants(
  request: APIRequestContext,
  token: string,
  query: Record<string, string | number | boolean> = {},
): Promise<{ items: Row[]; totalRows: number }> {
  const reply = await request.get('/api/adherentsCorrespondant', {
    headers: auth(token),
    params: { page: 0, size: 100, ...query },
  });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as { items: Row[]; totalRows: number };
}

export async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const reply = await request.get(`/api${path}`, { headers: auth(token) });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return (await reply.json()) as T;
}

export interface NewParticipant {
  nom: string;
  prenom: string;
  dateNaissance?: string;
  typeBilan?: number;
  idEtablissement?: number | null;
}

/** PUT adherentsCorrespondant/detail: a participant living in Paris, of a traditional check-up. */
export async function createParticipant(
  request: APIRequestContext,
  token: string,
  person: NewParticipant,
): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const reply = await request.put('/api/adherentsCorrespondant/detail', {
    headers: auth(token),
    data: {
      civilite: IDS.mrs,
      nom: person.nom,
      prenom: person.prenom,
      nomJeuneFille: null,
      dateNaissance: person.dateNaissance ?? '1985-06-15',
      sexe: IDS.female,
      profession: 'Comptable',
      paysExercice: IDS.france,
      provenance: null,
      categorie: null,
      typeBilan: person.typeBilan ?? IDS.traditional,
      dateProchainBilan: '2027-06-01',
      gestionRdv: IDS.centreAppointments,
      periodicite: IDS.yearly,
      info4: null,
      dateAdhesion: today,
      datePremiereAdhesion: today,
      adresse: {
        ligne1: null,
        ligne2: null,
        ligne3: null,
        numeroVoie: '10',
        typeVoie: null,
        nomVoie: 'rue de Rivoli',
        ligne5: null,
        codePostal: '75001',
        localite: 'Paris',
        pays: IDS.france,
      },
      utiliserAdresseEtablissement: false,
      telephoneFixe: null,
      telephonePortable: '06 12 34 56 78',
      mail: `${person.prenom}.${person.nom}@example.com`
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase(),
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
      idEtablissement: person.idEtablissement ?? null,
    },
  });
  expect(reply.ok(), `create: ${reply.status()} ${await reply.text()}`).toBe(true);
  return ((await reply.json()) as { idParticipant: number }).idParticipant;
}

/** The fields of the update form (participantUpdate), as the detail screen sends them back. */
const UPDATE_FIELDS = [
  'id',
  'civilite',
  'nom',
  'prenom',
  'nomJeuneFille',
  'dateNaissance',
  'sexe',
  'profession',
  'paysExercice',
  'provenance',
  'categorie',
  'typeBilan',
  'dateProchainBilan',
  'gestionRdv',
  'periodicite',
  'info4',
  'dateAdhesion',
  'datePremiereAdhesion',
  'adresse',
  'utiliserAdresseEtablissement',
  'telephoneFixe',
  'telephonePortable',
  'mail',
  'telephoneSecretariat',
  'contact',
] as const;

/** Saves a participant's record with some fields changed, as the detail screen would. */
export async function updateParticipant(
  request: APIRequestContext,
  token: string,
  id: number,
  changes: Record<string, unknown>,
) {
  const current = await getJson<Record<string, unknown>>(request, token, `/adherents/${id}`);
  const form = Object.fromEntries(UPDATE_FIELDS.map((field) => [field, current[field]]));
  const reply = await request.post('/api/adherentsCorrespondant/detail', {
    headers: auth(token),
    data: { ...form, ...changes },
  });
  expect(reply.ok(), `update: ${reply.status()} ${await reply.text()}`).toBe(true);
}

/** The first termination reason of the list (enum motifmouvement). */
export async function terminateParticipant(request: APIRequestContext, token: string, id: number) {
  const reasons = await getJson<{ id: number }[]>(request, token, '/enum/motifmouvement?actif=true');
  const reply = await request.post(`/api/adherents/${id}/resilier`, {
    headers: auth(token),
    data: { motifMouvement: reasons[0]?.id },
  });
  expect(reply.ok(), `terminate: ${reply.status()}`).toBe(true);
}
