import { describe, expect, it } from 'vitest';
import { COUNTRY_FRANCE_ID, ORIGIN_ABROAD_ID, ORIGIN_PARIS_ID, ORIGIN_PROVINCE_ID } from '../src/constants';
import { isOriginConsistent, originFor, requiresAbroad } from '../src/rules/participant';
import { participantCreate } from '../src/schemas/participants';

const FRANCE = COUNTRY_FRANCE_ID;
const GERMANY = 276;

/** Both countries French unless told otherwise. */
const inFrance = (postalCode: string | null) => ({
  practiceCountryId: FRANCE,
  addressCountryId: FRANCE,
  postalCode,
});

describe('the origin rule (docs/participants.md#form-rules): when a participant is abroad', () => {
  it('a participant practising and living in France is not abroad', () => {
    expect(requiresAbroad(inFrance('69001'))).toBe(false);
  });

  it('a participant practising outside France is abroad, whatever their address', () => {
    expect(requiresAbroad({ ...inFrance('75001'), practiceCountryId: GERMANY })).toBe(true);
  });

  it('a participant living outside France is abroad, whatever their country of practice', () => {
    expect(requiresAbroad({ ...inFrance(null), addressCountryId: GERMANY })).toBe(true);
  });

  it('a country not yet chosen does not make a participant abroad', () => {
    expect(requiresAbroad({ practiceCountryId: null, addressCountryId: undefined, postalCode: null })).toBe(
      false,
    );
    expect(requiresAbroad({ practiceCountryId: undefined, addressCountryId: FRANCE, postalCode: '' })).toBe(
      false,
    );
  });
});

describe('the origin rule (docs/participants.md#form-rules, docs/interface-conventions.md#constants): the origin set automatically', () => {
  it('a participant abroad has the origin abroad, even with a Paris postal code', () => {
    expect(originFor({ ...inFrance('75008'), addressCountryId: GERMANY })).toBe(ORIGIN_ABROAD_ID);
  });

  it.each(['75', '77', '78', '91', '92', '93', '94', '95'])(
    'a French postal code beginning with %s is the Paris region',
    (department) => {
      expect(originFor(inFrance(`${department}120`))).toBe(ORIGIN_PARIS_ID);
    },
  );

  it.each(['76', '90', '96', '69', '01', '2A', '97'])(
    'a French postal code beginning with %s is the Province',
    (department) => {
      expect(originFor(inFrance(`${department}100`))).toBe(ORIGIN_PROVINCE_ID);
    },
  );

  it('only the department counts, not a Paris prefix further in the code', () => {
    expect(originFor(inFrance('69750'))).toBe(ORIGIN_PROVINCE_ID);
  });

  it('spaces around the postal code are ignored', () => {
    expect(originFor(inFrance('  92100 '))).toBe(ORIGIN_PARIS_ID);
  });

  it('a French participant without a postal code is from the Province', () => {
    expect(originFor(inFrance(null))).toBe(ORIGIN_PROVINCE_ID);
    expect(originFor(inFrance(''))).toBe(ORIGIN_PROVINCE_ID);
    expect(originFor(inFrance('   '))).toBe(ORIGIN_PROVINCE_ID);
  });
});

describe('the origin rule (docs/participants.md#form-rules) as a check: abroad exactly when a country is not France', () => {
  it('the origin abroad is refused for a participant whose countries are both France', () => {
    expect(isOriginConsistent(ORIGIN_ABROAD_ID, inFrance('75001'))).toBe(false);
  });

  it('Paris or Province is refused for a participant with a foreign country', () => {
    const abroad = { ...inFrance('75001'), practiceCountryId: GERMANY };
    expect(isOriginConsistent(ORIGIN_PARIS_ID, abroad)).toBe(false);
    expect(isOriginConsistent(ORIGIN_PROVINCE_ID, abroad)).toBe(false);
    expect(isOriginConsistent(ORIGIN_ABROAD_ID, abroad)).toBe(true);
  });

  it('Paris or Province may be chosen by hand in France, whatever the postal code', () => {
    // The check only ties "abroad" to the countries; Paris against Province is the user's choice.
    expect(isOriginConsistent(ORIGIN_PROVINCE_ID, inFrance('75001'))).toBe(true);
    expect(isOriginConsistent(ORIGIN_PARIS_ID, inFrance('69001'))).toBe(true);
  });
});

describe('the origin rule on the participant form (schema)', () => {
  const form = {
    civilite: 1,
    nom: 'Dupont',
    prenom: 'Claire',
    nomJeuneFille: null,
    dateNaissance: '1980-05-17',
    sexe: 2,
    profession: null,
    paysExercice: FRANCE,
    provenance: null,
    categorie: null,
    typeBilan: 3,
    dateProchainBilan: '2027-01-10',
    gestionRdv: null,
    periodicite: 4,
    info4: null,
    dateAdhesion: null,
    datePremiereAdhesion: null,
    adresse: {
      ligne1: null,
      ligne2: null,
      ligne3: null,
      numeroVoie: '3',
      typeVoie: null,
      nomVoie: 'de la Paix',
      ligne5: null,
      codePostal: '75002',
      localite: 'Paris',
      pays: FRANCE,
    },
    utiliserAdresseEtablissement: false,
    telephoneFixe: null,
    telephonePortable: '06 12 34 56 78',
    mail: 'claire.dupont@example.fr',
    telephoneSecretariat: null,
    contact: {
      civilite: null,
      nom: null,
      prenom: null,
      mail: null,
      telephoneFixe: null,
      telephonePortable: null,
      fonction: null,
    },
    idEtablissement: null,
  };
  const provenanceIssues = (candidate: unknown) =>
    (participantCreate.safeParse(candidate).error?.issues ?? []).filter(
      (issue) => issue.path.join('.') === 'provenance',
    );

  it('a form that leaves the origin empty passes (the server sets it)', () => {
    expect(participantCreate.safeParse(form).success).toBe(true);
  });

  it('a form with the origin abroad and French countries is refused on the origin field', () => {
    expect(provenanceIssues({ ...form, provenance: ORIGIN_ABROAD_ID })).toEqual([
      expect.objectContaining({ message: 'errors.provenance' }),
    ]);
  });

  it('a form with a foreign address country and the origin Paris is refused on the origin field', () => {
    const abroad = { ...form, provenance: ORIGIN_PARIS_ID, adresse: { ...form.adresse, pays: GERMANY } };
    expect(provenanceIssues(abroad)).toHaveLength(1);
    expect(provenanceIssues({ ...abroad, provenance: ORIGIN_ABROAD_ID })).toEqual([]);
  });
});
