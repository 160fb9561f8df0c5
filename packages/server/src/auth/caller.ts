import type { Role } from '@portail/contract/roles';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';

export type AccountKind = 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF';
export type ScopeLevel = 'ETABLISSEMENT' | 'ENTREPRISE' | 'GROUPEMENT';

/** A correspondant's reach: the establishment, company or group their scope level names. */
export interface CorrespondantScope {
  correspondantId: number;
  level: ScopeLevel;
  establishmentId: number | null;
  companyId: number | null;
  groupId: number | null;
}

/** What the session user (principal) shows, loaded with the session by the guard. */
export interface CallerProfile {
  login: string;
  lastName: string;
  firstName: string;
  email: string | null;
  mobile: string | null;
  active: boolean;
  englishOnly: boolean;
  previousLoginAt: Date | null;
  /** The participant's or correspondant's own id. */
  ownId: number | null;
  dmcStatus: 'ACCEPTED' | 'REFUSED' | 'NONE' | null;
  employee: boolean;
}

/** Who is calling, as the guard established it from the access token and the session. */
export interface Caller {
  userId: number;
  sessionId: string;
  kind: AccountKind;
  roles: Role[];
  participantId: number | null;
  correspondant: CorrespondantScope | null;
  confirmed: boolean;
  profile: CallerProfile;
}

/**
 * Whether the correspondant directory may be shown to the caller (docs/roles-and-access.md#correspondant-list-visibility, docs/roles-and-access.md#roles; docs/roles-and-access.md#correspondant-list-visibility
 * `user/canShowListeCorrespondant`): correspondants and the centre's staff always, a participant when
 * they are an employee (category SAL), whose employer's correspondants manage them. The principal's
 * flag and the directory's routes both ask here.
 */
export function canShowCorrespondantList(caller: Caller): boolean {
  return caller.kind === 'CORRESPONDANT' || caller.kind === 'STAFF' || caller.profile.employee;
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
