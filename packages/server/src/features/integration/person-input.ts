import type { HumanName, Person } from '@medplum/fhirtypes';
import { PORTAL_ID_SYSTEM } from '@portail/contract/integration/fhir';
import { correspondantContactBody } from '@portail/contract/schemas/correspondants';
import type { CorrespondantScopeLevel } from '../../db/schema';
import { isValidMobile } from '../../lib/phone';
import type { CodeBook } from './codes';
import type { Issue } from './fhir-outcome';
import { parseOrganizationId } from './organization.resource';
import { ruleText } from './patient-write';
import { PERSON_EXTENSIONS } from './person-mapping';

/**
 * A Person sent by the centre's information system, read into the correspondant screen's contact block
 * (the contract's `correspondantContactBody`, without the password the screen asks of its user), so
 * that the screens' own rules check it: civility, last and first names required, a valid mail
 * required, a mobile that is a mobile, lengths. Each field remembers the element it came from, so a
 * refusal names `Person.telecom[2].value` rather than `portable`.
 */

/** What a Person sets on a correspondant's row. */
export interface PersonFields {
  civilityId: number;
  lastName: string;
  firstName: string;
  landline: string | null;
  mobile: string | null;
  fax: string | null;
  email: string;
  jobTitle: string | null;
  active: boolean;
  centreId: string | null;
  /** The organisation named by managingOrganization: its level is the scope. */
  scope: { level: CorrespondantScopeLevel; id: number };
}

const LEVEL_OF = {
  establishment: 'ETABLISSEMENT',
  company: 'ENTREPRISE',
  group: 'GROUPEMENT',
} as const satisfies Record<string, CorrespondantScopeLevel>;

const contactBody = correspondantContactBody.omit({ motDePasse: true });

/**
 * The codes of R4's required bindings a Person carries here, which the validator of the definitions
 * does not check (fhir-definitions.ts): administrative gender, name use and contact point use.
 */
const BOUND_CODES = {
  gender: ['male', 'female', 'other', 'unknown'],
  nameUse: ['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden'],
  telecomUse: ['home', 'work', 'temp', 'old', 'mobile'],
} as const;

function boundCodes(person: Person, issues: Issue[]): void {
  const check = (value: string | undefined, allowed: readonly string[], path: string) => {
    if (value !== undefined && !allowed.includes(value))
      issues.push({
        code: 'code-invalid',
        diagnostics: `${value} is not one of ${allowed.join(', ')}`,
        expression: [path],
      });
  };
  check(person.gender, BOUND_CODES.gender, 'Person.gender');
  for (const [index, name] of (person.name ?? []).entries())
    check(name.use, BOUND_CODES.nameUse, `Person.name[${index}].use`);
  for (const [index, point] of (person.telecom ?? []).entries())
    check(point.use, BOUND_CODES.telecomUse, `Person.telecom[${index}].use`);
}

function officialName(person: Person, issues: Issue[]): { name: HumanName | undefined; at: string } {
  const names = person.name ?? [];
  const official = names.findIndex((name) => name.use === 'official' || name.use === 'usual');
  const index = official >= 0 ? official : names.findIndex((name) => name.use !== 'old');
  if (index < 0)
    issues.push({
      code: 'required',
      diagnostics: 'a name (family and given) is required',
      expression: ['Person.name'],
    });
  return { name: names[index], at: `Person.name[${Math.max(index, 0)}]` };
}

/** Civility: the name's prefix (`M.`, `Mme` or the label), else the one that goes with the gender. */
function civility(book: CodeBook, person: Person, name: HumanName | undefined, at: string, issues: Issue[]) {
  const prefix = name?.prefix?.[0];
  if (prefix !== undefined) {
    const wanted = prefix.trim().toLowerCase();
    const item = ['M.', 'Mme']
      .map((code) => book.find('civilite', code))
      .find(
        (candidate) =>
          candidate && [candidate.code, candidate.label].some((text) => text?.toLowerCase() === wanted),
      );
    if (!item)
      issues.push({
        code: 'code-invalid',
        diagnostics: `${prefix} is not a civility of the portal (M. or Mme)`,
        expression: [`${at}.prefix[0]`],
      });
    return item?.id ?? null;
  }
  const byGender = person.gender === 'male' ? 'M.' : person.gender === 'female' ? 'Mme' : null;
  return byGender ? (book.find('civilite', byGender)?.id ?? null) : null;
}

/**
 * The one landline, mobile, fax and mail the portal keeps, each with its element's path. Any other
 * contact point is refused rather than dropped without a word.
 */
function telecom(person: Person, paths: Map<string, string>, issues: Issue[]) {
  const found: Record<'telephone' | 'portable' | 'fax' | 'mail', string | null> = {
    telephone: null,
    portable: null,
    fax: null,
    mail: null,
  };
  for (const [index, point] of (person.telecom ?? []).entries()) {
    const field =
      point.system === 'email'
        ? 'mail'
        : point.system === 'fax'
          ? 'fax'
          : point.system === 'phone'
            ? point.use === 'mobile'
              ? 'portable'
              : 'telephone'
            : null;
    const at = `Person.telecom[${index}]`;
    if (field === null || found[field] !== null) {
      issues.push({
        code: 'business-rule',
        diagnostics:
          field === null
            ? `a correspondant has no ${point.system ?? 'untyped'} contact here (phone, fax, email)`
            : `a correspondant has one ${field === 'portable' ? 'mobile' : field === 'telephone' ? 'landline' : field} here`,
        expression: [at],
      });
      continue;
    }
    found[field] = point.value ?? '';
    paths.set(field, `${at}.value`);
  }
  return found;
}

/** The centre's number (kept) and the portal's (which must be this correspondant's own). */
function identifiers(
  person: Person,
  id: number | null,
  centreSystem: string,
  issues: Issue[],
): string | null {
  let centreId: string | null = null;
  for (const [index, identifier] of (person.identifier ?? []).entries()) {
    const at = `Person.identifier[${index}]`;
    const value = identifier.value ?? '';
    if (identifier.system === centreSystem) {
      if (!/^\S{1,64}$/.test(value))
        issues.push({
          code: 'value',
          diagnostics: 'the centre number is 1 to 64 characters without spaces',
          expression: [`${at}.value`],
        });
      centreId = value;
    } else if (identifier.system === PORTAL_ID_SYSTEM.correspondant) {
      if (value !== String(id))
        issues.push({
          code: 'value',
          diagnostics: 'the portal number is the resource id; it is never chosen by a client',
          expression: [`${at}.value`],
        });
    } else {
      issues.push({
        code: 'value',
        diagnostics: `identifier system ${identifier.system ?? '(none)'} is not one this portal keeps for a correspondant`,
        expression: [`${at}.system`],
      });
    }
  }
  return centreId;
}

function scopeOf(person: Person, issues: Issue[]): PersonFields['scope'] | null {
  const reference = person.managingOrganization?.reference;
  const parsed = reference ? parseOrganizationId(reference.replace(/^Organization\//, '')) : null;
  if (!reference?.startsWith('Organization/') || !parsed) {
    issues.push({
      code: reference === undefined ? 'required' : 'value',
      diagnostics:
        'managingOrganization names the establishment, company or group the correspondant manages (Organization/etab-N, ent-N or grp-N)',
      expression: ['Person.managingOrganization'],
    });
    return null;
  }
  return { level: LEVEL_OF[parsed.kind], id: parsed.id };
}

/**
 * The fields of a correspondant a Person sets, or the issues (element paths) that refuse it. `id` is
 * the correspondant's on an update (null on a create).
 */
export function readPerson(
  person: Person,
  id: number | null,
  book: CodeBook,
  centreSystem: string,
): { fields: PersonFields | null; issues: Issue[] } {
  const issues: Issue[] = [];
  boundCodes(person, issues);
  const paths = new Map<string, string>();
  const { name, at } = officialName(person, issues);
  paths.set('civilite', `${at}.prefix[0]`);
  paths.set('nom', `${at}.family`);
  paths.set('prenom', `${at}.given[0]`);
  paths.set('fonction', `Person.extension.where(url='${PERSON_EXTENSIONS.jobTitle}').valueString`);
  const civilityId = civility(book, person, name, at, issues);
  const phones = telecom(person, paths, issues);
  const centreId = identifiers(person, id, centreSystem, issues);
  const scope = scopeOf(person, issues);
  const jobTitle =
    person.extension?.find((item) => item.url === PERSON_EXTENSIONS.jobTitle)?.valueString ?? null;
  const parsed = contactBody.safeParse({
    // The screen's civility is required: an absent prefix (and gender) is reported as such.
    civilite: civilityId ?? undefined,
    nom: name?.family ?? '',
    prenom: name?.given?.join(' ') ?? '',
    telephone: phones.telephone,
    portable: phones.portable,
    fax: phones.fax,
    mail: phones.mail ?? '',
    fonction: jobTitle,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      const required = issue.message === 'errors.required' || (field === 'mail' && phones.mail === null);
      issues.push({
        code: required ? 'required' : 'value',
        diagnostics:
          field === 'mail' && phones.mail === null
            ? 'a mail (telecom with system email) is required: the registration link goes to it'
            : `${field === 'civilite' ? 'the civility (name.prefix M. or Mme, or gender)' : field} ${ruleText(issue.message)}`,
        expression: [paths.get(field) ?? (field === 'mail' ? 'Person.telecom' : `Person (${field})`)],
      });
    }
  }
  // The screens check the mobile beyond its shape: a French or international mobile number.
  if (parsed.success && parsed.data.portable && !isValidMobile(parsed.data.portable))
    issues.push({
      code: 'value',
      diagnostics: ruleText('errors.portable'),
      expression: [paths.get('portable') ?? 'Person.telecom'],
    });
  if (!parsed.success || issues.length > 0 || !scope || civilityId === null) return { fields: null, issues };
  const data = parsed.data;
  const orNull = (text: string | undefined | null) =>
    text === undefined || text === null || text === '' ? null : text;
  return {
    issues,
    fields: {
      civilityId,
      lastName: data.nom,
      firstName: data.prenom,
      landline: orNull(data.telephone),
      mobile: orNull(data.portable),
      fax: orNull(data.fax),
      email: data.mail,
      jobTitle: orNull(data.fonction),
      active: person.active ?? true,
      centreId,
      scope,
    },
  };
}
