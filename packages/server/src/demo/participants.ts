import { formatPersonName } from '@portail/contract/rules/person-name';
import type { DbOrTx } from '../db/client';
import {
  appointments,
  checkups,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  participants,
  users,
  visits,
} from '../db/schema';
import { DEMO_ACCOUNTS, type DemoAccountKey } from './accounts';
import type { CorrespondantSet } from './correspondants';
import { addDays } from './dates';
import { buildHistory, emptyHistory, type HistoryPlan } from './history';
import { Ids, insertAll } from './insert';
import { loadParticipantLogin, loadParticipantMobile } from './load-accounts';
import { establishmentPicker, type Organisation } from './organisations';
import type { DemoPdfs } from './pdfs';
import { PENDING_PARTICIPANTS, pendingEmail } from './pending-accounts';
import { buildPerson, type ParticipantRow, type PersonOverrides } from './people';
import { type Commune, normaliseLastName, type Random, slug } from './random';
import { CHECKUP_TYPE } from './reference';
import { type MutationRow, TransferPlanner } from './transfers';
import type { UserFactory, UserRow } from './users';

export interface ParticipantContext {
  random: Random;
  today: Date;
  communes: readonly Commune[];
  org: Organisation;
  correspondants: CorrespondantSet;
  userFactory: UserFactory;
  pdfs: DemoPdfs;
  total: number;
  /** How many generated participants get an active account for load tests (demo/load-accounts.ts). */
  loadAccounts?: number | undefined;
}

export interface ParticipantCounts {
  participants: number;
  users: number;
  checkups: number;
  visits: number;
  appointments: number;
  documents: number;
  attachments: number;
}

/** Rows are built and written this many participants at a time, so memory stays flat for any N. */
const CHUNK = 5_000;
/** Generated participants with an account, not yet activated (registration by link). */
const PENDING_ACCOUNT_SHARE = 0.1;

const NONE: HistoryPlan = { pastCheckups: 2, inProgress: false, documents: 'none', complete: false };
const spare = (firstName: string, lastName: string, female: boolean) => ({
  person: { firstName, lastName, female, dmc: 'ACCEPTED' as const },
  plan: { pastCheckups: 0, inProgress: false, documents: 'none', complete: false } as const,
});

/** The named participants, ids 1.. in this order, all in the main establishment. */
const NAMED: Record<
  Extract<DemoAccountKey, `participant${string}`>,
  { person: PersonOverrides; plan: HistoryPlan }
> = {
  participantDmc: {
    person: {
      firstName: 'Camille',
      lastName: 'Martin',
      female: true,
      dmc: 'ACCEPTED',
      checkupTypeId: CHECKUP_TYPE.traditionalGyn,
    },
    plan: { pastCheckups: 3, inProgress: true, documents: 'all', complete: true },
  },
  participantSansDmc: {
    person: { firstName: 'Thomas', lastName: 'Bernard', female: false, dmc: 'NONE' },
    plan: NONE,
  },
  participantRefus: {
    person: { firstName: 'Julie', lastName: 'Petit', female: true, dmc: 'REFUSED' },
    plan: NONE,
  },
  participantEn: {
    person: { firstName: 'James', lastName: 'Wilson', female: false, dmc: 'ACCEPTED', englishOnly: true },
    plan: { pastCheckups: 2, inProgress: false, documents: 'latest', complete: true },
  },
  participantTest1: spare('Lucas', 'Robert', false),
  participantTest2: spare('Emma', 'Richard', true),
  participantTest3: spare('Hugo', 'Durand', false),
  participantTest4: spare('Léa', 'Dubois', true),
  participantTest5: spare('Louis', 'Moreau', false),
  participantVisites: {
    person: { firstName: 'Nicolas', lastName: 'Lefebvre', female: false, dmc: 'NONE' },
    plan: { pastCheckups: 1, inProgress: true, documents: 'none', complete: false, visitsBehind: true },
  },
};
const NAMED_KEYS = DEMO_ACCOUNTS.filter((a) => a.kind === 'PARTICIPANT').map(
  (a) => a.key as keyof typeof NAMED,
);
/** The named pending participants follow the named ones: new to the centre, nothing behind them. */
const PENDING_PLAN: HistoryPlan = { pastCheckups: 0, inProgress: false, documents: 'none', complete: false };

/** What fixes the participant of this id: a named account, a named pending account, or nothing. */
function namedAt(id: number): { person: PersonOverrides; plan: HistoryPlan; email: string } | undefined {
  const key = NAMED_KEYS[id - 1];
  const login = DEMO_ACCOUNTS.find((a) => a.key === key)?.login;
  if (key && login) return { ...NAMED[key], email: `${login}@example.com` };
  const pending = PENDING_PARTICIPANTS[id - 1 - NAMED_KEYS.length];
  if (!pending) return undefined;
  const { firstName, lastName, female, englishOnly, birthDate } = pending;
  return {
    person: { firstName, lastName, female, englishOnly, birthDate, dmc: 'NONE' },
    plan: PENDING_PLAN,
    email: pendingEmail(pending),
  };
}

export async function generateParticipants(
  tx: DbOrTx,
  ctx: ParticipantContext,
): Promise<{ counts: ParticipantCounts; mutations: MutationRow[] }> {
  const { random, today, communes, org, userFactory } = ctx;
  const total = Math.max(ctx.total, NAMED_KEYS.length + PENDING_PARTICIPANTS.length);
  const pick = establishmentPicker(org, random);
  const planner = new TransferPlanner(random, today, org, ctx.correspondants, new Ids());
  // Drawn first name first, as before, so the rest of the demo data stays the same; written the
  // portal's one way, LAST NAME First name (issue 18).
  const doctor = () => {
    const firstName = random.faker.person.firstName();
    return `Dr ${formatPersonName(normaliseLastName(random.faker.person.lastName()), firstName)}`;
  };
  const doctors = {
    cardiologists: [doctor(), doctor(), doctor()],
    internists: [doctor(), doctor(), doctor(), doctor()],
    gynecologists: [doctor(), doctor(), doctor()],
  };
  const historyContext = {
    random,
    today,
    pdfs: ctx.pdfs,
    doctors,
    ids: {
      checkups: new Ids(),
      visits: new Ids(),
      appointments: new Ids(),
      documents: new Ids(),
      attachments: new Ids(),
    },
  };
  const counts: ParticipantCounts = {
    participants: 0,
    users: 0,
    checkups: 0,
    visits: 0,
    appointments: 0,
    documents: 0,
    attachments: 0,
  };

  let loaded = 0;
  for (let first = 1; first <= total; first += CHUNK) {
    const rows: ParticipantRow[] = [];
    const userRows: UserRow[] = [];
    const history = emptyHistory();
    for (let id = first; id < Math.min(first + CHUNK, total + 1); id++) {
      const key = NAMED_KEYS[id - 1];
      const pendingKey = key ? undefined : PENDING_PARTICIPANTS[id - 1 - NAMED_KEYS.length]?.key;
      const named = namedAt(id);
      const establishment = named ? org.main : pick();
      const { row, facts } = buildPerson(
        random,
        today,
        communes,
        id,
        establishment,
        named ? { ...named.person, email: named.email } : null,
      );
      // A load-test participant can read a document: accepted medical record, one closed check-up
      // with its documents at least (the latest falls within the last year: a member for longer).
      // The first ones in id order, spread over the establishments.
      const load =
        !named &&
        facts.active &&
        facts.dmc === 'ACCEPTED' &&
        facts.membership <= addDays(today, -365) &&
        loaded < (ctx.loadAccounts ?? 0)
          ? ++loaded
          : 0;
      if (load) row.mobile = loadParticipantMobile(load);
      const drawn: HistoryPlan = named?.plan ?? {
        pastCheckups: facts.active ? ([0, 1, 1, 1, 2, 3][random.int(0, 5)] ?? 1) : random.int(0, 1),
        inProgress: facts.active && (random.chance(0.12) || planner.wantsCheckup(establishment)),
        documents: facts.dmc === 'ACCEPTED' && random.chance(0.1) ? 'latest' : 'none',
        complete: false,
      };
      const plan: HistoryPlan = load
        ? { ...drawn, pastCheckups: Math.max(1, drawn.pastCheckups), documents: 'latest' }
        : drawn;
      row.checkupInProgress = plan.inProgress;
      if (!named && facts.active) {
        row.transferInProgress = planner.planInProgress(row, establishment, plan.inProgress);
        planner.planPast(row, establishment);
      }
      buildHistory(historyContext, row, facts, plan, history);
      rows.push(row);
      const person = {
        lastName: row.lastName,
        firstName: row.firstName,
        email: row.email ?? null,
        mobile: row.mobile ?? null,
        participantId: id,
        englishOnly: row.englishOnly ?? false,
      };
      if (key) userRows.push(userFactory.named(key, person));
      else if (pendingKey) userRows.push(userFactory.pendingNamed(pendingKey, person));
      else if (load) userRows.push(userFactory.load('PARTICIPANT', loadParticipantLogin(load), person));
      else if (random.chance(PENDING_ACCOUNT_SHARE)) {
        userRows.push(
          userFactory.pending('PARTICIPANT', `${slug(row.firstName)}.${slug(row.lastName)}.${id}`, person),
        );
      }
    }
    await insertAll(tx, participants, rows);
    await insertAll(tx, users, userRows);
    await insertAll(tx, checkups, history.checkups);
    await insertAll(tx, visits, history.visits);
    await insertAll(tx, appointments, history.appointments);
    await insertAll(tx, documents, history.documents);
    await insertAll(tx, documentContents, history.documentContents);
    await insertAll(tx, documentAttachments, history.attachments);
    await insertAll(tx, documentAttachmentContents, history.attachmentContents);
    counts.participants += rows.length;
    counts.users += userRows.length;
    counts.checkups += history.checkups.length;
    counts.visits += history.visits.length;
    counts.appointments += history.appointments.length;
    counts.documents += history.documents.length;
    counts.attachments += history.attachments.length;
  }
  return { counts, mutations: planner.rows };
}
