import type { DocumentCategory, NameDisplayMode, VisitKind } from '../db/schema';

/** Document types per category, with both name display modes represented (docs/documents-and-sheets.md#document-names). */
export const DOCUMENT_TYPE_SEEDS: readonly {
  id: number;
  category: DocumentCategory;
  label: string;
  labelEn: string;
  nameDisplayMode: NameDisplayMode;
}[] = [
  {
    id: 1,
    category: 'MEDICO_TECHNIQUE',
    label: 'Résultats biologiques',
    labelEn: 'Laboratory results',
    nameDisplayMode: 'INFO_DOCUMENT',
  },
  {
    id: 2,
    category: 'MEDICO_TECHNIQUE',
    label: 'Électrocardiogramme',
    labelEn: 'Electrocardiogram',
    nameDisplayMode: 'NOM_DOCUMENT',
  },
  {
    id: 3,
    category: 'MEDICO_TECHNIQUE',
    label: 'Imagerie',
    labelEn: 'Imaging',
    nameDisplayMode: 'NOM_DOCUMENT',
  },
  {
    id: 4,
    category: 'CONS_MEDICAL',
    label: 'Compte rendu de consultation',
    labelEn: 'Consultation report',
    nameDisplayMode: 'INFO_DOCUMENT',
  },
  {
    id: 5,
    category: 'CONS_MEDICAL',
    label: 'Synthèse du bilan',
    labelEn: 'Check-up summary',
    nameDisplayMode: 'NOM_DOCUMENT',
  },
  {
    id: 6,
    category: 'CONSULT_GYN',
    label: 'Consultation gynécologique',
    labelEn: 'Gynecological consultation',
    nameDisplayMode: 'INFO_DOCUMENT',
  },
  {
    id: 7,
    category: 'CONSULT_GYN',
    label: 'Frottis cervico-utérin',
    labelEn: 'Cervical smear',
    nameDisplayMode: 'NOM_DOCUMENT',
  },
  {
    id: 8,
    category: 'COURRIER',
    label: 'Courrier de résultats',
    labelEn: 'Results letter',
    nameDisplayMode: 'INFO_DOCUMENT',
  },
  {
    id: 9,
    category: 'COURRIER',
    label: 'Courrier de convocation',
    labelEn: 'Invitation letter',
    nameDisplayMode: 'NOM_DOCUMENT',
  },
];

/** File-name stem per category, as the back office names its exports. */
export const DOCUMENT_STEMS: Record<DocumentCategory, string> = {
  MEDICO_TECHNIQUE: 'RES',
  CONS_MEDICAL: 'CR',
  CONSULT_GYN: 'GYN',
  COURRIER: 'COUR',
};

/** Advice sheets' titles: French, English. */
export const ADVICE_SHEETS = [
  ['Alimentation équilibrée', 'A balanced diet'],
  ['Activité physique au quotidien', 'Everyday physical activity'],
  ['Bien dormir', 'Sleeping well'],
  ['Arrêter de fumer', 'Quitting smoking'],
  ["Consommation d'alcool : les repères", 'Alcohol: the guidelines'],
  ['Gérer son stress', 'Managing stress'],
  ['Prévention cardiovasculaire', 'Cardiovascular prevention'],
  ['Dépistage des cancers', 'Cancer screening'],
  ['Vaccinations de l’adulte', 'Adult vaccinations'],
] as const;

/**
 * The data-protection page's tree (docs/data-protection-and-legal.md#data-protection-documents): two folders of two PDFs each, with the French label, the
 * English label and the lines of the demo PDF (short lines: the demo PDF does not wrap text).
 */
export const LEGAL_TREE = [
  {
    label: 'Protection des données personnelles',
    labelEn: 'Personal data protection',
    documents: [
      [
        'Politique de protection des données',
        'Data protection policy',
        [
          'Responsable du traitement : le centre d’examens de santé.',
          'Finalités : organiser vos bilans de santé de prévention, vous communiquer',
          'vos résultats et permettre à votre employeur de gérer vos inscriptions.',
          'Base légale : l’exécution d’une mission d’intérêt public de prévention.',
          'Données médicales : réservées à vous et aux professionnels de santé du centre,',
          'jamais communiquées à votre employeur ni à votre correspondant.',
          'Hébergement : chez un hébergeur certifié de données de santé (HDS).',
          'Conservation : la durée prévue par le code de la santé publique.',
          'Vos droits : accès, rectification, effacement, limitation, opposition,',
          'auprès du délégué à la protection des données (page « Assistance »).',
          'Réclamation : Commission nationale de l’informatique et des libertés (CNIL).',
        ],
      ],
      [
        'Gestion des cookies',
        'Cookie policy',
        [
          'Le portail ne dépose aucun cookie publicitaire ni de mesure d’audience.',
          'Votre session est conservée dans le stockage de session de l’onglet,',
          'effacé à sa fermeture ou à la déconnexion.',
          'La carte de la page Assistance n’est chargée que si vous la demandez :',
          'ses images viennent alors des serveurs d’OpenStreetMap.',
        ],
      ],
    ],
  },
  {
    label: 'Vos droits',
    labelEn: 'Your rights',
    documents: [
      [
        "Droit d'accès et de rectification",
        'Right of access and rectification',
        [
          'Vous pouvez obtenir la communication des données qui vous concernent,',
          'y compris votre dossier médical, et faire corriger celles qui sont inexactes.',
          'Vos coordonnées se modifient directement depuis la page « Mes coordonnées ».',
          'Pour toute autre demande, écrivez au délégué à la protection des données',
          'en joignant la copie d’une pièce d’identité. Réponse sous un mois.',
        ],
      ],
      [
        "Conditions générales d'utilisation",
        'Terms of use',
        [
          'Votre accès au portail est personnel : ne communiquez à personne votre',
          'identifiant, votre mot de passe ni les codes reçus par SMS.',
          'La session se ferme après cinq minutes d’inactivité ;',
          'trois erreurs de mot de passe bloquent le compte.',
          'Les documents en ligne ne remplacent pas l’échange avec un médecin.',
        ],
      ],
    ],
  },
] as const;

export interface VisitTemplate {
  kind: VisitKind;
  order: number | null;
  /** The back office's French label and its English one (issue 18: English is English). */
  label: string;
  labelEn: string;
  minutes: number;
}

export const VISIT_TEMPLATES: readonly VisitTemplate[] = [
  {
    kind: 'VISIT',
    order: 1,
    label: 'Examens biologiques et techniques',
    labelEn: 'Laboratory and technical tests',
    minutes: 120,
  },
  { kind: 'VISIT', order: 2, label: 'Consultation médicale', labelEn: 'Medical consultation', minutes: 60 },
  { kind: 'VISIT', order: 3, label: 'Consultation de synthèse', labelEn: 'Review consultation', minutes: 45 },
  { kind: 'MAMMOGRAPHY', order: null, label: 'Mammographie', labelEn: 'Mammogram', minutes: 30 },
  { kind: 'OSTEOPATHY', order: null, label: 'Ostéopathie', labelEn: 'Osteopathy', minutes: 45 },
];

/** Visit states as the back office labels (in both languages) and colours them. */
export const VISIT_STATES = {
  done: { label: 'Réalisée', labelEn: 'Done', colour: '#2e7d32' },
  planned: { label: 'Planifiée', labelEn: 'Planned', colour: '#0277bd' },
  toPlan: { label: 'À planifier', labelEn: 'To be planned', colour: '#ef6c00' },
} as const;

export const APPOINTMENT_STATUSES = {
  done: { label: 'Honoré', labelEn: 'Attended' },
  confirmed: { label: 'Confirmé', labelEn: 'Confirmed' },
  cancelled: { label: 'Annulé', labelEn: 'Cancelled' },
} as const;

export const PROFESSIONS = [
  'Ingénieur',
  'Comptable',
  'Chef de projet',
  'Technicien de maintenance',
  'Assistante de direction',
  'Directeur commercial',
  'Développeur informatique',
  'Juriste',
  'Responsable des ressources humaines',
  'Acheteur',
  'Contrôleur de gestion',
  'Chargé de clientèle',
  'Logisticien',
  'Architecte',
  'Consultant',
  'Pharmacien',
] as const;

export const CORRESPONDANT_FUNCTIONS = [
  'Responsable des ressources humaines',
  'Chargée de paie',
  'Assistante RH',
  'Directeur administratif et financier',
  'Responsable des services généraux',
] as const;
