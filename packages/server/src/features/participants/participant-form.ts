import {
  isAddressComplete,
  isOriginConsistent,
  normaliseLastName,
  originFor,
} from '@portail/contract/rules/participant';
import type { ParticipantFormFields } from '@portail/contract/schemas/participants';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type EnumNamespace, enumItems, type participants } from '../../db/schema';
import type { FieldErrorEntry } from '../../lib/field-errors';
import { isValidMobile } from '../../lib/phone';
import { localityError } from '../addresses';
import type { geoAddress } from './establishment.queries';
import type { ParticipantRecord } from './participant.queries';
import { phoneticName } from './phonetic';

export interface EnumItemFacts {
  id: number;
  namespace: string;
  code: string | null;
  active: boolean;
}

/** A form field holding an enumeration item id, the list it must come from, and the stored value. */
interface EnumField {
  field: string;
  namespace: EnumNamespace;
  id: number | null;
  stored: number | null | undefined;
}

function enumFields(form: ParticipantFormFields, current: ParticipantRecord | null): EnumField[] {
  const f = (field: string, namespace: EnumNamespace, id: number | null, stored?: number | null) => ({
    field,
    namespace,
    id,
    stored,
  });
  return [
    f('civilite', 'civilite', form.civilite, current?.civilityId),
    f('sexe', 'sexe', form.sexe, current?.genderId),
    f('paysExercice', 'pays', form.paysExercice, current?.practiceCountryId),
    f('provenance', 'provenance', form.provenance, current?.originId),
    f('categorie', 'categorie', form.categorie, current?.categoryId),
    f('typeBilan', 'typeBilan', form.typeBilan, current?.checkupTypeId),
    f('periodicite', 'periodicite', form.periodicite, current?.periodicityId),
    f('gestionRdv', 'gestionRdv', form.gestionRdv, current?.appointmentManagementId),
    f('adresse.pays', 'pays', form.adresse.pays, current?.addressCountryId),
    f('adresse.typeVoie', 'typeVoie', form.adresse.typeVoie, current?.addressStreetTypeId),
    f('contact.civilite', 'civilite', form.contact.civilite, current?.contactCivilityId),
  ];
}

/** The enumeration items named by id, in one query (ids are unique across lists). */
export async function loadEnumItems(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, EnumItemFacts>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: enumItems.id,
      namespace: enumItems.namespace,
      code: enumItems.code,
      active: enumItems.active,
    })
    .from(enumItems)
    .where(inArray(enumItems.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * What the schema cannot check (docs/participants.md#form-rules): mobile numbers, a birth date not in the future, every
 * dropdown value an active item of its own list, and a French address's locality one of its postal
 * code's communes. A value kept unchanged on update stays acceptable
 * even if the centre has since retired its item, or no edit of that participant could be saved.
 * All problems are collected, so the form shows them at once.
 */
export async function checkForm(
  tx: DbOrTx,
  form: ParticipantFormFields,
  current: ParticipantRecord | null,
  today: string,
  known?: ReadonlyMap<number, EnumItemFacts>,
): Promise<{ errors: FieldErrorEntry[]; items: ReadonlyMap<number, EnumItemFacts> }> {
  const errors: FieldErrorEntry[] = [];
  if (!isValidMobile(form.telephonePortable))
    errors.push({ field: 'telephonePortable', defaultMessage: 'errors.portable' });
  const contactMobile = form.contact.telephonePortable;
  if (contactMobile && !isValidMobile(contactMobile))
    errors.push({ field: 'contact.telephonePortable', defaultMessage: 'errors.portable' });
  if (form.dateNaissance > today) errors.push({ field: 'dateNaissance', defaultMessage: 'errors.date' });

  const fields = enumFields(form, current);
  // `known`: every item, already read by the caller (the integration API's process-wide CodeBook).
  const items =
    known ??
    (await loadEnumItems(
      tx,
      fields.flatMap((field) => (field.id === null ? [] : [field.id])),
    ));
  for (const field of fields) {
    if (field.id === null) continue;
    const item = items.get(field.id);
    const valid =
      item !== undefined && item.namespace === field.namespace && (item.active || field.id === field.stored);
    if (!valid) errors.push({ field: field.field, defaultMessage: 'errors.invalid' });
  }
  // An address the establishment's replaces is not stored: its locality does not matter.
  const locality = form.utiliserAdresseEtablissement
    ? null
    : localityError(
        'adresse',
        {
          countryId: form.adresse.pays,
          postalCode: orNull(form.adresse.codePostal),
          locality: orNull(form.adresse.localite),
        },
        current && { postalCode: current.addressPostalCode, locality: current.addressLocality },
      );
  if (locality) errors.push(locality);
  return { errors, items };
}

export type AddressValues = { [K in keyof typeof geoAddress]: (typeof participants.$inferSelect)[K] };

const orNull = (text: string | null | undefined) =>
  text === undefined || text === null || text === '' ? null : text;

function formAddress(form: ParticipantFormFields): AddressValues {
  const a = form.adresse;
  return {
    addressLine1: orNull(a.ligne1),
    addressLine2: orNull(a.ligne2),
    addressLine3: orNull(a.ligne3),
    addressStreetNumber: orNull(a.numeroVoie),
    addressStreetTypeId: a.typeVoie,
    addressStreetName: orNull(a.nomVoie),
    addressLine5: orNull(a.ligne5),
    addressPostalCode: orNull(a.codePostal),
    addressLocality: orNull(a.localite),
    addressCountryId: a.pays,
  };
}

/**
 * The participant's columns from the form, whichever of create and update: the last name normalised
 * (docs/participants.md#form-rules) with its phonetic key, the establishment's address when asked for or when the form's is
 * not complete enough to post a letter to (docs/participants.md#create), and the origin set from the countries and postal
 * code when the form leaves it empty (docs/participants.md#form-rules). Null when the given origin contradicts the address
 * finally stored (the schema checked it against the form's own address).
 */
export function formColumns(form: ParticipantFormFields, establishmentAddress: AddressValues) {
  const lastName = normaliseLastName(form.nom);
  const own = formAddress(form);
  const useEstablishment =
    form.utiliserAdresseEtablissement ||
    !isAddressComplete({
      streetName: own.addressStreetName,
      postalCode: own.addressPostalCode,
      locality: own.addressLocality,
    });
  const address = useEstablishment ? establishmentAddress : own;
  const origin = {
    practiceCountryId: form.paysExercice,
    addressCountryId: address.addressCountryId,
    postalCode: address.addressPostalCode,
  };
  if (form.provenance !== null && !isOriginConsistent(form.provenance, origin)) return null;
  const c = form.contact;
  return {
    civilityId: form.civilite,
    lastName,
    firstName: form.prenom,
    phoneticName: phoneticName(lastName),
    maidenName: form.nomJeuneFille ? normaliseLastName(form.nomJeuneFille) : null,
    birthDate: form.dateNaissance,
    genderId: form.sexe,
    profession: orNull(form.profession),
    practiceCountryId: form.paysExercice,
    originId: form.provenance ?? originFor(origin),
    checkupTypeId: form.typeBilan,
    nextCheckupDate: form.dateProchainBilan,
    periodicityId: form.periodicite,
    info4: orNull(form.info4),
    ...address,
    useEstablishmentAddress: useEstablishment,
    landline: orNull(form.telephoneFixe),
    mobile: form.telephonePortable,
    email: form.mail,
    secretaryPhone: orNull(form.telephoneSecretariat),
    contactCivilityId: c.civilite,
    contactLastName: orNull(c.nom),
    contactFirstName: orNull(c.prenom),
    contactEmail: orNull(c.mail),
    contactLandline: orNull(c.telephoneFixe),
    contactMobile: orNull(c.telephonePortable),
    contactJobTitle: orNull(c.fonction),
  };
}
