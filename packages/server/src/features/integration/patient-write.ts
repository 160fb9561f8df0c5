import type { Address, Coding, Extension, HumanName, Patient } from '@medplum/fhirtypes';
import { COUNTRY_FRANCE_ID } from '@portail/contract/constants';
import { INS_NIR_SYSTEM, PORTAL_ID_SYSTEM, portalCodeSystem } from '@portail/contract/integration/fhir';
import { type ParticipantFormFields, participantFormFields } from '@portail/contract/schemas/participants';
import type { ParticipantRecord } from '../participants';
import type { CodeBook } from './codes';
import { FhirError, type Issue } from './fhir-outcome';
import { PATIENT_EXTENSIONS as ext } from './patient-extensions';

/**
 * A Patient sent by the centre's information system, read back into the participant form's fields
 * (the contract's `participantFormFields`), so that the very rules of the screens check it (required
 * fields, lengths, dates, e-mail, the origin rule; then, in patient-rules.ts, mobile numbers, active
 * reference items and the postal code's communes). Each form field remembers the element it came
 * from: a refusal names `Patient.telecom[0].value`, not `telephonePortable`.
 */

const ADXP = 'http://hl7.org/fhir/StructureDefinition/iso21090-ADXP-';

/** What the form does not hold and the Patient sets directly. */
export interface PatientExtras {
  active: boolean;
  terminationDate: string | null;
  centreId: string | null;
  insNir: string | null;
  englishOnly: boolean;
  lastMammogramDate: string | null;
  /** The establishment named by managingOrganization (`Organization/etab-N`), or null. */
  establishmentId: number | null;
}

export interface PatientAsForm {
  form: ParticipantFormFields;
  extras: PatientExtras;
  /** Form field (`adresse.codePostal`) → FHIRPath of the element it was read from. */
  paths: Map<string, string>;
}

/** The English of the form's error keys, for the OperationOutcome's diagnostics. */
const RULE_TEXT: Record<string, string> = {
  'errors.required': 'is required',
  'errors.invalid': 'is not a value this portal accepts',
  'errors.date': 'is not a valid date (or lies in the future)',
  'errors.email': 'is not a valid e-mail address',
  'errors.portable': 'is not a valid mobile number',
  'errors.provenance': 'contradicts the countries and postal code (origin rule)',
  'errors.localite': 'is not a commune of this postal code',
  'errors.debutFormule': 'must not begin with = + - or @',
};

export const ruleText = (key: string): string => RULE_TEXT[key] ?? key;

interface Reader {
  book: CodeBook;
  paths: Map<string, string>;
  issues: Issue[];
}

function problem(reader: Reader, path: string, diagnostics: string, code: Issue['code'] = 'value'): void {
  reader.issues.push({ code, diagnostics, expression: [path] });
}

const extensionPath = (url: string, value: string) => `Patient.extension.where(url='${url}').${value}`;

function extension(patient: Patient, url: string): Extension | undefined {
  return patient.extension?.find((item) => item.url === url);
}

/** The id of the portal item a coding names, checked against the list's own CodeSystem. */
function codedItem(
  reader: Reader,
  namespace: string,
  coding: Coding | undefined,
  path: string,
): number | null {
  if (!coding) return null;
  const system = portalCodeSystem(namespace);
  if (coding.system !== system || !coding.code) {
    problem(reader, path, `must be a code of ${system}`, 'code-invalid');
    return null;
  }
  const item = reader.book.find(namespace, coding.code);
  if (!item) {
    problem(reader, path, `${coding.code} is not a code of ${system}`, 'code-invalid');
    return null;
  }
  return item.id;
}

function codedExtension(reader: Reader, patient: Patient, url: string, namespace: string, field: string) {
  const path = extensionPath(url, 'valueCoding');
  reader.paths.set(field, path);
  return codedItem(reader, namespace, extension(patient, url)?.valueCoding, path);
}

function officialName(reader: Reader, patient: Patient): { name: HumanName | undefined; at: string } {
  const names = patient.name ?? [];
  const index = names.findIndex((name) => name.use === 'official' || name.use === 'usual');
  const at = index >= 0 ? index : names.findIndex((name) => name.use !== 'maiden');
  if (at < 0) problem(reader, 'Patient.name', 'an official name (family and given) is required', 'required');
  return { name: names[at], at: `Patient.name[${Math.max(at, 0)}]` };
}

/** Civility: the name's prefix (`M.`, `Mme`, or the label), else the one that goes with the gender. */
function civility(reader: Reader, name: HumanName | undefined, at: string, genderCode: string | null) {
  const prefix = name?.prefix?.[0];
  const path = `${at}.prefix[0]`;
  reader.paths.set('civilite', path);
  if (prefix !== undefined) {
    const wanted = prefix.trim().toLowerCase();
    const item = ['M.', 'Mme']
      .map((code) => reader.book.find('civilite', code))
      .find(
        (candidate) =>
          candidate && [candidate.code, candidate.label].some((text) => text?.toLowerCase() === wanted),
      );
    if (!item) problem(reader, path, `${prefix} is not a civility of the portal (M. or Mme)`, 'code-invalid');
    return item?.id ?? null;
  }
  const byGender = genderCode === 'M' ? 'M.' : genderCode === 'F' ? 'Mme' : null;
  return byGender ? (reader.book.find('civilite', byGender)?.id ?? null) : null;
}

interface AddressFields {
  address: ParticipantFormFields['adresse'];
  given: boolean;
}

/** Where an address's fields sit, for refusals: form field (`adresse.codePostal`) → FHIRPath. */
export function addressPaths(paths: Map<string, string>, prefix: string, at: string): void {
  for (const [field, path] of [
    ['ligne1', 'line[0]'],
    ['ligne2', 'line[1]'],
    ['ligne3', 'line[2]'],
    ['nomVoie', 'line'],
    ['ligne5', 'line'],
    ['codePostal', 'postalCode'],
    ['localite', 'city'],
    ['pays', 'country'],
    ['numeroVoie', 'line'],
    ['typeVoie', 'line'],
  ] as const)
    paths.set(`${prefix}.${field}`, `${at}.${path}`);
}

/**
 * A FHIR postal address as the portal's ten fields (docs/integration-fhir.md#mapping): lines, postal code, city and country,
 * the street's number, type and name from the ISO 21090 ADXP parts when present. Without them, the
 * last line is the street line (as French addresses are written) and the lines before it the first
 * three; with them, the line that spells the street is that line. `defaultCountry` when none is given.
 */
export function readAddress(
  book: CodeBook,
  address: Address | undefined,
  at: string,
  defaultCountry: number,
  issues: Issue[],
  /**
   * The three first lines as stored: a read gives the lines without their empty places (a building on
   * the second line comes first), so lines sent back with the same texts in the same order keep the
   * places they had, and a resource sent back as read writes nothing.
   */
  storedLines: readonly (string | null)[] = [],
): AddressFields {
  const empty = {
    ligne1: null,
    ligne2: null,
    ligne3: null,
    numeroVoie: null,
    typeVoie: null,
    nomVoie: null,
    ligne5: null,
    codePostal: null,
    localite: null,
    pays: defaultCountry,
  };
  if (!address) return { address: empty, given: false };
  const part = (name: string) =>
    address.extension?.find((item) => item.url === `${ADXP}${name}`)?.valueString ?? null;
  const number = part('houseNumber');
  const typeCode = part('streetNameType');
  const streetName = part('streetNameBase');
  let typeVoie: number | null = null;
  if (typeCode !== null) {
    const item = book.find('typeVoie', typeCode);
    if (!item)
      issues.push({
        code: 'code-invalid',
        diagnostics: `${typeCode} is not a street type code of the portal`,
        expression: [`${at}.extension.where(url='${ADXP}streetNameType')`],
      });
    typeVoie = item?.id ?? null;
  }
  const lines = [...(address.line ?? [])];
  let street: string | null = streetName;
  let before: string[];
  let after: string[];
  if (streetName !== null) {
    const index = lines.findIndex((line) => line.includes(streetName));
    before = index >= 0 ? lines.slice(0, index) : lines;
    after = index >= 0 ? lines.slice(index + 1) : [];
  } else {
    street = lines.length > 0 ? (lines[lines.length - 1] ?? null) : null;
    before = lines.slice(0, -1);
    after = [];
  }
  if (before.length > 3 || after.length > 1)
    issues.push({
      code: 'value',
      diagnostics: 'an address holds at most five lines (three before the street line, one after)',
      expression: [`${at}.line`],
    });
  let countryId: number | null = defaultCountry;
  if (address.country !== undefined) {
    countryId = book.find('pays', address.country.toUpperCase())?.id ?? null;
    if (countryId === null)
      issues.push({
        code: 'code-invalid',
        diagnostics: `${address.country} is not an ISO 3166 alpha-2 country code`,
        expression: [`${at}.country`],
      });
  }
  const stored = storedLines.filter((line): line is string => line !== null && line !== '');
  const [ligne1, ligne2, ligne3] =
    stored.length === before.length && stored.every((line, index) => line === before[index])
      ? storedLines
      : before;
  return {
    given: true,
    address: {
      ligne1: ligne1 ?? null,
      ligne2: ligne2 ?? null,
      ligne3: ligne3 ?? null,
      numeroVoie: number,
      typeVoie,
      nomVoie: street,
      ligne5: after[0] ?? null,
      codePostal: address.postalCode ?? null,
      localite: address.city ?? null,
      pays: countryId ?? 0,
    },
  };
}

function addressFields(reader: Reader, patient: Patient, current: ParticipantRecord | null): AddressFields {
  const addresses = patient.address ?? [];
  const index = Math.max(
    addresses.findIndex((address) => address.use === 'home'),
    0,
  );
  const at = `Patient.address[${index}]`;
  addressPaths(reader.paths, 'adresse', at);
  return readAddress(
    reader.book,
    addresses[index],
    at,
    current?.addressCountryId ?? COUNTRY_FRANCE_ID,
    reader.issues,
    current ? [current.addressLine1, current.addressLine2, current.addressLine3] : [],
  );
}

function telecom(reader: Reader, patient: Patient) {
  const found = (system: string, uses: readonly (string | undefined)[], field: string) => {
    const index = (patient.telecom ?? []).findIndex(
      (point) => point.system === system && uses.includes(point.use),
    );
    reader.paths.set(field, index >= 0 ? `Patient.telecom[${index}].value` : 'Patient.telecom');
    return index >= 0 ? (patient.telecom?.[index]?.value ?? null) : null;
  };
  return {
    mobile: found('phone', ['mobile'], 'telephonePortable'),
    landline: found('phone', ['home', 'work', undefined], 'telephoneFixe'),
    email: found('email', ['home', 'work', undefined], 'mail'),
  };
}

function contact(reader: Reader, patient: Patient, current: ParticipantRecord | null) {
  const person = patient.contact?.[0];
  const at = 'Patient.contact[0]';
  const point = (system: string, use: string | undefined) =>
    person?.telecom?.find((item) => item.system === system && (use === undefined || item.use === use))
      ?.value ?? null;
  for (const [field, path] of [
    ['contact.nom', 'name.family'],
    ['contact.prenom', 'name.given'],
    ['contact.mail', 'telecom'],
    ['contact.telephonePortable', 'telecom'],
    ['contact.telephoneFixe', 'telecom'],
    ['contact.civilite', 'name.prefix'],
    ['contact.fonction', 'extension'],
  ] as const)
    reader.paths.set(field, `${at}.${path}`);
  return {
    // What FHIR does not carry of the contact is kept as the portal holds it.
    civilite: person ? (current?.contactCivilityId ?? null) : null,
    nom: person?.name?.family ?? null,
    prenom: person?.name?.given?.join(' ') ?? null,
    mail: point('email', undefined),
    telephoneFixe: point('phone', 'work') ?? point('phone', 'home'),
    telephonePortable: point('phone', 'mobile'),
    fonction: person ? (current?.contactJobTitle ?? null) : null,
  };
}

function identifiers(reader: Reader, patient: Patient, centreSystem: string, id: string | undefined) {
  let centreId: string | null = null;
  let insNir: string | null = null;
  for (const [index, identifier] of (patient.identifier ?? []).entries()) {
    const at = `Patient.identifier[${index}].value`;
    const value = identifier.value ?? '';
    if (identifier.system === centreSystem) {
      if (!/^\S{1,64}$/.test(value))
        problem(reader, at, 'the centre number is 1 to 64 characters without spaces');
      centreId = value;
    } else if (identifier.system === INS_NIR_SYSTEM) {
      if (!/^[12378]\d{4}(\d{2}|2A|2B)\d{8}$/.test(value))
        problem(reader, at, 'an INS-NIR is 15 characters (13 of the NIR and its 2-digit key)');
      insNir = value;
    } else if (identifier.system === PORTAL_ID_SYSTEM.participant) {
      if (value !== id)
        problem(reader, at, 'the portal number is the resource id; it is never chosen by a client');
    } else {
      problem(
        reader,
        `Patient.identifier[${index}].system`,
        `identifier system ${identifier.system ?? '(none)'} is not one this portal keeps (the centre's is ${centreSystem})`,
      );
    }
  }
  return { centreId, insNir };
}

function dateExtension(patient: Patient, url: string, field: string | null, reader: Reader): string | null {
  if (field) reader.paths.set(field, extensionPath(url, 'valueDate'));
  return extension(patient, url)?.valueDate ?? null;
}

const ESTABLISHMENT_REFERENCE = /^Organization\/etab-([1-9]\d{0,9})$/;

/**
 * The Patient as the form's fields. `current` is the stored participant of an update: what FHIR does
 * not carry (the secretary's phone, the fourth information line, the first membership date, the
 * contact's civility and job) is kept as it is.
 */
export function patientToForm(
  patient: Patient,
  book: CodeBook,
  centreSystem: string,
  current: ParticipantRecord | null,
): { result: PatientAsForm | null; issues: Issue[] } {
  const reader: Reader = { book, paths: new Map(), issues: [] };
  const { name, at } = officialName(reader, patient);
  reader.paths.set('nom', `${at}.family`);
  reader.paths.set('prenom', `${at}.given`);
  const maidenIndex = (patient.name ?? []).findIndex((item) => item.use === 'maiden');
  reader.paths.set('nomJeuneFille', `Patient.name[${Math.max(maidenIndex, 0)}].family`);
  reader.paths.set('dateNaissance', 'Patient.birthDate');
  reader.paths.set('sexe', 'Patient.gender');
  const genderCode = patient.gender === 'male' ? 'M' : patient.gender === 'female' ? 'F' : null;
  if (patient.gender !== undefined && genderCode === null)
    problem(reader, 'Patient.gender', 'the portal records male or female', 'code-invalid');
  const { address, given } = addressFields(reader, patient, current);
  const phones = telecom(reader, patient);
  const membership = extension(patient, ext.membership)?.valuePeriod;
  reader.paths.set('dateAdhesion', extensionPath(ext.membership, 'valuePeriod.start'));
  reader.paths.set('paysExercice', extensionPath(ext.practiceCountry, 'valueCoding'));
  const practice = extension(patient, ext.practiceCountry)?.valueCoding;
  const ids = identifiers(reader, patient, centreSystem, patient.id);
  const reference = patient.managingOrganization?.reference;
  const establishment = reference === undefined ? null : ESTABLISHMENT_REFERENCE.exec(reference);
  if (reference !== undefined && !establishment)
    problem(
      reader,
      'Patient.managingOrganization.reference',
      'must name an establishment, Organization/etab-N',
    );
  const establishmentId = establishment ? Number(establishment[1]) : null;
  if (establishmentId !== null && establishmentId > 2_147_483_647)
    problem(reader, 'Patient.managingOrganization.reference', 'no such establishment');

  const form = {
    civilite: civility(reader, name, at, genderCode),
    nom: name?.family ?? null,
    prenom: name?.given?.join(' ') ?? null,
    nomJeuneFille: maidenIndex >= 0 ? (patient.name?.[maidenIndex]?.family ?? null) : null,
    dateNaissance: patient.birthDate ?? null,
    sexe: genderCode ? (book.find('sexe', genderCode)?.id ?? null) : null,
    profession: extension(patient, ext.profession)?.valueString ?? null,
    paysExercice: practice
      ? codedItem(reader, 'pays', practice, extensionPath(ext.practiceCountry, 'valueCoding'))
      : (current?.practiceCountryId ?? COUNTRY_FRANCE_ID),
    provenance: codedExtension(reader, patient, ext.origin, 'provenance', 'provenance'),
    categorie: codedExtension(reader, patient, ext.category, 'categorie', 'categorie'),
    typeBilan: codedExtension(reader, patient, ext.checkupType, 'typeBilan', 'typeBilan'),
    dateProchainBilan: dateExtension(patient, ext.nextCheckup, 'dateProchainBilan', reader),
    gestionRdv: codedExtension(reader, patient, ext.appointmentManagement, 'gestionRdv', 'gestionRdv'),
    periodicite: codedExtension(reader, patient, ext.periodicity, 'periodicite', 'periodicite'),
    info4: current?.info4 ?? null,
    dateAdhesion: membership?.start?.slice(0, 10) ?? null,
    datePremiereAdhesion: current?.firstMembershipDate ?? null,
    adresse: address,
    utiliserAdresseEtablissement: !given,
    telephoneFixe: phones.landline,
    telephonePortable: phones.mobile,
    mail: phones.email,
    telephoneSecretariat: current?.secretaryPhone ?? null,
    contact: contact(reader, patient, current),
  };
  const parsed = participantFormFields.safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      const path = reader.paths.get(field) ?? `Patient (${field})`;
      const required = issue.message === 'errors.required';
      problem(reader, path, ruleText(issue.message), required ? 'required' : 'value');
    }
  }
  if (reader.issues.length > 0 || !parsed.success) return { result: null, issues: reader.issues };
  const active = patient.active ?? true;
  return {
    issues: [],
    result: {
      form: parsed.data,
      paths: reader.paths,
      extras: {
        active,
        terminationDate: active ? null : (membership?.end?.slice(0, 10) ?? null),
        centreId: ids.centreId,
        insNir: ids.insNir,
        englishOnly:
          extension(patient, ext.englishOnly)?.valueBoolean ??
          (patient.communication ?? []).some(
            (item) => item.preferred && item.language.coding?.some((coding) => coding.code === 'en'),
          ),
        lastMammogramDate: dateExtension(patient, ext.lastMammogram, null, reader),
        establishmentId,
      },
    },
  };
}

/** The Patient's issues, refused as 422 (the resource is well formed but breaks the portal's rules). */
export function refuseWith(issues: Issue[]): never {
  throw new FhirError(422, issues);
}
