import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { composeUsername } from '@portail/contract/rules/username';
import { importCheckReply, importStatusReply } from '@portail/contract/schemas/participant-import';
import {
  PARTICIPANT_MESSAGES,
  participant,
  participantCreatedReply,
  SELECTION_MAX,
  terminateSelectionReply,
} from '@portail/contract/schemas/participants';
import { REGISTRATION_PROOF_HEADER } from '@portail/contract/schemas/registration';
import { Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { and, asc, count, desc, eq, isNull, like, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { issueAccountToken } from '../src/auth/account-tokens';
import { issueActivationCode } from '../src/auth/activation-codes';
import { rowsOf } from '../src/db/rows';
import {
  accountTokens,
  auditLog,
  correspondants,
  documentAttachments,
  documents,
  enumItems,
  establishments,
  mutations,
  oneTimeCodes,
  participantImports,
  participants,
  throttles,
  users,
} from '../src/db/schema';
import { DEMO_PASSWORD, DEMO_SECRET_ANSWER } from '../src/demo/accounts';
import { CIVILITY, FRANCE, MOVEMENT_TYPE, STREET_TYPE_IDS } from '../src/demo/reference';
import { issueRegistrationLink } from '../src/features/registration/registration-links';
import { centreToday } from '../src/lib/dates';
import { clientAuth, signIn } from '../test/helper';
import { csvOf, freshRow, IMPORT_URL } from '../test/participant-import-api-fixtures';
import { updateFormOf, validForm } from '../test/participants-fixtures';
import { NEW_PASSWORD, participantForm, tokenIn } from '../test/registration-fixtures';
import { figure, type HttpReply, type Portal, startPortal } from './portal';

/**
 * Issue: "a payload that tries to set a role, an establishment or another participant's id is ignored
 * or refused". Every write route that takes a body gets a VALID body of the caller's own scope plus one
 * injected privileged field per case. A case passes when it is refused (4xx, nothing written) or ignored
 * (2xx, the valid part applied, and the caller's privileged columns and every other scope's rows as
 * before). Fields that legitimately name an establishment or a resource are tried outside the scope:
 * only a refusal is right for them. The routes acting on many (issue 22) take a selection: one mixing
 * the caller's ids with other scopes' must be carried out for the caller's part only, the others
 * refused as unknown ids without a name; a malformed one is refused whole, nothing changed. Every
 * refusal carries keys the web translates.
 */
// Started while the file is collected: the cases below are generated from the targets built on it.
const portal: Portal = await startPortal();
const db = portal.database.db;
afterAll(async () => portal.close());

type Extra = Record<string, unknown>;
type Row = Record<string, unknown>;

/** A route under attack: how to send its valid body, what it must not change, and the fields to inject. */
interface Target {
  route: string;
  /** Fresh state for one case (a participant to transfer, a registration link...). */
  prepare?(): Promise<void>;
  send(extra: Extra): Promise<HttpReply>;
  /** The caller's own privileged columns (roles, establishment, scope level...). */
  own(): Promise<Row>;
  /** On success: did the valid part take effect? (An ignored field proven on a real write.) */
  applied(reply: HttpReply): Promise<boolean>;
  /** On success: privileged values found in what the call created or answered. */
  effects?(reply: HttpReply): Promise<string[]>;
  /** Injected fields: refused or ignored are both right. */
  ignore: Extra;
  /** Fields naming another scope, or whole calls: only a refusal is right. */
  refuse?: Record<string, Extra | (() => Promise<HttpReply>)>;
  /**
   * Hostile calls the route must carry out for the caller's own part only (a selection mixing the
   * caller's ids with another scope's): only a 2xx is right, checked by `applied` and `effects`.
   */
  apply?: Record<string, () => Promise<HttpReply>>;
}

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
let serial = 0;
const unique = (prefix: string) => `${prefix}${++serial}`;

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`the demo data has no ${what}`);
  return row;
}
const userOf = (login: string) =>
  one(db.select().from(users).where(eq(users.login, login)), `account ${login}`);
const userById = (id: number) => one(db.select().from(users).where(eq(users.id, id)), `user ${id}`);
const participantById = (id: number) =>
  one(db.select().from(participants).where(eq(participants.id, id)), `participant ${id}`);
const correspondantById = (id: number) =>
  one(db.select().from(correspondants).where(eq(correspondants.id, id)), `correspondant ${id}`);
const establishmentById = (id: number) =>
  one(db.select().from(establishments).where(eq(establishments.id, id)), `establishment ${id}`);

/** The columns of an account that only the centre sets. */
/** The new e-mail or mobile waiting for its code, if any (a live code of that purpose holds it). */
const pendingOf = async (userId: number, purpose: 'CONTACT_EMAIL' | 'CONTACT_MOBILE') => {
  const [row] = await db
    .select({
      value: oneTimeCodes.pendingValue,
      expiresAt: oneTimeCodes.expiresAt,
      attempts: oneTimeCodes.attempts,
    })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row && row.expiresAt.getTime() > Date.now() && row.attempts < 3 ? row.value : null;
};
const accountPrivileges = async (id: number) => {
  const u = await userById(id);
  return {
    roles: u.roles,
    kind: u.kind,
    login: u.login,
    participantId: u.participantId,
    correspondantId: u.correspondantId,
    active: u.active,
    lockedAt: u.lockedAt,
  };
};
const participantPrivileges = async (id: number) => {
  const p = await participantById(id);
  return {
    establishmentId: p.establishmentId,
    companyId: p.companyId,
    groupId: p.groupId,
    companyName: p.companyName,
    active: p.active,
    terminationDate: p.terminationDate,
    dmcStatus: p.dmcStatus,
    lockedByExternalSystem: p.lockedByExternalSystem,
    transferInProgress: p.transferInProgress,
    checkupInProgress: p.checkupInProgress,
  };
};
const correspondantPrivileges = async (id: number) => {
  const c = await correspondantById(id);
  return {
    scopeLevel: c.scopeLevel,
    establishmentId: c.establishmentId,
    companyId: c.companyId,
    groupId: c.groupId,
    roleAdmin: c.roleAdmin,
    roleBilling: c.roleBilling,
    roleMailing: c.roleMailing,
    canSave: c.canSave,
    active: c.active,
  };
};

/** Keys whose values differ between two snapshots. */
function changedKeys(prefix: string, before: Row, after: Row): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => !isDeepStrictEqual(before[key], after[key]))
    .map((key) => `${prefix}.${key}`);
}

/** A workbook's first sheet as rows of cell values (row 1: the headers). */
async function sheetRows(bytes: Uint8Array): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Rows a write adds: compared around a refusal, they prove nothing was written. */
async function footprint(): Promise<Row> {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    participants: await n(db.select({ n: count() }).from(participants)),
    users: await n(db.select({ n: count() }).from(users)),
    mutations: await n(db.select({ n: count() }).from(mutations)),
    tokens: await n(db.select({ n: count() }).from(accountTokens)),
    enumItems: await n(db.select({ n: count() }).from(enumItems)),
    mails: portal.notifier.mails.length,
    // Every participant's row as it is: a refused bulk terminate must have changed none of them.
    participantRows:
      (
        await rowsOf<{ d: string }>(
          db,
          sql`select coalesce(md5(string_agg(md5(p::text), '' order by p.id)), '') as d from participants p`,
        )
      )[0]?.d ?? '',
  };
}

/** The web's catalogues: a refusal's keys must be translated in both (docs/interface-conventions.md#server-messages). */
const catalogues = ['fr_FR', 'en_EN'].map(
  (language) =>
    JSON.parse(
      readFileSync(new URL(`../../web/src/i18n/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>,
);
const translated = (key: string) =>
  catalogues.every((catalogue) => {
    let node: unknown = catalogue;
    for (const part of key.split('.'))
      node = node && typeof node === 'object' ? Reflect.get(node, part) : undefined;
    return typeof node === 'string' && node.length > 0;
  });

/** The keys of a refusal that the web cannot translate (an error reply's message, fields and messages). */
function untranslatedKeys(reply: HttpReply): string[] {
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return [`a body that is not JSON: ${reply.body.slice(0, 80)}`];
  }
  const { message, fieldErrors, ciemException, importError } = (body ?? {}) as {
    message?: unknown;
    fieldErrors?: { defaultMessage?: unknown }[];
    ciemException?: { messages?: { errorCode?: unknown }[] };
    importError?: { key?: unknown };
  };
  const keys = [
    message,
    ...(fieldErrors ?? []).map((entry) => entry.defaultMessage),
    ...(ciemException?.messages ?? []).map((entry) => `messages.${String(entry.errorCode)}`),
    ...(importError ? [importError.key] : []),
  ];
  if (typeof message !== 'string') return [`no message key: ${reply.body.slice(0, 80)}`];
  return keys.filter((key) => typeof key !== 'string' || !translated(key)).map(String);
}

/** Every write route that takes a body, with its fields to inject and the rows no case may touch. */
async function arrange(): Promise<{ targets: Target[]; victims: () => Promise<Row> }> {
  const sign = async (login: string, kind: 'participant' | 'correspondant') =>
    bearer((await signIn(portal, login, kind)).access);
  const main = await correspondantById((await userOf('corr.etablissement')).correspondantId ?? -1);
  const other = await correspondantById((await userOf('corr.autre')).correspondantId ?? -1);
  const admin = await userOf('admin');
  const dmc = await userOf('participant.dmc');
  const peer = await userOf('participant.sansdmc');
  const dmcId = dmc.participantId ?? -1;
  const peerId = peer.participantId ?? -1;
  const otherEstablishment = other.establishmentId ?? -1;
  const otherCompany = other.companyId ?? -1;
  const otherGroup = other.groupId ?? -1;
  const headers = {
    main: await sign('corr.etablissement', 'correspondant'),
    other: await sign('corr.autre', 'correspondant'),
    company: await sign('corr.entreprise', 'correspondant'),
    group: await sign('corr.groupe', 'correspondant'),
    directory: await sign('corr.annuaire', 'correspondant'),
    contact: await sign('corr.coordonnees', 'correspondant'),
    dmc: await sign('participant.dmc', 'participant'),
    test1: await sign('participant.test1', 'participant'),
    test2: await sign('participant.test2', 'participant'),
    test3: await sign('participant.test3', 'participant'),
    test4: await sign('participant.test4', 'participant'),
  };
  const call = (method: string, url: string, auth: Record<string, string>, payload?: unknown) =>
    portal.http({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });

  const createParticipant = async (overrides: Extra = {}, auth = headers.main) => {
    const reply = await call('PUT', '/api/adherentsCorrespondant/detail', auth, {
      ...validForm(),
      ...overrides,
    });
    if (reply.statusCode !== 200) throw new Error(`creation failed: ${reply.body}`);
    return participantCreatedReply.parse(reply.json()).idParticipant;
  };
  // A participant no caller of this test reaches (corr.autre's establishment is of another group),
  // complete and editable, so that a refusal of an attack on it can only come from the scope.
  const outsider = await participantById(await createParticipant({}, headers.other));
  const outsiderForm = updateFormOf(
    participant.parse((await call('GET', `/api/adherents/${outsider.id}`, headers.other)).json()),
  );
  const sibling = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(
      and(
        eq(establishments.companyId, main.companyId ?? -1),
        ne(establishments.id, main.establishmentId ?? -1),
      ),
    )
    .limit(1);
  // A participant of that sibling establishment: next door to corr.etablissement, never within its reach.
  const [neighbour] = sibling[0]
    ? await db
        .select({ id: participants.id })
        .from(participants)
        .where(eq(participants.establishmentId, sibling[0].id))
        .orderBy(asc(participants.id))
        .limit(1)
    : [];
  const peerDocuments = () =>
    db
      .select({ id: documents.id, unread: documents.unread, active: documents.active })
      .from(documents)
      .where(eq(documents.participantId, peerId))
      .orderBy(asc(documents.id));
  /** Rows of other scopes that no case may touch, whatever it injects. */
  const victims = async (): Promise<Row> => ({
    outsider: await participantById(outsider.id),
    ...(neighbour ? { neighbour: await participantById(neighbour.id) } : {}),
    peer: await participantById(peerId),
    peerDocuments: await peerDocuments(),
    admin: await userById(admin.id),
    otherCorrespondant: await correspondantById(other.id),
    otherEstablishment: await establishmentById(otherEstablishment),
  });

  /** Injections every route gets: the caller's roles and account. */
  const roleFields = {
    roles: ['ROLE_ADMIN'],
    role: 'ROLE_ADMIN',
    authorities: [{ authority: 'ROLE_ADMIN' }],
  };
  const scopeFields = {
    idEtablissement: otherEstablishment,
    establishmentId: otherEstablishment,
    idEntreprise: otherCompany,
    idGroupement: otherGroup,
    etablissement: { id: otherEstablishment, raisonsociale: 'X' },
  };
  const participantFields = { id: outsider.id, idParticipant: outsider.id, participantId: outsider.id };

  const formOf = async (id: number) =>
    updateFormOf(participant.parse((await call('GET', `/api/adherents/${id}`, headers.main)).json()));

  // --- participant creation -------------------------------------------------------------------
  const mainPlace = {
    establishmentId: main.establishmentId,
    companyId: main.companyId,
    groupId: main.groupId,
  };
  const created: Target = {
    route: 'PUT /api/adherentsCorrespondant/detail',
    send: (extra) =>
      call('PUT', '/api/adherentsCorrespondant/detail', headers.main, { ...validForm(), ...extra }),
    own: () => correspondantPrivileges(main.id),
    applied: async (reply) => reply.json<{ participantcree?: boolean }>().participantcree === true,
    effects: async (reply) => {
      const id = participantCreatedReply.parse(reply.json()).idParticipant;
      const row = await participantPrivileges(id);
      const [account] = await db.select().from(users).where(eq(users.participantId, id));
      const expected = {
        ...mainPlace,
        active: true,
        dmcStatus: 'NONE',
        lockedByExternalSystem: false,
        transferInProgress: false,
        checkupInProgress: false,
      };
      const actual = Object.fromEntries(
        Object.keys(expected).map((key) => [key, row[key as keyof typeof row]]),
      );
      const roles = account?.roles.join();
      return [
        ...changedKeys('created', expected, actual),
        ...(roles === 'ROLE_PARTICIPANT' && account?.kind === 'PARTICIPANT' && !account.active
          ? []
          : [`created account ${roles} ${account?.kind} active=${account?.active}`]),
      ];
    },
    ignore: {
      ...roleFields,
      ...participantFields,
      establishmentId: otherEstablishment,
      idEntreprise: otherCompany,
      idGroupement: otherGroup,
      entreprise: { id: otherCompany, raisonsociale: 'X' },
      userId: admin.id,
      actif: false,
      dmcStatus: 'ACCEPTED',
      verrouille: true,
      mutationEnCours: true,
      bilanEnCours: true,
    },
    refuse: {
      'idEtablissement (another group)': { idEtablissement: otherEstablishment },
      ...(sibling[0] ? { 'idEtablissement (same company)': { idEtablissement: sibling[0].id } } : {}),
      'idEtablissement (company correspondant, another group)': () =>
        call('PUT', '/api/adherentsCorrespondant/detail', headers.company, {
          ...validForm(),
          idEtablissement: otherEstablishment,
        }),
      'idEtablissement (group correspondant, another group)': () =>
        call('PUT', '/api/adherentsCorrespondant/detail', headers.group, {
          ...validForm(),
          idEtablissement: otherEstablishment,
        }),
    },
  };

  // --- participant update ---------------------------------------------------------------------
  const updated = await createParticipant();
  let marker = '';
  const update: Target = {
    route: 'POST /api/adherentsCorrespondant/detail',
    send: async (extra) => {
      marker = unique('PAYLOAD-');
      return call('POST', '/api/adherentsCorrespondant/detail', headers.main, {
        ...(await formOf(updated)),
        info4: marker,
        ...extra,
      });
    },
    own: async () => ({
      participant: await participantPrivileges(updated),
      account: await one(
        db
          .select({ roles: users.roles, active: users.active })
          .from(users)
          .where(eq(users.participantId, updated)),
        'account',
      ),
    }),
    applied: async () => (await participantById(updated)).info4 === marker,
    ignore: {
      ...roleFields,
      ...scopeFields,
      idParticipant: outsider.id,
      participantId: outsider.id,
      idEntreprise: otherCompany,
      entreprise: { id: otherCompany, raisonsociale: 'X' },
      groupement: { id: otherGroup, raisonsociale: 'X' },
      userId: admin.id,
      actif: false,
      dateResiliation: '2020-01-01',
      dmcStatus: 'ACCEPTED',
      verrouille: true,
      mutationEnCours: true,
      bilanEnCours: true,
    },
    refuse: {
      // The other scope's own valid form: nothing but the scope can refuse it.
      "id (another scope's participant, with its own form)": () =>
        call('POST', '/api/adherentsCorrespondant/detail', headers.main, {
          ...outsiderForm,
          info4: 'PAYLOAD',
        }),
    },
  };

  // --- transfer request -----------------------------------------------------------------------
  let moving = 0;
  const transfer: Target = {
    route: 'POST /api/adherents/:id/muter',
    prepare: async () => {
      moving = await createParticipant();
    },
    send: (extra) =>
      call('POST', `/api/adherents/${moving}/muter`, headers.main, {
        etablissementDestination: otherEstablishment,
        motifMouvement: 54,
        priseEnChargeBilanEnCours: false,
        ...extra,
      }),
    own: () => correspondantPrivileges(main.id),
    applied: async () => (await participantById(moving)).transferInProgress,
    effects: async () => {
      const rows = await db.select().from(mutations).where(eq(mutations.participantId, moving));
      const row = rows[0];
      const problems = rows.length === 1 ? [] : [`${rows.length} transfers`];
      if (row?.state !== 'IN_PROGRESS') problems.push(`state ${row?.state}`);
      if (row?.sourceEstablishmentId !== main.establishmentId) problems.push('source establishment');
      if (row?.authorUserId !== (await userOf('corr.etablissement')).id) problems.push('author');
      if ((await participantById(moving)).establishmentId !== main.establishmentId) problems.push('moved');
      return problems;
    },
    ignore: {
      ...roleFields,
      ...participantFields,
      sourceEstablishmentId: otherEstablishment,
      idEtablissementSource: otherEstablishment,
      state: 'ACCEPTED',
      etat: 'ACCEPTE',
      authorUserId: admin.id,
    },
    refuse: {
      ':id (participant of another scope)': () =>
        call('POST', `/api/adherents/${outsider.id}/muter`, headers.main, {
          etablissementDestination: main.establishmentId,
          motifMouvement: 54,
        }),
    },
  };

  // --- termination ----------------------------------------------------------------------------
  let leaving = 0;
  const terminate: Target = {
    route: 'POST /api/adherents/:id/resilier',
    prepare: async () => {
      leaving = await createParticipant();
    },
    send: (extra) =>
      call('POST', `/api/adherents/${leaving}/resilier`, headers.main, { motifMouvement: 52, ...extra }),
    own: () => correspondantPrivileges(main.id),
    applied: async () => !(await participantById(leaving)).active,
    effects: async () => {
      const row = await participantById(leaving);
      return [
        ...(row.terminationDate === centreToday() ? [] : [`terminationDate ${row.terminationDate}`]),
        ...(row.establishmentId === main.establishmentId ? [] : ['establishment']),
      ];
    },
    ignore: {
      ...roleFields,
      ...participantFields,
      dateResiliation: '2020-01-01',
      idEtablissement: otherEstablishment,
    },
  };

  // --- acting on many (issue 22): a selection is ticked ids or the list's filter ----------------
  const mainUser = await userOf('corr.etablissement');
  const mainEstablishmentId = main.establishmentId ?? -1;
  // Every participant outside corr.etablissement's establishment, for selections that name them all.
  const foreignIds = (
    await db
      .select({ id: participants.id })
      .from(participants)
      .where(ne(participants.establishmentId, mainEstablishmentId))
      .orderBy(asc(participants.id))
  ).map((row) => row.id);
  /** Names a reply about a selection must never hold: the participants out of the caller's reach. */
  const hiddenNames = [
    outsider.lastName,
    ...(neighbour ? [(await participantById(neighbour.id)).lastName] : []),
  ];
  const farIds = [outsider.id, ...(neighbour ? [neighbour.id] : []), foreignIds[0] ?? outsider.id];
  /** Ids no one has, from the top of the id range down: fill a selection to its size limit. */
  const nobody = (n: number) => Array.from({ length: n }, (_, i) => 2_147_483_647 - i);
  const selectionOfIds = (...ids: unknown[]) => ({ ids });
  /** A selection sent as raw JSON: an own `__proto__` key survives only there. */
  const rawSelection = (url: string, body: string) =>
    portal.http({
      method: 'POST',
      url,
      headers: { ...headers.main, 'content-type': 'application/json' },
      payload: body,
    });
  // A reason the centre retired, and items of other lists: none is a reason to terminate.
  const [retiredReason] = await db
    .insert(enumItems)
    .values({ namespace: 'motifmouvement', label: 'Motif retiré', labelEn: 'Retired reason', active: false })
    .returning({ id: enumItems.id });

  /** Selections no route may take, each beside the caller's own id (a partial acceptance would show). */
  const badSelections = (own: number): Record<string, unknown> => ({
    'selection (ids with an injected idEtablissement)': { ids: [own], idEtablissement: otherEstablishment },
    'selection (ids with an injected scope level)': {
      ids: [own],
      niveau: 'GROUPEMENT',
      scopeLevel: 'GROUPEMENT',
    },
    'selection (ids and a filter at once)': { ids: [own], filtre: { idEtablissement: otherEstablishment } },
    'selection (a filter with an injected idGroupement beside it)': {
      filtre: { idParticipant: own },
      idGroupement: otherGroup,
    },
    [`selection (${SELECTION_MAX + 1} ids)`]: selectionOfIds(own, ...nobody(SELECTION_MAX)),
    [`selection (${SELECTION_MAX + 1} times the same id)`]: selectionOfIds(
      ...Array.from({ length: SELECTION_MAX + 1 }, () => own),
    ),
    'selection (no id)': selectionOfIds(),
    'ids (zero)': selectionOfIds(own, 0),
    "ids (negative: another scope's id)": selectionOfIds(own, -outsider.id),
    'ids (over 2^31 - 1)': selectionOfIds(own, 2 ** 31),
    'ids (2^53 + 1)': selectionOfIds(own, 2 ** 53 + 1),
    'ids (a fraction)': selectionOfIds(own, 1.5),
    'ids (as strings)': selectionOfIds(String(own), String(outsider.id)),
    'ids (null)': selectionOfIds(own, null),
    'ids (an object)': selectionOfIds(own, { id: outsider.id }),
    'selection (a list instead of an object)': [own],
    'selection (null)': null,
    'filtre (idEtablissement negative)': { filtre: { idEtablissement: -otherEstablishment } },
    'filtre (idEtablissement not a number)': { filtre: { idEtablissement: 'abc' } },
    'filtre (idEntreprise over 2^31 - 1)': { filtre: { idEntreprise: 2 ** 31 } },
    'filtre (nom holding a NUL)': { filtre: { idParticipant: own, nom: 'Le\u0000fèvre' } },
    'filtre (nom over 100 characters)': { filtre: { idParticipant: own, nom: 'L'.repeat(101) } },
    'filtre (null)': { filtre: null },
    // The filter is strict too: a field dropped unread would widen the selection to the whole scope.
    'filtre (a misspelt field)': { filtre: { idEtablisement: otherEstablishment } },
    "filtre (the caller's id with a wider scope's fields injected in it)": {
      filtre: { idParticipant: own, idGroupement: otherGroup, niveau: 'GROUPEMENT', roles: ['ROLE_ADMIN'] },
    },
  });

  // --- terminating a selection ----------------------------------------------------------------
  const REASON = 52;
  let chosen = 0;
  /** The caller's participants the last call selected, and the ids out of reach it named. */
  let ownSelected: number[] = [];
  let outOfReach: number[] = [];
  const terminateMany = (selection: unknown, own: number[], extra: Extra = {}) => {
    ownSelected = own;
    const named =
      selection && typeof selection === 'object' && 'ids' in selection && Array.isArray(selection.ids)
        ? [...new Set(selection.ids)]
        : [];
    outOfReach = named.filter((id): id is number => typeof id === 'number' && !own.includes(id));
    return call('POST', '/api/adherentsCorrespondant/resilier', headers.main, {
      selection,
      motifMouvement: REASON,
      ...extra,
    });
  };
  const selectionTerminate: Target = {
    route: 'POST /api/adherentsCorrespondant/resilier',
    // A participant of the caller's, active: a new one once the last case terminated it.
    prepare: async () => {
      if (chosen === 0 || !(await participantById(chosen)).active) chosen = await createParticipant();
    },
    send: (extra) => terminateMany(selectionOfIds(chosen), [chosen], extra),
    own: () => correspondantPrivileges(main.id),
    applied: async (reply) => {
      const summary = terminateSelectionReply.parse(reply.json());
      const rows = await Promise.all(ownSelected.map(participantById));
      return summary.terminated === ownSelected.length && rows.every((row) => !row.active);
    },
    effects: async (reply) => {
      const summary = terminateSelectionReply.parse(reply.json());
      const problems: string[] = [];
      // Each id out of reach refused once, as an unknown one: no name, the one message.
      const refused = summary.refused.map((refusal) => refusal.id).sort((a, b) => a - b);
      if (
        !isDeepStrictEqual(
          refused,
          [...outOfReach].sort((a, b) => a - b),
        )
      )
        problems.push(`refused ${refused.length} ids, ${outOfReach.length} out of reach`);
      for (const refusal of summary.refused) {
        const codes = refusal.messages.map((message) => message.errorCode);
        if (refusal.nom !== null || refusal.prenom !== null)
          problems.push(`refusal of ${refusal.id} names ${refusal.nom} ${refusal.prenom}`);
        if (!isDeepStrictEqual(codes, [PARTICIPANT_MESSAGES.notFound]))
          problems.push(`refusal of ${refusal.id}: ${codes.join()}`);
      }
      for (const id of ownSelected) {
        const row = await participantById(id);
        if (row.terminationDate !== centreToday() || row.terminationReasonId !== REASON)
          problems.push(`${id} terminated on ${row.terminationDate} for ${row.terminationReasonId}`);
        if (row.establishmentId !== mainEstablishmentId) problems.push(`${id} moved`);
      }
      if (!ownSelected.includes(chosen) && !(await participantById(chosen)).active)
        problems.push('terminated a participant the selection did not name');
      problems.push(
        ...hiddenNames.filter((name) => reply.body.includes(name)).map((name) => `names ${name}`),
      );
      return problems;
    },
    ignore: {
      ...roleFields,
      ...scopeFields,
      ...participantFields,
      ids: [outsider.id],
      filtre: { idEtablissement: otherEstablishment },
      dateResiliation: '2020-01-01',
      actif: true,
    },
    apply: {
      "a selection of the caller's id and other scopes' ids": () =>
        terminateMany(selectionOfIds(chosen, ...farIds), [chosen]),
      "a selection of the caller's id among every other scope's participant": () =>
        terminateMany(selectionOfIds(...foreignIds, chosen), [chosen]),
      [`a selection of ${SELECTION_MAX} ids, the caller's one among ids no one has`]: () =>
        terminateMany(selectionOfIds(chosen, ...nobody(SELECTION_MAX - 1)), [chosen]),
      'a selection naming the same ids several times': () =>
        terminateMany(selectionOfIds(chosen, chosen, outsider.id, chosen, outsider.id), [chosen]),
      "a filter of another scope's establishment": () =>
        terminateMany({ filtre: { idEtablissement: otherEstablishment } }, []),
      ...(sibling[0]
        ? {
            "a filter of the same company's other establishment": () =>
              terminateMany({ filtre: { idEtablissement: sibling[0]?.id } }, []),
          }
        : {}),
      "a filter of another scope's company": () =>
        terminateMany({ filtre: { idEntreprise: otherCompany } }, []),
      "a filter of another scope's participant": () =>
        terminateMany({ filtre: { idParticipant: outsider.id } }, []),
      "a filter of the caller's establishment and another scope's participant": () =>
        terminateMany({ filtre: { idEtablissement: mainEstablishmentId, idParticipant: outsider.id } }, []),
    },
    refuse: {
      ...Object.fromEntries(
        Object.keys(badSelections(0)).map((name) => [
          name,
          () => terminateMany(badSelections(chosen)[name], []),
        ]),
      ),
      'selection (a __proto__ key)': () =>
        rawSelection(
          '/api/adherentsCorrespondant/resilier',
          `{"selection":{"ids":[${chosen}],"__proto__":{"ids":[${outsider.id}]}},"motifMouvement":${REASON}}`,
        ),
      'motifMouvement (an item of another list: a civility)': { motifMouvement: CIVILITY.mrs },
      'motifMouvement (a street type)': { motifMouvement: STREET_TYPE_IDS[0] },
      'motifMouvement (the movement type "termination", not a reason)': {
        motifMouvement: MOVEMENT_TYPE.termination,
      },
      'motifMouvement (a reason the centre retired)': { motifMouvement: retiredReason?.id },
      'motifMouvement (no such item)': { motifMouvement: 2_000_000_000 },
      'motifMouvement (as text)': { motifMouvement: String(REASON) },
      'motifMouvement (zero)': { motifMouvement: 0 },
      'motifMouvement (negative)': { motifMouvement: -REASON },
      'motifMouvement (a fraction)': { motifMouvement: REASON + 0.5 },
      'motifMouvement (null)': { motifMouvement: null },
      'motifMouvement (missing)': { motifMouvement: undefined },
    },
  };

  // --- exporting a selection (a read by POST: only the caller's participants may leave) ---------
  const exportOwn = (
    await db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.establishmentId, mainEstablishmentId))
      .orderBy(asc(participants.id))
      .limit(3)
  ).map((row) => row.id);
  const [own0 = 0, own1 = 0] = exportOwn;
  let exportExpected: number[] = [];
  let exported: unknown[][] = [];
  const exportMany = async (selection: unknown, expected: number[], extra: Extra = {}) => {
    exportExpected = expected;
    const reply = await call('POST', '/api/excel-adherents', headers.main, {
      selection,
      langue: 'fr_FR',
      ...extra,
    });
    exported = reply.statusCode === 200 ? await sheetRows(reply.bytes) : [];
    return reply;
  };
  const selectionExport: Target = {
    route: 'POST /api/excel-adherents',
    send: (extra) => exportMany(selectionOfIds(...exportOwn), exportOwn, extra),
    own: () => correspondantPrivileges(main.id),
    // The header row, then exactly the caller's participants the selection named, each once.
    applied: async () =>
      exported[0]?.[0] === 'N° participant' &&
      isDeepStrictEqual(
        exported
          .slice(1)
          .map((row) => row[0])
          .sort(),
        [...exportExpected].sort(),
      ),
    effects: async () => {
      const data = exported.slice(1);
      const strangers = data.map((row) => row[0]).filter((id) => !exportExpected.includes(Number(id)));
      const names = hiddenNames.filter((name) => data.some((row) => row.includes(name)));
      return [...strangers.map((id) => `exported ${id}`), ...names.map((name) => `exported ${name}`)];
    },
    ignore: {
      ...roleFields,
      ...scopeFields,
      ...participantFields,
      ids: [outsider.id],
      colonnes: ['motDePasse'],
    },
    apply: {
      "a selection of the caller's ids and other scopes' ids": () =>
        exportMany(selectionOfIds(...exportOwn, ...farIds), exportOwn),
      "a selection of the caller's id among every other scope's participant": () =>
        exportMany(selectionOfIds(...foreignIds, own0), [own0]),
      [`a selection of ${SELECTION_MAX} ids, the caller's among ids no one has`]: () =>
        exportMany(selectionOfIds(...exportOwn, ...nobody(SELECTION_MAX - exportOwn.length)), exportOwn),
      'a selection naming the same ids several times': () =>
        exportMany(selectionOfIds(own0, own0, own1, outsider.id, own1, outsider.id), [own0, own1]),
      "a filter of another scope's establishment": () =>
        exportMany({ filtre: { idEtablissement: otherEstablishment, actif: false } }, []),
      ...(sibling[0]
        ? {
            "a filter of the same company's other establishment": () =>
              exportMany({ filtre: { idEtablissement: sibling[0]?.id, actif: false } }, []),
          }
        : {}),
      "a filter of another scope's company": () =>
        exportMany({ filtre: { idEntreprise: otherCompany, actif: false } }, []),
      "a filter of another scope's participant": () =>
        exportMany({ filtre: { idParticipant: outsider.id, actif: false } }, []),
    },
    refuse: {
      ...Object.fromEntries(
        Object.entries(badSelections(own0)).map(([name, selection]) => [
          name,
          () => exportMany(selection, []),
        ]),
      ),
      'selection (a __proto__ key)': () =>
        rawSelection(
          '/api/excel-adherents',
          `{"selection":{"ids":[${own0}],"__proto__":{"ids":[${outsider.id}]}},"langue":"fr_FR"}`,
        ),
      'langue (German)': { langue: 'de_DE' },
      'langue (fr)': { langue: 'fr' },
      'langue (FR_fr)': { langue: 'FR_fr' },
      'langue (empty)': { langue: '' },
      'langue (null)': { langue: null },
      'langue (a list)': { langue: ['fr_FR'] },
      'langue (a number)': { langue: 1 },
    },
  };

  // --- running an import (the check is the caller's, kept on the server under its id) ----------
  /** A check of one new person's row, uploaded by this caller: its id and the name it imports. */
  const checkOf = async (auth: Record<string, string>, cells: Record<string, string> = {}) => {
    const row = freshRow(cells);
    const reply = await call('POST', IMPORT_URL, auth, {
      nomFichier: 'salaries.csv',
      fichier: Buffer.from(csvOf([row])).toString('base64'),
      langue: 'fr_FR',
    });
    const check = importCheckReply.parse(reply.json());
    if (check.counts.new !== 1) throw new Error(`the check has no new row: ${reply.body.slice(0, 300)}`);
    return { id: check.id, name: row.Nom ?? '' };
  };
  /** The import's state once its rows are written and its activation links handed over. */
  const importFinished = async (id: string) => {
    for (const until = Date.now() + 30_000; ; ) {
      const status = importStatusReply.parse((await call('GET', `${IMPORT_URL}/${id}`, headers.main)).json());
      if (status.state !== 'running' && status.activationsQueued === 0) return status;
      if (Date.now() > until) throw new Error(`import ${id} still ${status.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  let pendingCheck = { id: '', name: '' };
  const runOf = (id: string, auth: Record<string, string>, extra: Extra = {}) =>
    call('POST', `${IMPORT_URL}/${id}/executer`, auth, { mettreAJour: false, ...extra });
  const importRun: Target = {
    route: 'POST /api/adherentsCorrespondant/import/:id/executer',
    prepare: async () => {
      pendingCheck = await checkOf(headers.main);
    },
    send: (extra) => runOf(pendingCheck.id, headers.main, extra),
    own: () => correspondantPrivileges(main.id),
    applied: async (reply) =>
      reply.statusCode === 202 && (await importFinished(pendingCheck.id)).created === 1,
    // The run goes on in the background after its 202: what it did is read once it has finished.
    effects: async () => {
      await importFinished(pendingCheck.id);
      const made = await db
        .select()
        .from(participants)
        .where(sql`upper(${participants.lastName}) = upper(${pendingCheck.name})`);
      const [row] = made;
      if (!row || made.length !== 1) return [`${made.length} participants named ${pendingCheck.name}`];
      const [account] = await db.select().from(users).where(eq(users.participantId, row.id));
      const [record] = await db
        .select({ owner: participantImports.ownerUserId })
        .from(participantImports)
        .where(eq(participantImports.id, pendingCheck.id));
      return [
        ...changedKeys('imported', mainPlace, {
          establishmentId: row.establishmentId,
          companyId: row.companyId,
          groupId: row.groupId,
        }),
        ...(account?.roles.join() === 'ROLE_PARTICIPANT' && account.kind === 'PARTICIPANT' && !account.active
          ? []
          : [`account ${account?.roles.join()} ${account?.kind} active=${account?.active}`]),
        ...(record?.owner === mainUser.id ? [] : [`import owned by ${record?.owner}`]),
      ];
    },
    ignore: {
      ...roleFields,
      ...scopeFields,
      ...participantFields,
      ownerUserId: admin.id,
      userId: admin.id,
      scopeKey: `G${otherGroup}`,
      id: '00000000-0000-4000-8000-000000000000',
      state: 'done',
      etat: 'done',
      total: 0,
      rows: [{ line: 2, status: 'new', participantId: outsider.id, body: outsiderForm }],
      lignes: [2, 3],
    },
    refuse: {
      ':id (a check of another correspondant of the same establishment)': async () =>
        runOf((await checkOf(headers.directory)).id, headers.main),
      // Its row names corr.etablissement's own establishment: only the author may run it there.
      ':id (a check of the company correspondant above)': async () =>
        runOf(
          (await checkOf(headers.company, { "N° d'établissement": String(mainEstablishmentId) })).id,
          headers.main,
        ),
      ':id (a check of another scope)': async () => runOf((await checkOf(headers.other)).id, headers.main),
      ':id (the check run by the company correspondant above its author)': () =>
        runOf(pendingCheck.id, headers.company),
      ':id (the check run by another correspondant of the same establishment)': () =>
        runOf(pendingCheck.id, headers.directory),
      ':id (not a uuid)': () => runOf(String(outsider.id), headers.main),
      ':id (a uuid of no check)': () => runOf('00000000-0000-4000-8000-000000000000', headers.main),
      'mettreAJour (as text)': { mettreAJour: 'true' },
      'mettreAJour (a number)': { mettreAJour: 1 },
      'mettreAJour (null)': { mettreAJour: null },
    },
  };

  // --- account contact (participant and correspondant) ----------------------------------------
  const contactTarget = (
    login: string,
    auth: Record<string, string>,
    id: number,
    correspondantId: number | null,
  ): Target => {
    let mail = '';
    return {
      route: `POST /api/user (${login})`,
      send: (extra) => {
        mail = `${unique('contact.')}@example.com`;
        return call('POST', '/api/user', auth, {
          email: mail,
          portable: '06 12 34 56 78',
          motDePasse: DEMO_PASSWORD,
          ...extra,
        });
      },
      own: async () => ({
        account: await accountPrivileges(id),
        ...(correspondantId === null ? {} : { record: await correspondantPrivileges(correspondantId) }),
      }),
      // A new address waits for the code sent to it (issue 17): the request is what applies at once.
      applied: async () => (await pendingOf(id, 'CONTACT_EMAIL')) === mail,
      ignore: {
        ...roleFields,
        id: admin.id,
        userId: admin.id,
        login: 'admin',
        username: 'admin',
        typeuser: 'STAFF',
        actif: false,
        participant: { id: peerId },
        participantId: peerId,
        correspondantId: other.id,
        etablissement: { id: otherEstablishment, raisonsociale: 'X' },
        idEtablissement: otherEstablishment,
      },
    };
  };
  const test1 = await userOf('participant.test1');
  const contactCorr = await userOf('corr.coordonnees');

  // --- confirming or cancelling a new address (issue 17) --------------------------------------
  const test3 = await userOf('participant.test3');
  let waitingMail = '';
  let waitingCode = '';
  const askNewMail = async () => {
    waitingMail = `${unique('confirme.')}@example.com`;
    await call('POST', '/api/user', headers.test3, {
      email: waitingMail,
      portable: test3.mobile,
      motDePasse: DEMO_PASSWORD,
    });
    const sent = [...portal.notifier.mails].reverse().find((entry) => entry.to === waitingMail);
    waitingCode = sent?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  };
  const contactIgnored = {
    ...roleFields,
    userId: admin.id,
    id: admin.id,
    login: 'admin',
    pendingValue: 'pirate@example.com',
    email: 'pirate@example.com',
    portable: '06 99 88 77 66',
  };
  const contactConfirmation: Target = {
    route: 'POST /api/user/contact/confirmation',
    prepare: askNewMail,
    send: (extra) =>
      call('POST', '/api/user/contact/confirmation', headers.test3, {
        canal: 'EMAIL',
        code: waitingCode,
        ...extra,
      }),
    own: () => accountPrivileges(test3.id),
    applied: async () => (await userById(test3.id)).email === waitingMail,
    ignore: contactIgnored,
  };
  const contactCancel: Target = {
    route: 'POST /api/user/contact/cancel',
    prepare: askNewMail,
    send: (extra) => call('POST', '/api/user/contact/cancel', headers.test3, { canal: 'TOUS', ...extra }),
    own: () => accountPrivileges(test3.id),
    applied: async () => (await pendingOf(test3.id, 'CONTACT_EMAIL')) === null,
    ignore: contactIgnored,
  };

  // --- secret question ------------------------------------------------------------------------
  const test4 = await userOf('participant.test4');
  let answerBefore: string | null = null;
  const question: Target = {
    route: 'POST /api/user/question',
    prepare: async () => {
      answerBefore = (await userById(test4.id)).secretAnswerHash;
    },
    send: (extra) =>
      call('POST', '/api/user/question', headers.test4, {
        id: 2,
        response: unique('Réponse '),
        motDePasse: DEMO_PASSWORD,
        ...extra,
      }),
    own: () => accountPrivileges(test4.id),
    applied: async () => (await userById(test4.id)).secretAnswerHash !== answerBefore,
    ignore: { ...roleFields, userId: admin.id, idUser: admin.id, login: 'admin', participantId: peerId },
  };

  // --- establishment address ------------------------------------------------------------------
  let street = '';
  const address = () => ({
    ligne1: null,
    ligne2: null,
    ligne3: null,
    numeroVoie: '12',
    typeVoie: null,
    nomVoie: street,
    ligne5: null,
    codePostal: '69003',
    localite: 'Lyon',
    pays: FRANCE,
  });
  const addressOf = (auth: Record<string, string>, extra: Extra) => {
    street = unique('des Payloads ');
    return call('POST', '/api/adresse', auth, {
      adresse: address(),
      adresseFacturationIdentique: true,
      ...extra,
    });
  };
  const mainEstablishment = () => establishmentById(main.establishmentId ?? -1);
  const addressTarget: Target = {
    route: 'POST /api/adresse',
    send: (extra) => addressOf(headers.main, extra),
    own: async () => {
      const { companyId, terminationDate, managerId, name } = await mainEstablishment();
      return {
        companyId,
        terminationDate,
        managerId,
        name,
        record: await correspondantPrivileges(main.id),
      };
    },
    applied: async () => (await mainEstablishment()).geoStreetName === street,
    ignore: {
      ...roleFields,
      establishmentId: otherEstablishment,
      idEntreprise: otherCompany,
      companyId: otherCompany,
      etablissement: { id: otherEstablishment },
      raisonsociale: 'Renamed by a payload',
      dateResiliation: '2020-01-01',
    },
    refuse: {
      'idEtablissement (another group)': { idEtablissement: otherEstablishment },
      ...(sibling[0] ? { 'idEtablissement (same company)': { idEtablissement: sibling[0].id } } : {}),
      'idEtablissement (group correspondant, another group)': () =>
        addressOf(headers.group, { idEtablissement: otherEstablishment }),
      'modifiable (company correspondant, read-only)': () =>
        addressOf(headers.company, { modifiable: true, facturationModifiable: true }),
    },
  };
  // A group correspondant writes the geographic address only: the billing part is ignored (docs/interface-conventions.md#constants).
  const groupRecord = await correspondantById((await userOf('corr.groupe')).correspondantId ?? -1);
  const groupHome = () => establishmentById(groupRecord.establishmentId ?? -1);
  const billingOf = (row: Row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => key.startsWith('billing')));
  const groupAddress: Target = {
    route: 'POST /api/adresse (group correspondant)',
    send: (extra) => addressOf(headers.group, { idEtablissement: groupRecord.establishmentId, ...extra }),
    own: async () => ({
      billing: billingOf(await groupHome()),
      record: await correspondantPrivileges(groupRecord.id),
    }),
    applied: async () => (await groupHome()).geoStreetName === street,
    ignore: {
      ...roleFields,
      facturationModifiable: true,
      adresseFacturation: { ...address(), nomVoie: 'Facturation forcée' },
      niveau: 'ETABLISSEMENT',
      scopeLevel: 'ETABLISSEMENT',
    },
  };

  // --- correspondant's own record -------------------------------------------------------------
  const directory = await userOf('corr.annuaire');
  const directoryId = directory.correspondantId ?? -1;
  let recordMail = '';
  const record: Target = {
    route: 'POST /api/correspondant/:id',
    send: (extra) => {
      recordMail = `${unique('annuaire.')}@example.com`;
      return call('POST', `/api/correspondant/${directoryId}`, headers.directory, {
        civilite: CIVILITY.mrs,
        nom: 'Lemaître',
        prenom: 'Anaïs',
        telephone: null,
        portable: '06 11 22 33 44',
        fax: null,
        mail: recordMail,
        fonction: 'RH',
        motDePasse: DEMO_PASSWORD,
        ...extra,
      });
    },
    own: async () => ({
      record: await correspondantPrivileges(directoryId),
      account: await accountPrivileges(directory.id),
    }),
    applied: async () => (await pendingOf(directory.id, 'CONTACT_EMAIL')) === recordMail,
    ignore: {
      ...roleFields,
      ...scopeFields,
      id: main.id,
      idCorrespondant: main.id,
      correspondantId: main.id,
      idGroupement: otherGroup,
      niveau: 'GROUPEMENT',
      scopeLevel: 'GROUPEMENT',
      roleAdmin: true,
      roleFacturation: true,
      roleBilling: true,
      roleMailing: true,
      canSave: false,
      actif: false,
      userId: admin.id,
    },
    refuse: {
      ":id (another correspondant's record, same directory)": () =>
        call('POST', `/api/correspondant/${main.id}`, headers.directory, {
          civilite: CIVILITY.mr,
          nom: 'Pirate',
          prenom: 'Payload',
          telephone: null,
          portable: null,
          fax: null,
          mail: 'pirate@example.com',
          fonction: null,
          motDePasse: DEMO_PASSWORD,
        }),
    },
  };

  // --- documents by mail ----------------------------------------------------------------------
  const ownDocument = await one(
    db
      .select()
      .from(documents)
      .where(and(eq(documents.participantId, dmcId), eq(documents.active, true)))
      .orderBy(asc(documents.id))
      .limit(1),
    'document of participant.dmc',
  );
  const peerDocument = await one(
    db
      .select()
      .from(documents)
      .where(and(ne(documents.participantId, dmcId), eq(documents.active, true)))
      .limit(1),
    'document of another participant',
  );
  // An EXTRACIEM attachment (the kind that can be sent) of another participant's active document.
  const peerAnnex = await one(
    db
      .select({ id: documentAttachments.id })
      .from(documentAttachments)
      .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
      .where(
        and(
          ne(documents.participantId, dmcId),
          eq(documents.active, true),
          eq(documentAttachments.kind, 'EXTRACIEM'),
        ),
      )
      .limit(1),
    "EXTRACIEM attachment of another participant's document",
  );
  let mailsBefore = 0;
  const sendDocuments: Target = {
    route: 'POST /api/document/download',
    send: (extra) => {
      mailsBefore = portal.notifier.mails.length;
      return call('POST', '/api/document/download', headers.dmc, {
        mail: 'dr.payload@example.com',
        password: 'Payload-Zip#2026',
        idDocuments: [ownDocument.id],
        idAnnexes: [],
        ...extra,
      });
    },
    own: async () => ({
      account: await accountPrivileges(dmc.id),
      participant: await participantPrivileges(dmcId),
    }),
    applied: async () => portal.notifier.mails.length === mailsBefore + 1,
    effects: async () => {
      const zip = portal.notifier.mails.at(-1)?.attachments?.[0]?.content;
      const reader = new ZipReader(new Uint8ArrayReader(zip ?? new Uint8Array()));
      const names = (await reader.getEntries()).map((entry) => entry.filename);
      await reader.close();
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, dmc.id), eq(auditLog.action, 'DOCUMENTS_SENT')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return [
        ...(names.length === 1 ? [] : [`zip holds ${names.join(', ')}`]),
        ...(entry?.targetId === String(dmcId) ? [] : [`audited for ${entry?.targetId}`]),
      ];
    },
    ignore: { ...roleFields, idParticipant: peerId, participantId: peerId, userId: peer.id, id: peerId },
    refuse: {
      "idDocuments (another participant's)": { idDocuments: [peerDocument.id] },
      "idDocuments (own and another participant's)": { idDocuments: [ownDocument.id, peerDocument.id] },
      "idAnnexes (another participant's)": { idAnnexes: [peerAnnex.id] },
    },
  };

  // --- home cards -----------------------------------------------------------------------------
  let mammogram = '';
  const mammogramTarget: Target = {
    route: 'POST /api/adherents/dateMammo',
    send: (extra) => {
      const day = (++serial % 28) + 1;
      mammogram = `2024-03-${String(day).padStart(2, '0')}`;
      return call('POST', '/api/adherents/dateMammo', headers.dmc, { date: mammogram, ...extra });
    },
    own: () => participantPrivileges(dmcId),
    applied: async () => (await participantById(dmcId)).lastMammogramDate === mammogram,
    ignore: { ...roleFields, idParticipant: peerId, participantId: peerId, id: peerId, userId: peer.id },
  };
  const consent: Target = {
    route: 'POST /api/adherents/accordDesistement',
    send: (extra) =>
      call('POST', '/api/adherents/accordDesistement', headers.dmc, { accord: true, ...extra }),
    own: async () => ({
      ...(await participantPrivileges(dmcId)),
      agreed: (await participantById(dmcId)).withdrawalAgreement,
    }),
    // Never called: the route has no ignore case (no valid object body to carry a field).
    applied: async () => false,
    ignore: {},
    // The body is a bare boolean: an object carrying ids is not a body of this route.
    refuse: {
      'idParticipant (object body)': { idParticipant: peerId },
      'participantId (object body)': { participantId: peerId },
    },
  };

  // --- enumerations users may extend ----------------------------------------------------------
  let label = '';
  const existingItem = await one(
    db.select().from(enumItems).where(eq(enumItems.namespace, 'typeVoie')).limit(1),
    'typeVoie item',
  );
  const enumTarget: Target = {
    route: 'PUT /api/enum/:name',
    // A reach adds a few values a day (enums-pending.test.ts counts them): each case starts afresh.
    prepare: async () => {
      await db.delete(throttles).where(like(throttles.key, 'enum:%'));
    },
    send: (extra) => {
      label = unique('Allée des charges utiles ');
      return call('PUT', '/api/enum/typeVoie', headers.main, { label, ...extra });
    },
    own: async () => ({
      existing: await one(db.select().from(enumItems).where(eq(enumItems.id, existingItem.id)), 'item'),
      countries: (await db.select({ n: count() }).from(enumItems).where(eq(enumItems.namespace, 'pays')))[0]
        ?.n,
    }),
    applied: async () => (await db.select().from(enumItems).where(eq(enumItems.label, label))).length === 1,
    effects: async () => {
      const [row] = await db.select().from(enumItems).where(eq(enumItems.label, label));
      // Still waiting for the centre's approval, and owned by the caller's establishment.
      return row?.namespace === 'typeVoie' &&
        row.active &&
        row.id !== existingItem.id &&
        row.pending &&
        row.ownerLevel === 'ETABLISSEMENT' &&
        row.ownerEstablishmentId === main.establishmentId
        ? []
        : [`item ${JSON.stringify(row)}`];
    },
    ignore: {
      ...roleFields,
      namespace: 'pays',
      id: existingItem.id,
      actif: false,
      active: false,
      code: 'XX',
      enAttente: false,
      pending: false,
      ownerLevel: 'GROUPEMENT',
      ownerEstablishmentId: otherEstablishment,
      createdBy: 1,
    },
  };

  // --- check-up exports (reads by POST: the filter must stay in the caller's scope) ------------
  /** The workbook's rows (exceljs), and the reply in the shape the other targets return. */
  const exportRows = async (url: string, extra: Extra) => {
    const reply = await fetch(`${portal.base}${url}`, {
      method: 'POST',
      headers: { ...headers.main, 'content-type': 'application/json' },
      body: JSON.stringify({ dateDebut: '2000-01-01', dateFin: '2100-12-31', ...extra }),
    });
    const bytes = Buffer.from(await reply.arrayBuffer());
    const text = reply.status === 200 ? '' : bytes.toString('utf8');
    const asReply: HttpReply = {
      statusCode: reply.status,
      headers: Object.fromEntries(reply.headers),
      body: text,
      bytes: new Uint8Array(bytes),
      json: <T>() => JSON.parse(text) as T,
    };
    const rows: unknown[] = [];
    if (reply.status === 200) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      workbook.worksheets[0]?.eachRow((row) => {
        rows.push(row.values);
      });
    }
    return { reply: asReply, rows };
  };
  // The company and establishment are the exports' own filters since issue 18: another scope's id
  // answers as an unknown id does, a workbook of the header row alone, never another scope's rows.
  const exportFilters = ['idEtablissement', 'idEntreprise'];
  const exportTarget = async (url: string): Promise<Target> => {
    const baseline = (await exportRows(url, {})).rows;
    let rows: unknown[] = [];
    let filtered = false;
    return {
      route: `POST ${url}`,
      send: async (extra) => {
        const result = await exportRows(url, extra);
        rows = result.rows;
        filtered = exportFilters.some((field) => field in extra);
        return result.reply;
      },
      own: () => correspondantPrivileges(main.id),
      // A header row and at least one check-up: the comparison is not made on an empty list.
      applied: async () => filtered || rows.length > 1,
      effects: async () => {
        if (filtered) return rows.length === 1 ? [] : [`${rows.length - 1} rows for another scope's id`];
        return isDeepStrictEqual(rows, baseline) ? [] : [`${rows.length} rows instead of ${baseline.length}`];
      },
      ignore: { ...roleFields, ...scopeFields, idParticipant: outsider.id },
    };
  };

  // --- sign-in and session --------------------------------------------------------------------
  const principalOf = async (auth: Record<string, string>, body: Extra = {}) =>
    call('POST', '/api/oauth/principal', auth, body);
  const authoritiesOf = (reply: HttpReply) =>
    JSON.stringify(
      reply
        .json<{ authorities: { authority: string }[] }>()
        .authorities.map((a) => a.authority)
        .sort(),
    );
  const companyUser = await userOf('corr.entreprise');
  const companyAuthorities = authoritiesOf(await principalOf(headers.company));
  let signed = '';
  const tokenTarget: Target = {
    route: 'POST /api/oauth/token',
    send: async (extra) => {
      const form = new URLSearchParams({
        grant_type: 'password',
        username: composeUsername('corr.entreprise', true),
        password: DEMO_PASSWORD,
        ...Object.fromEntries(
          Object.entries(extra).map(([key, value]) => [
            key,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        ),
      });
      const reply = await portal.http({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      signed = reply.statusCode === 200 ? reply.json<{ access_token: string }>().access_token : '';
      return reply;
    },
    own: () => accountPrivileges(companyUser.id),
    applied: async () => signed !== '',
    effects: async () => {
      const now = authoritiesOf(await principalOf(bearer(signed)));
      return now === companyAuthorities ? [] : [`authorities ${now}`];
    },
    ignore: {
      roles: 'ROLE_ADMIN',
      role: 'ROLE_ADMIN',
      authorities: 'ROLE_ADMIN',
      scope: 'ROLE_ADMIN admin',
      userId: String(admin.id),
    },
  };
  const dmcAuthorities = authoritiesOf(await principalOf(headers.dmc));
  let principalReply: HttpReply | null = null;
  const principalTarget: Target = {
    route: 'POST /api/oauth/principal',
    send: async (extra) => {
      principalReply = await principalOf(headers.dmc, extra);
      return principalReply;
    },
    own: () => accountPrivileges(dmc.id),
    applied: async () => principalReply?.statusCode === 200,
    effects: async (reply) => {
      const user = reply.json<{ id: number; correspondantEtablissement: boolean }>();
      return [
        ...(authoritiesOf(reply) === dmcAuthorities ? [] : [`authorities ${authoritiesOf(reply)}`]),
        ...(user.id === dmc.id && !user.correspondantEtablissement ? [] : ['another user']),
      ];
    },
    ignore: { ...roleFields, roleCorrespondant: true, id: admin.id, userId: admin.id },
  };

  // --- own password ---------------------------------------------------------------------------
  const test2 = await userOf('participant.test2');
  let password = DEMO_PASSWORD;
  let hashBefore: string | null = null;
  const changePassword: Target = {
    route: 'POST /api/oauth/changePassword',
    prepare: async () => {
      hashBefore = (await userById(test2.id)).passwordHash;
    },
    send: async (extra) => {
      const next = `Azur-Falaise#${2026 + ++serial}!`;
      const reply = await call('POST', '/api/oauth/changePassword', headers.test2, {
        ancienMotDePasse: password,
        motDePasse: next,
        ...extra,
      });
      if (reply.statusCode === 200) password = next;
      return reply;
    },
    own: () => accountPrivileges(test2.id),
    applied: async () => (await userById(test2.id)).passwordHash !== hashBefore,
    // `id` is in the contract's schema (docs/roles-and-access.md#api-guard): the server must still change the caller's password only.
    ignore: { ...roleFields, id: admin.id, userId: admin.id, login: 'admin' },
  };

  // --- registration by link -------------------------------------------------------------------
  let link = '';
  let registering = 0;
  let registeringParticipant = 0;
  let activation = { dateNaissance: '', codeActivation: '' };
  /** A participant created by a correspondant, with the link mailed and the centre's code issued. */
  const pendingParticipant = async () => {
    const mail = `${unique('inscription.')}@example.com`;
    registeringParticipant = await createParticipant({ mail });
    const message = [...portal.notifier.mails].reverse().find((entry) => entry.to === mail);
    link = tokenIn(message?.text ?? '');
    registering = (
      await one(db.select().from(users).where(eq(users.participantId, registeringParticipant)), 'account')
    ).id;
    activation = {
      dateNaissance: (await participantById(registeringParticipant)).birthDate,
      codeActivation: await issueActivationCode(db, registering, portal.config.activationCodeTtlS),
    };
    // Every case comes from one address: its limit (twenty an hour) is the brute-force suite's.
    await db.delete(throttles).where(like(throttles.key, 'registration:identity:ip:%'));
  };
  const identityTarget: Target = {
    route: 'POST /api/registration/identite',
    prepare: pendingParticipant,
    send: (extra) =>
      call(
        'POST',
        `/api/registration/identite?token=${encodeURIComponent(link)}`,
        {},
        {
          ...activation,
          ...extra,
        },
      ),
    own: async () => {
      const { establishmentId, companyId, groupId, active } =
        await participantPrivileges(registeringParticipant);
      const account = await accountPrivileges(registering);
      return { establishmentId, companyId, groupId, active, account };
    },
    applied: async (reply) => reply.json<{ ok: boolean }>().ok,
    ignore: {
      ...roleFields,
      ...participantFields,
      userId: admin.id,
      login: 'admin',
      identifiant: 'admin',
      actif: true,
      active: true,
      identiteConfirmee: true,
      codeConfirme: true,
      dateNaissanceEmployeur: '1900-01-01',
    },
  };
  let registrationProof: Record<string, string> = {};
  const registration: Target = {
    route: 'POST /api/registration/confirmation (participant)',
    prepare: async () => {
      await pendingParticipant();
      const query = `?token=${encodeURIComponent(link)}`;
      const proved = await call('POST', `/api/registration/identite${query}`, {}, activation);
      if (!proved.json<{ ok: boolean }>().ok) throw new Error(`identity not proven: ${proved.body}`);
      // The browser that proved the identity sends its proof on every later call (registration-proof.ts).
      registrationProof = { [REGISTRATION_PROOF_HEADER]: proved.json<{ preuve: string }>().preuve };
      await call('POST', `/api/registration/otp${query}`, registrationProof);
      const checked = await call('PUT', `/api/registration/otp${query}`, registrationProof, {
        code: portal.notifier.lastCode(),
      });
      if (!checked.json<{ ok: boolean }>().ok) throw new Error(`code not confirmed: ${checked.body}`);
    },
    send: (extra) =>
      call('POST', `/api/registration/confirmation?token=${encodeURIComponent(link)}`, registrationProof, {
        ...participantForm({ emailPersonnel: `${unique('perso.')}@example.net` }),
        ...extra,
      }),
    // Registering records the medical-record choice: the participant's place is what must not move.
    own: async () => {
      const { establishmentId, companyId, groupId, active, lockedByExternalSystem } =
        await participantPrivileges(registeringParticipant);
      return { establishmentId, companyId, groupId, active, lockedByExternalSystem };
    },
    applied: async (reply) => reply.json<{ ok: boolean }>().ok && (await userById(registering)).active,
    effects: async () => {
      const account = await accountPrivileges(registering);
      const expected = {
        roles: ['ROLE_PARTICIPANT'],
        kind: 'PARTICIPANT',
        participantId: registeringParticipant,
        correspondantId: null,
      };
      return changedKeys('account', expected, {
        roles: account.roles,
        kind: account.kind,
        participantId: account.participantId,
        correspondantId: account.correspondantId,
      });
    },
    ignore: {
      ...roleFields,
      ...participantFields,
      userId: admin.id,
      login: 'admin',
      identifiant: 'admin',
      typeuser: 'STAFF',
      kind: 'STAFF',
      correspondantId: other.id,
      idEtablissement: otherEstablishment,
    },
  };
  // Pending correspondant accounts (named and generated): each one registers once.
  const pendingCorrespondants = await db
    .select({ id: users.id, correspondantId: users.correspondantId })
    .from(users)
    .where(and(eq(users.kind, 'CORRESPONDANT'), isNull(users.passwordHash)))
    .orderBy(asc(users.id));
  let pending: { id: number; correspondantId: number | null } | undefined;
  const correspondantRegistration: Target = {
    route: 'POST /api/registration/confirmation (correspondant)',
    prepare: async () => {
      pending = pendingCorrespondants.shift();
      if (!pending) throw new Error('no pending correspondant account left');
      link = await issueRegistrationLink(db, pending.id, portal.config);
    },
    send: (extra) =>
      call(
        'POST',
        `/api/registration/confirmation?token=${encodeURIComponent(link)}`,
        {},
        {
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          questionSecrete: 1,
          reponseQuestionSecrete: 'Marseille',
          ...extra,
        },
      ),
    own: async () => ({
      // Registering activates the account: what must not move is who it is and what it may do.
      account: await accountPrivileges(pending?.id ?? -1).then(({ roles, kind, login, correspondantId }) => ({
        roles,
        kind,
        login,
        correspondantId,
      })),
      record: await correspondantPrivileges(pending?.correspondantId ?? -1),
    }),
    applied: async (reply) => reply.json<{ ok: boolean }>().ok,
    ignore: {
      ...roleFields,
      ...scopeFields,
      niveau: 'GROUPEMENT',
      scopeLevel: 'GROUPEMENT',
      roleAdmin: true,
      canSave: true,
      participantId: peerId,
      userId: admin.id,
    },
  };

  // --- recovery -------------------------------------------------------------------------------
  // Both link screens (reset and change) save through one service: each gets its own account's link.
  const passwordLink = (
    url: string,
    login: string,
    purpose: 'RESET_PASSWORD' | 'CHANGE_PASSWORD',
  ): Target => {
    let token = '';
    let account = 0;
    let hash: string | null = null;
    return {
      route: `POST ${url}`,
      prepare: async () => {
        account = (await userOf(login)).id;
        token = await issueAccountToken(db, account, purpose, 3600);
        hash = (await userById(account)).passwordHash;
      },
      send: (extra) => {
        const next = `Azur-Falaise#${3026 + ++serial}!`;
        return call('POST', url, {}, { token, password: next, passwordConfirm: next, ...extra });
      },
      own: () => accountPrivileges(account),
      applied: async () => (await userById(account)).passwordHash !== hash,
      ignore: { ...roleFields, userId: admin.id, id: admin.id, login: 'admin' },
    };
  };
  const adminTokens = async () =>
    (await db.select({ n: count() }).from(accountTokens).where(eq(accountTokens.userId, admin.id)))[0]?.n ??
    0;
  const test5 = await userOf('participant.test5');
  const test5Mail = test5.email ?? '';
  let resetMails = 0;
  const answer: Target = {
    route: 'POST /api/resetPassword',
    send: (extra) => {
      resetMails = portal.notifier.mails.filter((mail) => mail.to === test5Mail).length;
      return call(
        'POST',
        '/api/resetPassword',
        {},
        {
          idQuestion: test5.secretQuestionId,
          response: DEMO_SECRET_ANSWER,
          mail: test5Mail,
          roleCorrespondant: false,
          ...extra,
        },
      );
    },
    own: async () => ({ account: await accountPrivileges(test5.id), adminTokens: await adminTokens() }),
    applied: async () =>
      portal.notifier.mails.filter((mail) => mail.to === test5Mail).length === resetMails + 1,
    effects: async () => {
      const elsewhere = portal.notifier.mails.slice(-1).filter((mail) => mail.to !== test5Mail);
      return elsewhere.map((mail) => `mailed ${mail.to}`);
    },
    ignore: { userId: admin.id, id: admin.id, login: 'admin', idUser: admin.id },
  };

  const targets = [
    created,
    update,
    transfer,
    terminate,
    selectionTerminate,
    selectionExport,
    importRun,
    contactTarget('participant.test1', headers.test1, test1.id, null),
    contactTarget('corr.coordonnees', headers.contact, contactCorr.id, contactCorr.correspondantId),
    contactConfirmation,
    contactCancel,
    question,
    addressTarget,
    groupAddress,
    record,
    sendDocuments,
    mammogramTarget,
    consent,
    enumTarget,
    await exportTarget('/api/excel-participant-bilan'),
    await exportTarget('/api/excel-participant-historique-bilan'),
    tokenTarget,
    principalTarget,
    changePassword,
    identityTarget,
    registration,
    correspondantRegistration,
    passwordLink('/api/reinitpassword', 'participant.test3', 'RESET_PASSWORD'),
    passwordLink('/api/savePassword', 'participant.en', 'CHANGE_PASSWORD'),
    answer,
  ];
  return { targets, victims };
}

const { targets, victims } = await arrange();

/** What each case found; the summary line and the last case read them. */
const tally = { cases: 0, accepted: 0, refused: 0, ignored: 0 };

const state = async (target: Target) => ({
  victims: await victims(),
  own: await target.own(),
  footprint: await footprint(),
});

/** What a case may answer: a refusal only, a refusal or the field ignored, or the caller's part carried out. */
type Expected = 'refusal' | 'refusalOrIgnored' | 'ownPartOnly';

/** One injection: refused with nothing written, or ignored with the valid part applied. */
async function attack(target: Target, expected: Expected, send: () => Promise<HttpReply>): Promise<void> {
  tally.cases++;
  await target.prepare?.();
  const before = await state(target);
  const reply = await send();
  const after = await state(target);
  const answer = `answered ${reply.statusCode}`;
  if (
    reply.statusCode >= 500 ||
    reply.statusCode < 200 ||
    (reply.statusCode >= 300 && reply.statusCode < 400)
  )
    throw new Error(`${answer}: ${reply.body.slice(0, 200)}`);
  if (reply.statusCode >= 400) {
    const wrote = [
      ...changedKeys('victim', before.victims, after.victims),
      ...changedKeys('own', before.own, after.own),
      ...changedKeys('rows', before.footprint, after.footprint),
    ];
    expect(wrote, `${answer} (refused) but wrote`).toEqual([]);
    expect(untranslatedKeys(reply), `${answer} with keys the web cannot translate`).toEqual([]);
    expect(
      expected,
      `${answer}: refused a call whose own part must be carried out: ${reply.body.slice(0, 200)}`,
    ).not.toBe('ownPartOnly');
    tally.refused++;
    return;
  }
  const changes = [
    ...changedKeys('victim', before.victims, after.victims),
    ...changedKeys('own', before.own, after.own),
    ...((await target.effects?.(reply)) ?? []),
    ...(expected === 'refusal' ? ['answered 2xx where only a refusal is right'] : []),
  ];
  if (changes.length > 0) tally.accepted++;
  expect(changes, `${answer} and took the field`).toEqual([]);
  expect(await target.applied(reply), `${answer}: the valid part of the body took effect`).toBe(true);
  tally.ignored++;
}

afterAll(() => {
  figure('payloads.cases', tally.cases);
  figure('payloads.accepted', tally.accepted);
});

describe('privileged fields injected into valid bodies', () => {
  for (const target of targets) {
    describe(target.route, () => {
      // The valid body alone must work, or every "ignored" below would prove nothing.
      if (Object.keys(target.ignore).length > 0)
        it('carries out the valid body alone', async () => {
          await target.prepare?.();
          const control = await target.send({});
          // 200, or 202 for a call carried out in the background (an import's run).
          expect([200, 202], control.body.slice(0, 200)).toContain(control.statusCode);
          expect(await target.applied(control), 'the valid body took effect').toBe(true);
        });
      for (const [field, value] of Object.entries(target.ignore))
        it(`refuses or ignores an injected ${field}`, () =>
          attack(target, 'refusalOrIgnored', () => target.send({ [field]: value })));
      for (const [field, value] of Object.entries(target.refuse ?? {}))
        it(`refuses ${field}`, () =>
          attack(target, 'refusal', typeof value === 'function' ? value : () => target.send(value)));
      for (const [name, send] of Object.entries(target.apply ?? {}))
        it(`carries out only the caller's part of ${name}`, () => attack(target, 'ownPartOnly', send));
    });
  }

  it('refused some injections and ignored most', () => {
    expect(tally.ignored).toBeGreaterThan(tally.cases / 2);
    expect(tally.refused).toBeGreaterThan(0);
  });
});
