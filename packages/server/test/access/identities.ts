import type { Role } from '@portail/contract/roles';
import { eq } from 'drizzle-orm';
import { participants, users } from '../../src/db/schema';
import { passwordRequest, signIn, type TestContext } from '../helper';

export interface Identity {
  name: string;
  signed: boolean;
  confirmed: boolean;
  access: string;
  roles: string[];
  userId: number | null;
  participantId: number | null;
  correspondantId: number | null;
  /** A participant who accepted the online medical record. */
  medicalRecord: boolean;
}

const ACCOUNTS = [
  { name: 'participant', login: 'participant.dmc', kind: 'participant' },
  { name: 'participant-without-record', login: 'participant.sansdmc', kind: 'participant' },
  { name: 'correspondant-establishment', login: 'corr.etablissement', kind: 'correspondant' },
  { name: 'correspondant-company', login: 'corr.entreprise', kind: 'correspondant' },
  { name: 'correspondant-group', login: 'corr.groupe', kind: 'correspondant' },
  { name: 'admin', login: 'admin', kind: 'staff' },
  { name: 'operator', login: 'operateur', kind: 'staff' },
] as const;

/** Every kind of caller the matrix tries: anonymous, a participant before the code, and each role. */
export async function signInIdentities(ctx: TestContext): Promise<Identity[]> {
  const out: Identity[] = [
    {
      name: 'anonymous',
      signed: false,
      confirmed: false,
      access: '',
      roles: [],
      userId: null,
      participantId: null,
      correspondantId: null,
      medicalRecord: false,
    },
  ];
  const describe = async (login: string) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
    if (!user) throw new Error(`no demo account ${login}`);
    const [record] = user.participantId
      ? await ctx.database.db
          .select({ dmc: participants.dmcStatus })
          .from(participants)
          .where(eq(participants.id, user.participantId))
      : [];
    return {
      roles: user.roles as Role[],
      userId: user.id,
      participantId: user.participantId,
      correspondantId: user.correspondantId,
      medicalRecord: record?.dmc === 'ACCEPTED',
    };
  };
  const pending = await passwordRequest(ctx.app, 'participant.en', false);
  out.push({
    name: 'participant-before-code',
    signed: true,
    confirmed: false,
    access: pending.json<{ access_token: string }>().access_token,
    ...(await describe('participant.en')),
  });
  for (const account of ACCOUNTS) {
    const signed = await signIn(ctx, account.login, account.kind);
    out.push({
      name: account.name,
      signed: true,
      confirmed: true,
      access: signed.access,
      ...(await describe(account.login)),
    });
  }
  return out;
}
