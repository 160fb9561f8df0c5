import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { correspondants, participants, users } from '../db/schema';
import { participantLogin } from '../features/participants/activation';
import { sendPasswordLink } from '../features/recovery/password-links';
import {
  issueRegistrationLink,
  type LinkLog,
  mailRegistrationLink,
} from '../features/registration/registration-links';
import { audit } from '../lib/audit';
import type { Notifier } from '../notify/notifier';

export type InviteKind = 'participant' | 'correspondant';

export interface InviteDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
}

/** What `npm run invite` did, for the person who ran it (never the token). */
export type InviteOutcome =
  | { result: 'unknown' }
  | { result: 'inactive' }
  | { result: 'noEmail'; login: string }
  | { result: 'registration'; login: string; to: string; created: boolean; sent: boolean }
  | { result: 'changePassword'; login: string; to: string; sent: boolean };

interface Person {
  firstName: string;
  lastName: string;
  email: string | null;
  mobile: string | null;
  active: boolean;
}

/** The participant's or correspondant's record: who the account is for. */
async function findPerson(db: DbOrTx, kind: InviteKind, id: number): Promise<Person | null> {
  const table = kind === 'participant' ? participants : correspondants;
  const [row] = await db
    .select({
      firstName: table.firstName,
      lastName: table.lastName,
      email: table.email,
      mobile: table.mobile,
      active: table.active,
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row ?? null;
}

function accountOf(db: DbOrTx, kind: InviteKind, id: number) {
  const owner =
    kind === 'participant'
      ? and(eq(users.kind, 'PARTICIPANT'), eq(users.participantId, id))
      : and(eq(users.kind, 'CORRESPONDANT'), eq(users.correspondantId, id));
  return db
    .select({
      id: users.id,
      login: users.login,
      email: users.email,
      englishOnly: users.englishOnly,
      active: users.active,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(owner)
    .orderBy(users.id)
    .limit(1);
}

/**
 * The login the centre gives an account it creates: `prenom.nom.<id>` for a participant (as the
 * participant creation does), `prenom.nom.c<id>` for a correspondant (as the demo data has them).
 */
function loginFor(kind: InviteKind, person: Person, id: number): string {
  if (kind === 'participant') return participantLogin(person.firstName, person.lastName, id);
  return participantLogin(person.firstName, person.lastName, id).replace(/\.(\d+)$/, '.c$1');
}

/**
 * `npm run invite -- <participant|correspondant> <id>` (issue 7): an account still to register gets a
 * fresh registration link (its earlier links stop working); a participant or correspondant without
 * an account gets one, inactive and without a password, and its link; an active account gets a
 * change-password link instead. Mails go to the account's address, through the configured transports.
 */
export async function inviteAccount(
  deps: InviteDeps,
  log: LinkLog,
  kind: InviteKind,
  id: number,
): Promise<InviteOutcome> {
  const { db, config } = deps;
  const person = await findPerson(db, kind, id);
  if (!person) return { result: 'unknown' };
  if (!person.active) return { result: 'inactive' };
  const [existing] = await accountOf(db, kind, id);
  if (existing?.active && existing.passwordHash !== null) {
    const to = existing.email;
    if (!to) return { result: 'noEmail', login: existing.login };
    let sent: boolean;
    try {
      sent = await sendPasswordLink(deps, existing.id, 'CHANGE_PASSWORD');
    } catch (error) {
      log.error({ err: error, userId: existing.id }, 'change-password mail not sent');
      sent = false;
    }
    return { result: 'changePassword', login: existing.login, to, sent };
  }
  const to = existing ? (existing.email ?? person.email) : person.email;
  const login = existing?.login ?? loginFor(kind, person, id);
  if (!to) return { result: 'noEmail', login };
  const issued = await db.transaction(async (tx) => {
    let userId = existing?.id;
    if (userId === undefined) {
      const [created] = await tx
        .insert(users)
        .values({
          kind: kind === 'participant' ? 'PARTICIPANT' : 'CORRESPONDANT',
          login,
          passwordHash: null,
          roles: [kind === 'participant' ? 'ROLE_PARTICIPANT' : 'ROLE_CORRESPONDANT'],
          ...(kind === 'participant' ? { participantId: id } : { correspondantId: id }),
          lastName: person.lastName,
          firstName: person.firstName,
          email: person.email,
          mobile: person.mobile,
          active: false,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned no row');
      userId = created.id;
    }
    const token = await issueRegistrationLink(tx, userId, config);
    await audit(tx, {
      actorUserId: null,
      action: 'REGISTRATION_LINK_SENT',
      targetType: 'user',
      targetId: userId,
      details: { by: 'invite', accountCreated: existing === undefined },
    });
    return { userId, token };
  });
  const sent = await mailRegistrationLink(deps, log, to, issued.token, existing?.englishOnly ?? false, {
    userId: issued.userId,
  });
  return { result: 'registration', login, to, created: existing === undefined, sent };
}
