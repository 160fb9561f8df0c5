/**
 * Accounts for load tests (`DEMO_LOAD_ACCOUNTS`, `npm run bench:load`): N generated participants and
 * N generated correspondants of corr.etablissement's establishment can sign in with the demo
 * password. A load test needs many distinct accounts (one session each, and no shared lockout
 * counter), and it must be able to name them and read each participant's sign-in code from the
 * outbox without asking the server: hence logins and mobiles derived from the account's number.
 */

const number4 = (n: number) => String(n).padStart(4, '0');

/** charge.p0001, charge.p0002, … */
export const loadParticipantLogin = (n: number) => `charge.p${number4(n)}`;

/** charge.c0001, charge.c0002, … */
export const loadCorrespondantLogin = (n: number) => `charge.c${number4(n)}`;

/**
 * 06 09 00 00 01, 06 09 00 00 02, …: an allocated mobile range (it passes the mobile check) that
 * Random.mobile never draws (06 1x–8x, 07 3x–9x), so no other demo person shares one of these.
 */
export function loadParticipantMobile(n: number): string {
  const d = String(n).padStart(6, '0');
  return `06 09 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)}`;
}
