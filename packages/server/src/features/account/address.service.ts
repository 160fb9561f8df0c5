import {
  ACCOUNT_MESSAGES,
  type AddressInput,
  type AddressRecord,
  type CorrespondantAddress,
  type SaveAddressValues,
} from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import type { Caller, CorrespondantScope } from '../../auth/caller';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, infoMessage, notFound } from '../../lib/errors';
import { type FieldErrorEntry, FieldErrors } from '../../lib/field-errors';
import { localityError } from '../addresses';
import type { AccountDeps, AccountRequest } from './account-deps';
import {
  type AddressItem,
  type EstablishmentAddresses,
  findItems,
  findScopedEstablishment,
  type StoredAddress,
  updateAddresses,
} from './address.queries';

/** Every correspondant is attached to an establishment (company and group ones to their head office). */
function scopeOf(caller: Caller): CorrespondantScope {
  if (!caller.correspondant) throw notFound();
  return caller.correspondant;
}

function toRecord(address: StoredAddress, items: Map<number, AddressItem>): AddressRecord {
  const item = (id: number | null, namespace: string) => {
    const found = id === null ? undefined : items.get(id);
    return found?.namespace === namespace ? found : undefined;
  };
  const streetType = item(address.streetTypeId, 'typeVoie');
  const country = item(address.countryId, 'pays');
  return {
    ligne1: address.line1,
    ligne2: address.line2,
    ligne3: address.line3,
    numeroVoie: address.streetNumber,
    typeVoie: streetType ? { id: streetType.id, label: streetType.label, raccourci: streetType.code } : null,
    nomVoie: address.streetName,
    ligne5: address.line5,
    codePostal: address.postalCode,
    localite: address.locality,
    pays: country
      ? {
          id: country.id,
          label: country.label,
          raccourci: country.code,
          unionEuropeenne: country.extra?.unionEuropeenne === true,
        }
      : null,
  };
}

/**
 * What the caller may change (docs/personal-details.md#address, docs/personal-details.md#billing-address): nothing for an enterprise correspondant or on a terminated
 * establishment; the geographic address for the others; the billing address for establishment
 * correspondants only.
 */
function rights(scope: CorrespondantScope, establishment: { terminationDate: string | null }) {
  const modifiable = scope.level !== 'ENTREPRISE' && establishment.terminationDate === null;
  return { modifiable, billing: modifiable && scope.level === 'ETABLISSEMENT' };
}

/**
 * GET adresse (docs/personal-details.md#address): the address record of the caller's establishment, or of the establishment named
 * when the caller's scope reaches it (another scope's answers 404 as an unknown one).
 */
export async function addressFor(
  db: Db,
  caller: Caller,
  establishmentId: number | undefined,
): Promise<CorrespondantAddress> {
  const scope = scopeOf(caller);
  const id = establishmentId ?? scope.establishmentId;
  const row = id === null ? null : await findScopedEstablishment(db, caller, id);
  if (!row) throw notFound();
  const showsBilling = scope.level === 'ETABLISSEMENT';
  const items = await findItems(db, [
    row.geo.streetTypeId,
    row.geo.countryId,
    ...(showsBilling ? [row.billing.streetTypeId, row.billing.countryId] : []),
  ]);
  const can = rights(scope, row);
  return {
    idEtablissement: row.id,
    raisonsociale: row.name,
    dateResiliation: row.terminationDate,
    adresse: toRecord(row.geo, items),
    adresseFacturation: showsBilling ? toRecord(row.billing, items) : null,
    adresseFacturationIdentique: row.billingSameAsGeo,
    modifiable: can.modifiable,
    facturationModifiable: can.billing,
  };
}

const orNull = (text: string | null | undefined) =>
  text === undefined || text === null || text === '' ? null : text;

function stored(input: AddressInput): StoredAddress {
  return {
    line1: orNull(input.ligne1),
    line2: orNull(input.ligne2),
    line3: orNull(input.ligne3),
    streetNumber: orNull(input.numeroVoie),
    streetTypeId: input.typeVoie ?? null,
    streetName: orNull(input.nomVoie),
    line5: orNull(input.ligne5),
    postalCode: orNull(input.codePostal),
    locality: orNull(input.localite),
    countryId: input.pays,
  };
}

/**
 * Street type and country must be items of their lists, active ones unless the establishment already
 * holds them (a retired item an old record keeps must not block every other change).
 */
function checkItems(
  path: string,
  next: StoredAddress,
  current: StoredAddress,
  items: Map<number, AddressItem>,
): FieldErrorEntry[] {
  const errors: FieldErrorEntry[] = [];
  const check = (field: string, id: number | null, namespace: string, kept: number | null) => {
    if (id === null) return;
    const item = items.get(id);
    if (item?.namespace !== namespace || (!item.active && id !== kept))
      errors.push({ field: `${path}.${field}`, defaultMessage: 'errors.invalid' });
  };
  check('typeVoie', next.streetTypeId, 'typeVoie', current.streetTypeId);
  check('pays', next.countryId, 'pays', current.countryId);
  const locality = localityError(path, next, current);
  if (locality) errors.push(locality);
  return errors;
}

/** The columns a save changed, before and after, for the audit log. */
function changes(current: EstablishmentAddresses, next: Record<'geo' | 'billing', StoredAddress>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const part of ['geo', 'billing'] as const) {
    for (const [key, value] of Object.entries(next[part]) as [keyof StoredAddress, unknown][]) {
      if (current[part][key] === value) continue;
      before[`${part}.${key}`] = current[part][key];
      after[`${part}.${key}`] = value;
    }
  }
  return { before, after };
}

/**
 * POST adresse (docs/personal-details.md#address, docs/personal-details.md#contact, docs/personal-details.md#billing-address): an enterprise correspondant reads only; an establishment
 * correspondant writes their establishment's geographic and billing addresses (the billing one a copy
 * of the geographic one when `adresseFacturationIdentique`); a group correspondant writes the
 * geographic address of any open establishment of their group, and the billing part of what they send
 * is ignored. One transaction with its audit row.
 */
export async function saveAddress(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: SaveAddressValues,
): Promise<Message[]> {
  const scope = scopeOf(ctx.caller);
  if (scope.level === 'ENTREPRISE')
    throw new BusinessError([errorMessage(ACCOUNT_MESSAGES.addressReadOnly)], 403);
  const id = body.idEtablissement ?? scope.establishmentId;
  if (id === null) throw notFound();

  await deps.db.transaction(async (tx) => {
    const current = await findScopedEstablishment(tx, ctx.caller, id, true);
    if (!current) throw notFound();
    const can = rights(scope, current);
    if (!can.modifiable) throw new BusinessError([errorMessage(ACCOUNT_MESSAGES.establishmentClosed)], 409);

    const geo = stored(body.adresse);
    const errors: FieldErrorEntry[] = [];
    let billing: StoredAddress = current.billing;
    if (can.billing && body.adresseFacturationIdentique) billing = geo;
    else if (can.billing && body.adresseFacturation) billing = stored(body.adresseFacturation);
    else if (can.billing) errors.push({ field: 'adresseFacturation', defaultMessage: 'errors.required' });

    const items = await findItems(tx, [
      geo.streetTypeId,
      geo.countryId,
      billing.streetTypeId,
      billing.countryId,
    ]);
    errors.push(...checkItems('adresse', geo, current.geo, items));
    if (can.billing && !body.adresseFacturationIdentique)
      errors.push(...checkItems('adresseFacturation', billing, current.billing, items));
    if (errors.length > 0) throw new FieldErrors(errors);

    const sameAsGeo = can.billing ? body.adresseFacturationIdentique : current.billingSameAsGeo;
    await updateAddresses(tx, current.id, geo, can.billing ? { address: billing, sameAsGeo } : null);
    const diff = changes(current, { geo, billing });
    if (sameAsGeo !== current.billingSameAsGeo) {
      diff.before.billingSameAsGeo = current.billingSameAsGeo;
      diff.after.billingSameAsGeo = sameAsGeo;
    }
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'ESTABLISHMENT_ADDRESS_CHANGED',
      targetType: 'establishment',
      targetId: current.id,
      details: diff,
      ip: ctx.ip,
    });
  });
  return [infoMessage(ACCOUNT_MESSAGES.addressSaved)];
}
