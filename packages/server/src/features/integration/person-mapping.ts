import type { ContactPoint, Extension, Identifier, Person } from '@medplum/fhirtypes';
import { PORTAL_ID_SYSTEM, portalCodeSystem, portalExtension } from '@portail/contract/integration/fhir';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { correspondants, users } from '../../db/schema';
import { pendingContactOf } from '../account';
import type { CodeBook } from './codes';
import { organizationId } from './organization.resource';

/**
 * Correspondants (docs/integration-fhir.md#mapping Correspondant: the contacts of an establishment, a company or a group) as FHIR
 * Person resources, one per row, ids as the portal numbers them (`Person/12`). The README's section
 * "Correspondants: why Person" says why not Organization.contact. managingOrganization is the
 * organisation whose participants they manage: its level is their scope (ETABLISSEMENT, ENTREPRISE,
 * GROUPEMENT).
 */

export const PERSON_EXTENSIONS = {
  /** `fonction`: the job title, as free text. */
  jobTitle: portalExtension('job-title'),
  /** The directory's role flags (read only): ADMIN, FACTURATION, ENVOI_COURRIER. */
  role: portalExtension('correspondant-role'),
  /**
   * A new mail or mobile the back office sent for a correspondant whose account is registered: it
   * waits for the code mailed (or texted) to it, as a change made on the screens does (issue 17).
   */
  pendingTelecom: portalExtension('pending-telecom'),
} as const;

export const CORRESPONDANT_ROLE_SYSTEM = portalCodeSystem('correspondant-role');

export type CorrespondantRow = typeof correspondants.$inferSelect;

/** The organisation that gives a correspondant their scope, as a FHIR reference. */
export function scopeReference(
  row: Pick<CorrespondantRow, 'scopeLevel' | 'establishmentId' | 'companyId' | 'groupId'>,
) {
  if (row.scopeLevel === 'ETABLISSEMENT' && row.establishmentId !== null)
    return `Organization/${organizationId('establishment', row.establishmentId)}`;
  if (row.scopeLevel === 'ENTREPRISE' && row.companyId !== null)
    return `Organization/${organizationId('company', row.companyId)}`;
  return `Organization/${organizationId('group', row.groupId ?? 0)}`;
}

const present = (value: string | null): value is string => value !== null && value.trim() !== '';

function telecom(row: CorrespondantRow): ContactPoint[] {
  return [
    ...(present(row.landline)
      ? [{ system: 'phone' as const, use: 'work' as const, value: row.landline }]
      : []),
    ...(present(row.mobile) ? [{ system: 'phone' as const, use: 'mobile' as const, value: row.mobile }] : []),
    ...(present(row.fax) ? [{ system: 'fax' as const, use: 'work' as const, value: row.fax }] : []),
    ...(present(row.email) ? [{ system: 'email' as const, use: 'work' as const, value: row.email }] : []),
  ];
}

/** A correspondant's row as a Person; `pending` holds a registered account's unconfirmed mail and mobile. */
export function toPerson(
  row: CorrespondantRow,
  book: CodeBook,
  centreSystem: string,
  pending: { email: string | null; portable: string | null } | null,
): Person {
  const identifier: Identifier[] = [
    { system: PORTAL_ID_SYSTEM.correspondant, value: String(row.id) },
    ...(row.centreId ? [{ system: centreSystem, value: row.centreId }] : []),
  ];
  const civility = book.item(row.civilityId);
  const roles = [
    ...(row.roleAdmin ? ['ADMIN'] : []),
    ...(row.roleBilling ? ['FACTURATION'] : []),
    ...(row.roleMailing ? ['ENVOI_COURRIER'] : []),
  ];
  const extension: Extension[] = [
    ...(present(row.jobTitle) ? [{ url: PERSON_EXTENSIONS.jobTitle, valueString: row.jobTitle }] : []),
    ...roles.map((code) => ({
      url: PERSON_EXTENSIONS.role,
      valueCoding: { system: CORRESPONDANT_ROLE_SYSTEM, code },
    })),
    ...(pending?.email
      ? [
          {
            url: PERSON_EXTENSIONS.pendingTelecom,
            valueContactPoint: { system: 'email' as const, use: 'work' as const, value: pending.email },
          },
        ]
      : []),
    ...(pending?.portable
      ? [
          {
            url: PERSON_EXTENSIONS.pendingTelecom,
            valueContactPoint: { system: 'phone' as const, use: 'mobile' as const, value: pending.portable },
          },
        ]
      : []),
  ];
  const contact = telecom(row);
  return {
    resourceType: 'Person',
    id: String(row.id),
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    ...(extension.length > 0 ? { extension } : {}),
    identifier,
    active: row.active,
    name: [
      {
        use: 'official',
        family: row.lastName,
        given: [row.firstName],
        ...(civility ? { prefix: [civility.code ?? civility.label] } : {}),
      },
    ],
    ...(contact.length > 0 ? { telecom: contact } : {}),
    managingOrganization: { reference: scopeReference(row) },
  };
}

/** The registered account of each correspondant named (the first one, as `npm run invite` picks). */
async function registeredAccounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, correspondantId: users.correspondantId, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.kind, 'CORRESPONDANT'), inArray(users.correspondantId, ids)))
    .orderBy(users.id);
  const found = new Map<number, number>();
  for (const row of rows)
    if (row.correspondantId !== null && !found.has(row.correspondantId) && row.passwordHash !== null)
      found.set(row.correspondantId, row.id);
  return found;
}

/** Reads correspondants as Persons, in the order of `ids` (unknown ids are left out). */
export async function readPersons(
  db: DbOrTx,
  ids: number[],
  book: CodeBook,
  centreSystem: string,
): Promise<Person[]> {
  if (ids.length === 0) return [];
  const [rows, accounts] = await Promise.all([
    db.select().from(correspondants).where(inArray(correspondants.id, ids)),
    registeredAccounts(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const persons: Person[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const account = accounts.get(id);
    const pending = account === undefined ? null : await pendingContactOf(db, account);
    persons.push(toPerson(row, book, centreSystem, pending));
  }
  return persons;
}
