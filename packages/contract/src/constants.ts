/** Business constants of the specification (docs/interface-conventions.md#constants), shared by server and web. */
export const PAGE_SIZE = 15;
export const PAGE_SIZE_OPTIONS = [10, 15, 20] as const;
export const DOCUMENT_PAGE_SIZE = 20;
export const MUTATION_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 200;
export const IDLE_TIMEOUT_MS = 300_000;
/** The idle warning shows this long before the idle logout. */
export const IDLE_WARNING_MS = 60_000;
/**
 * While the browser sees activity but makes no server call (reading a PDF, filling a long form), it
 * tells the server at most this often, so that the server's own five minutes (docs/sign-in-and-sessions.md#idle-logout) count from the
 * last activity and not from the last call.
 */
export const KEEP_ALIVE_INTERVAL_MS = 60_000;
export const TOAST_DURATION_MS = 4000;
/** A token is treated as expired when fewer than this many seconds remain. */
export const TOKEN_EXPIRY_MARGIN_S = 180;
export const PASSWORD_MIN_LENGTH = 8;
export const MAX_PASSWORD_ATTEMPTS = 3;
export const CONFIRMATION_CODE_LENGTH = 6;
/** A sign-in code is texted again at most this often (the confirmation page counts it down). */
export const CODE_RESEND_INTERVAL_S = 60;
export const MAX_CODE_ATTEMPTS = 3;
export const POSTAL_CODE_MAX = 10;
export const POSTAL_CODE_LOOKUP_MIN = 5;
export const DRAWER_WIDTH = 370;
export const DROPDOWN_POPUP_WIDTH = 290;
export const MAP_ZOOM = 19;
export const COUNTRY_FRANCE_ID = 716;
export const ORIGIN_PROVINCE_ID = 16;
export const ORIGIN_PARIS_ID = 17;
export const ORIGIN_ABROAD_ID = 18;
export const DEFAULT_APPOINTMENT_MANAGEMENT_ID = 1221;
export const PARIS_REGION_PREFIXES = ['75', '77', '78', '91', '92', '93', '94', '95'] as const;
export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const LANGUAGES = ['fr_FR', 'en_EN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'fr_FR';

/**
 * The web app's OAuth client (basic authentication on /oauth/token, docs/sign-in-and-sessions.md#password-grant). A single-page app cannot
 * keep a secret: these identify the client, they do not protect anything.
 */
export const WEB_CLIENT_ID = 'portail-web';
export const WEB_CLIENT_SECRET = 'portail-web-public';

/**
 * Lifetime of an access token of the integration API (`/fhir/R4`), issued to a system client by SMART
 * Backend Services: five minutes, the value the specification recommends and its upper bound.
 */
export const SYSTEM_TOKEN_TTL_S = 300;
