import Bowser from 'bowser';

/**
 * What the centre's staff (and later the account holder) see of the device a sign-in came from:
 * "Chrome 156 · Linux", from the User-Agent header by bowser. The header itself is not kept.
 */
export function browserSummary(userAgent: string | undefined): string | null {
  const header = userAgent?.trim().slice(0, 512);
  if (!header) return null;
  const parsed = Bowser.parse(header);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const system = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split('.')[0]].filter(Boolean).join(' ')
    : null;
  const summary = [browser, system].filter(Boolean).join(' · ');
  return summary ? summary.slice(0, 100) : header.replace(/[^\x20-\x7e]/g, '').slice(0, 60) || null;
}
