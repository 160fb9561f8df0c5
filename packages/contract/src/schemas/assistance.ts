import { z } from 'zod';

/**
 * The centre's identity (issue 8): name, address, map position, departments' e-mail addresses, the
 * publisher and host the legal notice names, and the accessibility contact. It is configuration, not
 * code: the server reads it from `CENTRE_FILE` (a JSON file of this shape) or uses the demo centre, and
 * serves it at `GET /api/centre` to anyone, since the public assistance and legal pages show it.
 */

/** The departments whose e-mail addresses the assistance page lists; their names are i18n keys. */
export const CONTACT_SERVICES = [
  'accueil',
  'rendezVous',
  'resultats',
  'correspondants',
  'support',
  'protectionDonnees',
] as const;
export const contactService = z.enum(CONTACT_SERVICES);
export type ContactService = z.infer<typeof contactService>;

const text = (max: number) => z.string().trim().min(1).max(max);

export const postalAddress = z.object({
  rue: text(200),
  codePostal: text(20),
  ville: text(100),
  pays: text(100),
});
export type PostalAddress = z.infer<typeof postalAddress>;

/** What `CENTRE_FILE` holds. */
export const centreSettings = z.object({
  /** The centre's name, e.g. on the map's popup and in calendar files. */
  nom: text(200),
  adresse: postalAddress,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The helpline's number, as it is dialled in France. */
  telephone: text(40),
  contacts: z
    .array(z.object({ service: contactService, email: z.email().max(254) }))
    .min(1)
    .refine((items) => new Set(items.map((item) => item.service)).size === items.length, {
      message: 'each department once',
    }),
  /** The legal notice (loi pour la confiance dans l'économie numérique, art. 6). */
  editeur: z.object({
    raisonSociale: text(200),
    formeJuridique: text(200),
    siret: z.string().regex(/^\d{14}$/),
    adresse: postalAddress,
    directeurPublication: text(200),
  }),
  hebergeur: z.object({ nom: text(200), adresse: postalAddress, telephone: text(40) }),
  /**
   * The accessibility statement (RGAA 4.1): the status the last audit gave, its date and the share of
   * the RGAA criteria it found met. Without an audit the RGAA says "non conforme" and both are null.
   */
  accessibilite: z.discriminatedUnion('audit', [
    z.object({
      audit: z.literal(true),
      statut: z.enum(['totale', 'partielle', 'non']),
      dateAudit: z.iso.date(),
      tauxConformite: z.number().min(0).max(100),
    }),
    z.object({ audit: z.literal(false), statut: z.literal('non') }),
  ]),
});
export type CentreSettings = z.infer<typeof centreSettings>;

/** GET /api/centre: the settings and the portal's name (`PRODUCT_NAME`), which messages call `{product}`. */
export const centreInfo = centreSettings.extend({ produit: text(100) });
export type CentreInfo = z.infer<typeof centreInfo>;

/** Helpline hours (docs/assistance.md#helpline): Monday (1) to Friday (5), 7:30 to 18:00, Paris time. */
export const HELPLINE_HOURS = { firstDay: 1, lastDay: 5, opens: '07:30', closes: '18:00' } as const;

/** Zoom of the assistance map (docs/assistance.md#map). */
export const MAP_ZOOM = 19;

/** The address on one line: `6 rue Euler, 75008 Paris, France`. */
export const addressLine = (address: PostalAddress) =>
  `${address.rue}, ${address.codePostal} ${address.ville}, ${address.pays}`;
