import type { Correspondant, CorrespondantContactBody } from '@portail/contract/schemas/correspondants';

/**
 * The contact form's working copy (docs/correspondants.md#detail Correspondant contact): texts as typed ('' for nothing, so
 * inputs stay controlled) and the civility, which may be empty until chosen. The contract's schema
 * decides on submit what must be filled.
 */
export type ContactDraft = Omit<Record<keyof CorrespondantContactBody, string>, 'civilite'> & {
  civilite: number | null;
};

export function contactDraft(record: Correspondant): ContactDraft {
  const { contact } = record;
  return {
    civilite: contact.civilite?.id ?? null,
    nom: contact.nom,
    prenom: contact.prenom,
    telephone: contact.telephone ?? '',
    portable: contact.portable ?? '',
    fax: contact.fax ?? '',
    mail: contact.mail ?? '',
    fonction: contact.fonction ?? '',
    motDePasse: '',
  };
}
