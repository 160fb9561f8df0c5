import { normaliseLastName } from '@portail/contract/rules/participant';
import {
  DEFAULT_PARTICIPANT_SORT,
  PARTICIPANT_SORT_FIELDS,
  type Participant,
  type ParticipantEstablishment,
  type ParticipantListReply,
  type ParticipantSortField,
} from '@portail/contract/schemas/participants';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { findParticipantEstablishment } from './establishment.queries';
import { findParticipant } from './participant.queries';
import { type ListFilters, type ListPage, listParticipants } from './participant-list.queries';
import type { ParticipantPageCache } from './participant-page-cache';
import type { Selection } from './participant-selection.queries';

const isSortField = (value: string): value is ParticipantSortField =>
  (PARTICIPANT_SORT_FIELDS as readonly string[]).includes(value);

/** `field,ASC|DESC` over the list's sort keys (the schema checked the shape). */
export function parseSort(sort: string | undefined): Pick<ListPage, 'field' | 'descending'> {
  const [field = '', direction = ''] = (sort ?? DEFAULT_PARTICIPANT_SORT).split(',');
  if (!isSortField(field)) throw new FieldErrors([{ field: 'sort', defaultMessage: 'errors.sort' }]);
  return { field, descending: direction.toUpperCase() === 'DESC' };
}

/** The list's filter fields, as GET adherentsCorrespondant and the bulk actions' `filtre` carry them. */
export interface ListFilterFields {
  actif: boolean;
  nom?: string | undefined;
  prenom?: string | undefined;
  idParticipant?: number | undefined;
  idEntreprise?: number | undefined;
  idEtablissement?: number | undefined;
}

export interface ListQuery extends ListFilterFields {
  page: number;
  size: number;
  sort?: string | undefined;
}

/** The list's filters once parsed: the last name searched as stored (normalised), the first name folded. */
export function listFiltersOf(fields: ListFilterFields): ListFilters {
  const lastName = fields.nom ? normaliseLastName(fields.nom) : '';
  return {
    activeOnly: fields.actif,
    lastNamePrefix: lastName || undefined,
    firstNamePrefix: fields.prenom || undefined,
    id: fields.idParticipant,
    companyId: fields.idEntreprise,
    establishmentId: fields.idEtablissement,
  };
}

/** A bulk action's selection (issue 22): the ticked ids, or the list's filter within the caller's scope. */
export function selectionOf(selection: { ids: number[] } | { filtre: ListFilterFields }): Selection {
  return 'ids' in selection ? { ids: selection.ids } : { filters: listFiltersOf(selection.filtre) };
}

/**
 * GET adherentsCorrespondant (docs/participants.md#list): the caller's participants, active only unless `actif=false`;
 * the last name searched as it is stored (normalised), the first name case- and accent-insensitively.
 */
export async function listForCaller(
  db: Db,
  caller: Caller,
  query: ListQuery,
  pages: ParticipantPageCache,
): Promise<ParticipantListReply> {
  const { items, totalRows } = await listParticipants(
    db,
    caller,
    listFiltersOf(query),
    { offset: query.page * query.size, limit: query.size, ...parseSort(query.sort) },
    pages,
  );
  return { items, totalRows, subTotal: items.length };
}

/** A participant the caller reaches, or 404 whether it exists elsewhere or not at all. */
export async function participantForCaller(db: Db, caller: Caller, id: number): Promise<Participant> {
  const found = await findParticipant(db, caller, id);
  if (!found) throw notFound();
  return found;
}

export async function participantEstablishmentForCaller(
  db: Db,
  caller: Caller,
  participantId: number,
): Promise<ParticipantEstablishment> {
  const found = await findParticipantEstablishment(db, caller, participantId);
  if (!found) throw notFound();
  return found;
}
