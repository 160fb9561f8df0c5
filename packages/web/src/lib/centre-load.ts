import type { CentreInfo } from '@portail/contract/schemas/assistance';
import { api } from './api';
import { setProductName } from './i18n';

let pending: Promise<unknown> | null = null;

/** `assistanceApi.centre` of the contract, without its schemas (a test holds the two together). */
export const CENTRE_PATH = '/centre';

/**
 * `GET /api/centre`: the centre's identity from the server's configuration, fetched once per page
 * load and shared (a failed fetch is forgotten, so the next caller tries again). Not checked here: the
 * start-up and the footer read two fields with their own checks, so that the sign-in page does not load
 * the schema library for them; `useCentre()` (centre.ts) checks the whole reply with its schema.
 */
export function loadCentreReply(): Promise<unknown> {
  if (!pending) {
    pending = api(CENTRE_PATH, { auth: false, silent: true, handle: 'all' });
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

type ConformityStatus = CentreInfo['accessibilite']['statut'];
const STATUSES: readonly ConformityStatus[] = ['totale', 'partielle', 'non'];

/** The accessibility status the centre declares (every page's footer says it), or null. */
export async function loadConformityStatus(): Promise<ConformityStatus | null> {
  const status = field(field(await loadCentreReply(), 'accessibilite'), 'statut');
  return STATUSES.find((known) => known === status) ?? null;
}

/**
 * At start-up: the portal's configured name replaces the catalogues' default wherever the texts say
 * `product.name`. Without an answer the default stays; the start never waits for it.
 */
export function applyCentreProductName(): void {
  loadCentreReply().then(
    (reply) => {
      const name = field(reply, 'produit');
      if (typeof name === 'string' && name.trim() !== '') setProductName(name);
    },
    () => undefined,
  );
}
