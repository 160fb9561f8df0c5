import type {
  Participant,
  ParticipantCreate,
  ParticipantUpdate,
} from '@portail/contract/schemas/participants';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { accountTokens, auditLog, correspondants, mutations, participants, users } from '../src/db/schema';
import { CHECKUP_TYPE, CIVILITY, FRANCE, GENDER, PERIODICITY } from '../src/demo/reference';
import { signIn, type TestContext } from './helper';

/** Shared set-up of the participants-*.test.ts files: sign-ins, demo facts, a valid form, row counts. */

export type Headers = { authorization: string };
export type CorrespondantLogin = 'corr.etablissement' | 'corr.entreprise' | 'corr.groupe' | 'corr.autre';

const signedIn = new WeakMap<TestContext, Map<string, Headers>>();

/** Signs in once per test context and login. */
export async function headersOf(
  ctx: TestContext,
  login: string,
  kind: 'participant' | 'correspondant' | 'staff' = 'correspondant',
): Promise<Headers> {
  const known = signedIn.get(ctx) ?? new Map<string, Headers>();
  signedIn.set(ctx, known);
  const cached = known.get(login);
  if (cached) return cached;
  const { headers } = await signIn(ctx, login, kind);
  known.set(login, headers);
  return headers;
}

export async function correspondantOf(ctx: TestContext, login: string) {
  const [row] = await ctx.database.db
    .select({ correspondant: correspondants, userId: users.id })
    .from(users)
    .innerJoin(correspondants, eq(correspondants.id, users.correspondantId))
    .where(eq(users.login, login));
  if (!row) throw new Error(`no correspondant ${login}`);
  return { ...row.correspondant, userId: row.userId };
}

/** The condition selecting the participants a correspondant reaches, from their record. */
export async function scopeOf(ctx: TestContext, login: CorrespondantLogin): Promise<SQL> {
  const c = await correspondantOf(ctx, login);
  if (c.scopeLevel === 'ETABLISSEMENT') return eq(participants.establishmentId, c.establishmentId ?? -1);
  if (c.scopeLevel === 'ENTREPRISE') return eq(participants.companyId, c.companyId ?? -1);
  return eq(participants.groupId, c.groupId ?? -1);
}

/** A participant matching the condition, or a failure naming what the demo lacks. */
export async function findParticipant(ctx: TestContext, where: SQL | undefined, what: string) {
  const [row] = await ctx.database.db
    .select()
    .from(participants)
    .where(where)
    .orderBy(participants.id)
    .limit(1);
  if (!row) throw new Error(`the demo data has no participant ${what}`);
  return row;
}

export async function participantRow(ctx: TestContext, id: number) {
  const [row] = await ctx.database.db.select().from(participants).where(eq(participants.id, id));
  if (!row) throw new Error(`no participant ${id}`);
  return row;
}

/** The rows a write may add: compared before and after a refusal, they prove nothing was written. */
export async function rowCounts(ctx: TestContext) {
  const { db } = ctx.database;
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    participants: await n(db.select({ n: count() }).from(participants)),
    users: await n(db.select({ n: count() }).from(users)),
    tokens: await n(db.select({ n: count() }).from(accountTokens)),
    audit: await n(db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetType, 'participant'))),
    mutations: await n(db.select({ n: count() }).from(mutations)),
    mails: ctx.notifier.mails.length,
  };
}

export async function lastAudit(ctx: TestContext, action: string, targetId: number) {
  const rows = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.id);
  return rows.at(-1);
}

let serial = 0;

/** A complete, valid creation form of a new person (a fresh name each call, so no duplicate). */
export function validForm(overrides: Partial<ParticipantCreate> = {}): ParticipantCreate {
  serial++;
  return {
    civilite: CIVILITY.mrs,
    nom: `Lefèvre-Test ${String.fromCharCode(65 + (serial % 26))}${serial}`,
    prenom: 'Zoé',
    nomJeuneFille: null,
    dateNaissance: '1980-05-17',
    sexe: GENDER.female,
    profession: 'Ingénieure',
    paysExercice: FRANCE,
    provenance: null,
    categorie: null,
    typeBilan: CHECKUP_TYPE.traditional,
    dateProchainBilan: '2027-01-15',
    gestionRdv: null,
    periodicite: PERIODICITY.yearly,
    info4: null,
    dateAdhesion: null,
    datePremiereAdhesion: null,
    adresse: {
      ligne1: null,
      ligne2: null,
      ligne3: null,
      numeroVoie: '12',
      typeVoie: 100,
      nomVoie: 'de la Paix',
      ligne5: null,
      codePostal: '75002',
      localite: 'Paris',
      pays: FRANCE,
    },
    utiliserAdresseEtablissement: false,
    telephoneFixe: null,
    telephonePortable: '06 12 34 56 78',
    mail: `zoe.test${serial}@example.com`,
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
    idEtablissement: null,
    ...overrides,
  };
}

const taken = new WeakMap<TestContext, Set<number>>();

/** Like findParticipant, but never the same participant twice in a test file: tests do not share rows. */
export async function takeParticipant(ctx: TestContext, where: SQL | undefined, what: string) {
  const used = taken.get(ctx) ?? new Set<number>();
  taken.set(ctx, used);
  const rows = await ctx.database.db.select().from(participants).where(where).orderBy(participants.id);
  const row = rows.find((candidate) => !used.has(candidate.id));
  if (!row) throw new Error(`the demo data has no participant ${what}`);
  used.add(row.id);
  return row;
}

const present = <T>(value: T | null, field: string): T => {
  if (value === null) throw new Error(`the participant has no ${field}: pick another`);
  return value;
};

/** The update form of a participant as the detail screen loads it. */
export function updateFormOf(p: Participant): ParticipantUpdate {
  return {
    id: p.id,
    civilite: present(p.civilite, 'civilite'),
    nom: p.nom,
    prenom: p.prenom,
    nomJeuneFille: p.nomJeuneFille,
    dateNaissance: p.dateNaissance,
    sexe: present(p.sexe, 'sexe'),
    profession: p.profession,
    paysExercice: present(p.paysExercice, 'paysExercice'),
    provenance: p.provenance,
    categorie: p.categorie,
    typeBilan: present(p.typeBilan, 'typeBilan'),
    dateProchainBilan: present(p.dateProchainBilan, 'dateProchainBilan'),
    gestionRdv: p.gestionRdv,
    periodicite: present(p.periodicite, 'periodicite'),
    info4: p.info4,
    dateAdhesion: p.dateAdhesion,
    datePremiereAdhesion: p.datePremiereAdhesion,
    adresse: { ...p.adresse, pays: present(p.adresse.pays, 'adresse.pays') },
    utiliserAdresseEtablissement: p.utiliserAdresseEtablissement,
    telephoneFixe: p.telephoneFixe,
    telephonePortable: present(p.telephonePortable, 'telephonePortable'),
    mail: present(p.mail, 'mail'),
    telephoneSecretariat: p.telephoneSecretariat,
    contact: p.contact,
  };
}
