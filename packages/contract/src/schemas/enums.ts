import { z } from 'zod';
import { startsLikeFormula } from '../rules/spreadsheet';
import { queryBoolean } from './common';

/**
 * The dropdown enumerations (docs/interface-conventions.md#reference-lists, `enum/{name}` and `abstractenum/{name}`): the one list of
 * namespaces, also the string the server stores in `enum_items.namespace`.
 */
export const ENUM_NAMES = [
  'civilite',
  'sexe',
  'pays',
  'provenance',
  'categorie',
  'typeBilan',
  'periodicite',
  'gestionRdv',
  'motifmouvement',
  'typeMouvement',
  'typeVoie',
] as const;
export type EnumName = (typeof ENUM_NAMES)[number];

/** Lists whose dropdown lets a user add a value (`PUT {namespace}`); the others are the centre's. */
export const CREATABLE_ENUMS = ['typeVoie'] as const satisfies readonly EnumName[];
export type CreatableEnum = (typeof CREATABLE_ENUMS)[number];

export const isEnumName = (value: string): value is EnumName =>
  (ENUM_NAMES as readonly string[]).includes(value);
export const isCreatableEnum = (value: string): value is CreatableEnum =>
  (CREATABLE_ENUMS as readonly string[]).includes(value);

export const enumItem = z.object({
  id: z.number().int(),
  /** French label. */
  label: z.string(),
  labelEn: z.string(),
  /** Short code: SAL for employees, FR for France, BD for boulevard. */
  raccourci: z.string().nullable(),
  actif: z.boolean(),
  /** Countries only. */
  unionEuropeenne: z.boolean().optional(),
  /** Countries only: the international dialling prefix, `0033` for France. */
  indicatif: z.string().optional(),
  /** Check-up types only: whether a correspondant may choose it (docs/interface-conventions.md#reference-lists). */
  correspondant: z.boolean().optional(),
  /**
   * Added from the portal and not yet approved by the centre: present (true) only then. Such an item
   * is listed to its author's establishment, company or group and to the centre's staff only.
   */
  enAttente: z.literal(true).optional(),
});
export type EnumItem = z.infer<typeof enumItem>;

/** An unknown name is answered 404, not 400: the path names a list that does not exist. */
export const enumParams = z.object({ name: z.string().max(50) });

export const enumQuery = z.object({
  /** true: active items only; absent: all. */
  actif: queryBoolean.optional(),
  /** Absent: the list's own order (France first among countries). */
  sort: z.enum(['label', 'id']).optional(),
});
export type EnumQuery = z.infer<typeof enumQuery>;

export const enumReply = z.array(enumItem);

/** Values one establishment, company or group may add to a list in a day (a fixed 24-hour window). */
export const ENUM_ADDITIONS_PER_DAY = 5;

/** The 429 of `PUT {namespace}` past ENUM_ADDITIONS_PER_DAY (translated under `messages.`). */
export const ENUM_MESSAGES = { additionsLimit: 'enum.error.limiteAjouts' } as const;

export const createEnumItemBody = z.object({
  label: z
    .string()
    .trim()
    .min(1)
    .max(100)
    // A label is shown in every form of its reach and may end in a spreadsheet: never a formula.
    .refine((label) => !startsLikeFormula(label), 'errors.debutFormule'),
});
export type CreateEnumItemBody = z.infer<typeof createEnumItemBody>;

/** `POST {namespace}/approbation` (the centre's staff): publishes a pending item to everyone. */
export const approveEnumItemBody = z.object({ id: z.number({ error: 'errors.invalid' }).int().positive() });
export type ApproveEnumItemBody = z.infer<typeof approveEnumItemBody>;
