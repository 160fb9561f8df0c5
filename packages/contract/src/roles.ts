/** Roles of docs/roles-and-access.md#role-hierarchy and their hierarchy: PARAM_MEDISUIV implies ADMIN, ADMIN implies OPERATOR. */
export const ROLES = [
  'ROLE_PARAM_MEDISUIV',
  'ROLE_ADMIN',
  'ROLE_OPERATOR',
  'ROLE_PARTICIPANT',
  'ROLE_CORRESPONDANT',
] as const;
export type Role = (typeof ROLES)[number];

/** Who may open a screen or call a route: `permit` is anyone; a list of roles needs one of them. */
export type Access = 'permit' | readonly Role[];

const IMPLIES: Record<Role, readonly Role[]> = {
  ROLE_PARAM_MEDISUIV: ['ROLE_ADMIN'],
  ROLE_ADMIN: ['ROLE_OPERATOR'],
  ROLE_OPERATOR: [],
  ROLE_PARTICIPANT: [],
  ROLE_CORRESPONDANT: [],
};

/** Every role a set of granted roles carries once the hierarchy is applied. */
export function expandRoles(granted: readonly Role[]): Set<Role> {
  const out = new Set<Role>();
  const visit = (role: Role) => {
    if (out.has(role)) return;
    out.add(role);
    for (const implied of IMPLIES[role]) visit(implied);
  };
  for (const role of granted) visit(role);
  return out;
}

// Every guarded call asks about the same few role lists: their expansion is computed once per list.
const expanded = new WeakMap<readonly Role[], Set<Role>>();

/** True when the granted roles (after the hierarchy) include at least one of the required ones. */
export function hasAnyRole(granted: readonly Role[], required: readonly Role[]): boolean {
  let effective = expanded.get(granted);
  if (!effective) {
    effective = expandRoles(granted);
    expanded.set(granted, effective);
  }
  for (const role of required) if (effective.has(role)) return true;
  return false;
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
