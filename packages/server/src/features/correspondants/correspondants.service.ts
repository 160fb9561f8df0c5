import {
  CORRESPONDANT_ERRORS,
  CORRESPONDANT_SORT_FIELDS,
  type Correspondant,
  type CorrespondantListParams,
  type CorrespondantListReply,
  type CorrespondantSortField,
  DEFAULT_CORRESPONDANT_SORT,
  type ManagerReply,
} from '@portail/contract/schemas/correspondants';
import { type Caller, canShowCorrespondantList } from '../../auth/caller';
import { callerScopeKey } from '../../auth/scope';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import {
  type CorrespondantPage,
  type CorrespondantRow,
  findCorrespondant,
  listCorrespondants,
  type Reach,
} from './correspondant.queries';
import { findManagerOf, findParticipantOrganisation } from './correspondant-lookups.queries';
import type { CorrespondantPageCache } from './correspondant-page-cache';

/**
 * Whom the caller reaches in the directory. A participant reaches it only when their account may see
 * it (the principal's canShowListeCorrespondant), and then the correspondants who manage them.
 */
export async function reachOf(db: DbOrTx, caller: Caller): Promise<Reach> {
  switch (caller.kind) {
    case 'STAFF':
      return { kind: 'all' };
    case 'CORRESPONDANT':
      return caller.correspondant ? { kind: 'scope', caller } : { kind: 'none' };
    case 'PARTICIPANT': {
      if (!canShowCorrespondantList(caller)) throw forbidden(CORRESPONDANT_ERRORS.listNotAllowed);
      const organisation =
        caller.participantId === null ? null : await findParticipantOrganisation(db, caller.participantId);
      return organisation ? { kind: 'managers', ...organisation } : { kind: 'none' };
    }
  }
}

/** The cache's name of a reach; null for one that reaches nobody (never cached). */
function reachKey(reach: Reach): string | null {
  switch (reach.kind) {
    case 'all':
      return 'A';
    case 'scope':
      return callerScopeKey(reach.caller);
    case 'managers':
      return `M${reach.establishmentId}.${reach.companyId}.${reach.groupId ?? ''}`;
    case 'none':
      return null;
  }
}

const ref = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, raisonsociale: name } : null;

/** The wire's correspondant (docs/correspondants.md#detail); canSave only on the caller's own record (docs/correspondants.md#detail). */
export function toCorrespondant(row: CorrespondantRow, caller: Caller): Correspondant {
  return {
    id: row.id,
    contact: {
      civilite:
        row.civilityId !== null && row.civilityLabel !== null
          ? {
              id: row.civilityId,
              label: row.civilityLabel,
              labelEn: row.civilityLabelEn ?? row.civilityLabel,
            }
          : null,
      nom: row.lastName,
      prenom: row.firstName,
      telephone: row.landline,
      portable: row.mobile,
      fax: row.fax,
      mail: row.email,
      fonction: row.jobTitle,
    },
    etablissement: ref(row.establishmentId, row.establishmentName),
    entreprise: ref(row.companyId, row.companyName),
    groupement: ref(row.groupId, row.groupName),
    roleAdmin: row.roleAdmin,
    roleFacturation: row.roleBilling,
    roleEnvoiCourrier: row.roleMailing,
    canSave: row.canSave && caller.correspondant?.correspondantId === row.id,
  };
}

const isSortField = (value: string): value is CorrespondantSortField =>
  (CORRESPONDANT_SORT_FIELDS as readonly string[]).includes(value);

/** `field,ASC|DESC` over the directory's sort keys (the schema checked the shape). */
function parseSort(sort: string | undefined): Pick<CorrespondantPage, 'field' | 'descending'> {
  const [field = '', direction = ''] = (sort ?? DEFAULT_CORRESPONDANT_SORT).split(',');
  if (!isSortField(field)) throw new FieldErrors([{ field: 'sort', defaultMessage: 'errors.sort' }]);
  return { field, descending: direction.toUpperCase() === 'DESC' };
}

/** GET correspondant (docs/correspondants.md#detail, docs/correspondants.md#api): a page of the correspondants the caller reaches. */
export async function listForCaller(
  db: Db,
  caller: Caller,
  query: CorrespondantListParams,
  pages: CorrespondantPageCache,
): Promise<CorrespondantListReply> {
  const reach = await reachOf(db, caller);
  const filters = {
    lastNamePrefix: query.nom || undefined,
    firstNamePrefix: query.prenom || undefined,
    establishmentId: query.idEtablissement,
    businessName: query.raisonSociale || undefined,
    companySearch: query.rechercheEntreprise,
  };
  const page = { offset: query.page * query.size, limit: query.size, ...parseSort(query.sort) };
  const scope = reachKey(reach);
  const pageKey = JSON.stringify([filters, page]);
  let found = scope === null ? undefined : pages.get(scope, pageKey);
  if (!found) {
    const epoch = pages.begin();
    found = await listCorrespondants(db, reach, filters, page);
    if (scope !== null) pages.set(scope, pageKey, found, epoch);
  }
  const items = found.rows.map((row) => toCorrespondant(row, caller));
  return { items, totalRows: found.totalRows, subTotal: items.length };
}

/** GET correspondant/{id}: a correspondant the caller reaches, or 404 whether it exists elsewhere or not. */
export async function correspondantForCaller(db: Db, caller: Caller, id: number): Promise<Correspondant> {
  const row = await findCorrespondant(db, await reachOf(db, caller), id);
  if (!row) throw notFound();
  return toCorrespondant(row, caller);
}

/** GET correspondant/mescoordonnees: the caller's own record; an account without one is told so. */
export async function ownRecord(db: Db, caller: Caller): Promise<Correspondant> {
  const own = caller.correspondant?.correspondantId;
  if (own === undefined) throw new HttpError(404, CORRESPONDANT_ERRORS.noOwnRecord);
  return correspondantForCaller(db, caller, own);
}

/** GET getGestionnaire (docs/correspondants.md#who-sees-it Assistance, docs/correspondants.md#api): the manager of the correspondant's establishment. */
export async function managerOf(db: Db, caller: Caller): Promise<ManagerReply> {
  const own = caller.correspondant?.correspondantId;
  return own === undefined ? null : findManagerOf(db, own);
}
