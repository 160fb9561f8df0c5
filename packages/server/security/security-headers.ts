/**
 * What every reply must carry (ARCHITECTURE.md; issue 9): a CSP whose scripts come from the site only
 * (no inline script), HSTS, no MIME sniffing, no framing, and no caching of anything the API answers.
 */
export function missingSecurityHeaders(headers: Record<string, unknown>, api = true): string[] {
  const csp = String(headers['content-security-policy'] ?? '');
  const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  return [
    scripts.split(/\s+/).includes("'self'") && !scripts.includes('unsafe-inline') ? null : 'CSP script-src',
    /frame-ancestors 'none'/.test(csp) ? null : 'CSP frame-ancestors',
    /max-age=\d{7,}/.test(String(headers['strict-transport-security'] ?? '')) ? null : 'HSTS',
    headers['x-content-type-options'] === 'nosniff' ? null : 'nosniff',
    headers['x-frame-options'] === 'DENY' ? null : 'X-Frame-Options',
    !api || headers['cache-control'] === 'no-store' ? null : 'Cache-Control no-store',
  ].filter((name): name is string => name !== null);
}
