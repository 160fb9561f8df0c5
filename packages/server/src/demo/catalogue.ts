import type { DocumentCategory, NameDisplayMode, VisitKind } from '../db/schema';

/** Document types per category, with both name display modes represented (000 §2.12). */
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

export const ADVICE_SHEETS = [
  'Alimentation équilibrée',
  'Activité physique au quotidien',
  'Bien dormir',
  'Arrêter de fumer',
  "Consommation d'alcool : les repères",
  'Gérer son stress',
  'Prévention cardiovasculaire',
  'Dépistage des cancers',
  'Vaccinations de l’adulte',
] as const;

/** The data-protection page's tree (001 §2): two folders of two PDFs each. */
export const LEGAL_TREE = [
  {
    label: 'Protection des données personnelles',
    labelEn: 'Personal data protection',
    documents: [
      ['Politique de protection des données', 'Data protection policy'],
      ['Gestion des cookies', 'Cookie policy'],
    ],
  },
  {
    label: 'Vos droits',
    labelEn: 'Your rights',
    documents: [
      ["Droit d'accès et de rectification", 'Right of access and rectification'],
      ["Conditions générales d'utilisation", 'Terms of use'],
    ],
  },
] as const;

export interface VisitTemplate {
  kind: VisitKind;
  order: number | null;
  label: string;
  minutes: number;
}

export const VISIT_TEMPLATES: readonly VisitTemplate[] = [
  { kind: 'VISIT', order: 1, label: 'Examens biologiques et techniques', minutes: 120 },
  { kind: 'VISIT', order: 2, label: 'Consultation médicale', minutes: 60 },
  { kind: 'VISIT', order: 3, label: 'Consultation de synthèse', minutes: 45 },
  { kind: 'MAMMOGRAPHY', order: null, label: 'Mammographie', minutes: 30 },
  { kind: 'OSTEOPATHY', order: null, label: 'Ostéopathie', minutes: 45 },
];

/** Visit states as the back office labels and colours them. */
export const VISIT_STATES = {
  done: { label: 'Réalisée', colour: '#2e7d32' },
  planned: { label: 'Planifiée', colour: '#0277bd' },
  toPlan: { label: 'À planifier', colour: '#ef6c00' },
} as const;

export const APPOINTMENT_STATUSES = { done: 'Honoré', confirmed: 'Confirmé', cancelled: 'Annulé' } as const;

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
