import { IMPORT_ERRORS, IMPORT_NOTICES } from '@portail/contract/rules/participant-import';
import { describe, expect, it } from 'vitest';
import {
  formErrors,
  hasReportText,
  reportNotice,
  reportText,
} from '../src/features/participant-import/import-messages';

describe('the messages of an import row', () => {
  it('puts a business message on its column and drops the generic error it explains', () => {
    expect(
      formErrors(
        [
          { field: 'idEtablissement', defaultMessage: 'errors.invalid' },
          { field: 'nom', defaultMessage: 'errors.maxlength', args: ['100'] },
          { field: '_', defaultMessage: 'errors.invalid' },
        ],
        [{ level: 'ERROR', errorCode: 'participant.error.etablissement' }],
      ),
    ).toEqual([
      { column: 'nom', message: { key: 'errors.maxlength', params: { '0': '100' } } },
      { column: null, message: { key: 'errors.invalid', params: {} } },
      { column: 'idEtablissement', message: { key: 'messages.participant.error.etablissement', params: {} } },
    ]);
  });

  it('has a report text in both languages for each key a row can carry', () => {
    const keys = [
      'errors.required',
      'errors.invalid',
      'errors.date',
      'errors.email',
      'errors.portable',
      'errors.provenance',
      'errors.localite',
      'errors.debutFormule',
      'errors.maxlength',
      'errors.controlCharacter',
      IMPORT_ERRORS.formula,
      IMPORT_ERRORS.cellError,
      IMPORT_ERRORS.duplicateInFile,
      'messages.participant.error.doublon',
      'messages.participant.error.doublonResilie',
      'messages.participant.error.typeBilanInterdit',
      'messages.participant.error.typeBilanBilanEnCours',
      'messages.participant.error.etablissement',
      'messages.participant.error.etablissementResilie',
      'messages.participant.error.verrouille',
      'messages.participant.error.inactif',
      IMPORT_NOTICES.establishmentNotMoved,
    ];
    expect(keys.filter((key) => !hasReportText(key))).toEqual([]);
    const error = { column: 'nom', message: { key: IMPORT_ERRORS.duplicateInFile, params: { line: 4 } } };
    expect(reportText(error, 'fr_FR')).toBe('Nom : même personne que la ligne 4');
    expect(reportText(error, 'en_EN')).toBe('Last name: same person as line 4');
  });

  it('marks a notice as one in the report, after its column', () => {
    const notice = {
      column: 'idEtablissement',
      message: { key: IMPORT_NOTICES.establishmentNotMoved, params: { id: 12, name: 'Usine de Lyon' } },
    };
    expect(reportNotice(notice, 'en_EN')).toBe(
      'Notice – Establishment no.: an import does not change the establishment, the participant stays with Usine de Lyon (no. 12); to move them to another establishment, request a transfer from their page',
    );
    expect(reportNotice(notice, 'fr_FR')).toMatch(
      /^Avertissement – N° d'établissement : un import ne change pas/,
    );
  });
});
