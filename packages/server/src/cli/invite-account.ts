import { and, eq } from 'drizzle-orm';
import { issueActivationCode } from '../auth/activation-codes';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { correspondants, participants, users } from '../db/schema';
import { newAccountLogin } from '../features/participants/activation';
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

/** The activation code issued to a participant, for the letter or the front desk (issue 17). */
export interface IssuedActivationCode {
  code: string;
  expiresAt: Date;
}

/**
 * What `npm run invite` did, for the person who ran it: never the link's token; a participant's
 * activation code, which the centre's staff hand over or post themselves.
 */
export type InviteOutcome =
  | { result: 'unknown' }
  | { result: 'inactive' }
  | { result: 'noEmail'; login: string }
  | {
      result: 'registration';
      login: string;
      to: string;
      created: boolean;
      sent: boolean;
      activation: IssuedActivationCode | null;
    }
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
 * `npm run invite -- <participant|correspondant> <id>` (issue 7): an account still to register gets a
 * fresh registration link (its earlier links stop working); a participant or correspondant without
 * an account gets one, inactive and without a password, and its link; an active account gets a
 * change-password link instead. Mails go to the account's address, through the configured transports.
 * A participant still to register also gets a new activation code (earlier ones stop working), which
 * the outcome carries for the staff to hand over or post: the mail never contains it (issue 17).
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
  const accountKind = kind === 'participant' ? 'PARTICIPANT' : 'CORRESPONDANT';
  if (!to) return { result: 'noEmail', login: existing?.login ?? '' };
  const issued = await db.transaction(async (tx) => {
    let userId = existing?.id;
    const login =
      existing?.login ?? (await newAccountLogin(tx, accountKind, person.firstName, person.lastName));
    if (userId === undefined) {
      const [created] = await tx
        .insert(users)
        .values({
          kind: accountKind,
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
    const activation =
      kind === 'participant'
        ? {
            code: await issueActivationCode(tx, userId, config.activationCodeTtlS),
            expiresAt: new Date(Date.now() + config.activationCodeTtlS * 1000),
          }
        : null;
    await audit(tx, {
      actorUserId: null,
      action: 'REGISTRATION_LINK_SENT',
      targetType: 'user',
      targetId: userId,
      details: { by: 'invite', accountCreated: existing === undefined, activationCode: activation !== null },
    });
    return { userId, login, token, activation };
  });
  const mail = {
    token: issued.token,
    englishOnly: existing?.englishOnly ?? false,
    participant: kind === 'participant',
    person,
  };
  const sent = await mailRegistrationLink(deps, log, to, mail, { userId: issued.userId });
  return {
    result: 'registration',
    login: issued.login,
    to,
    created: existing === undefined,
    sent,
    activation: issued.activation,
  };
}
