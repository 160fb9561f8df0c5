import type { OperationOutcome } from '@medplum/fhirtypes';
import { FHIR_MIME } from '@portail/contract/integration/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirRouteInfo } from '../src/features/integration/fhir.plugin';
import { revokeClient } from '../src/features/integration/system-clients';
import { type Identity, signInIdentities } from '../test/access/identities';
import { systemClient } from '../test/fhir-fixtures';
import { figure, type Portal, startPortal } from './portal';
import { missingSecurityHeaders } from './security-headers';

/**
 * The integration API's access matrix (issue 19) over HTTP against the production start: every FHIR
 * route × {no token, each user's token, a client lacking the scope, a revoked client, a client holding
 * it}. Routes added later join by themselves (the server's `fhirRouteTable`).
 */
// Started while the file is collected, so that each route the server registered is a case of its own.
const portal: Portal = await startPortal();
const routes = portal.app.fhirRouteTable;
afterAll(async () => portal.close());

/** A concrete URL of the route: its id parameter filled with an id that may or may not exist. */
const urlOf = (route: FhirRouteInfo): string =>
  route.url.replace(':id', route.type === 'Organization' ? 'etab-1' : '1').replace(':vid', '1');

/**
 * What a route is sent: a transaction gets a Bundle with one entry, so that a client lacking the scope
 * of that entry is refused (403) by the per-entry check, as it is by the route's own check elsewhere.
 */
const bodyOf = (route: FhirRouteInfo): string | undefined =>
  route.interaction === 'transaction'
    ? JSON.stringify({
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [{ resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Patient' } }],
      })
    : undefined;

interface Caller {
  name: string;
  token: string;
  /** The status every route must answer this caller, or null: allowed (any status but 401 and 403). */
  expected: (route: FhirRouteInfo) => 401 | 403 | null;
}

describe('FHIR access matrix: each route refuses anyone but a client holding its scope, with an OperationOutcome and the security headers', () => {
  let callers: Caller[] = [];
  let cases = 0;
  let failed = 0;
  beforeAll(async () => {
    const identities: Identity[] = await signInIdentities(portal);
    const everything = await systemClient(portal, 'system/*.cruds');
    // A valid scope for a resource the API does not serve: holds no scope of any route.
    const lacking = await systemClient(portal, 'system/Observation.cruds');
    const revoked = await systemClient(portal, 'system/*.cruds');
    const revokedToken = await revoked.token();
    await revokeClient(portal.database.db, revoked.name);
    callers = [
      ...identities.map((identity) => ({
        name: identity.name,
        token: identity.access,
        expected: () => 401 as const,
      })),
      { name: 'client lacking the scope', token: await lacking.token(), expected: () => 403 },
      { name: 'revoked client', token: revokedToken, expected: () => 401 },
      { name: 'client holding the scope', token: await everything.token(), expected: () => null },
    ];
  });
  afterAll(() => {
    figure('fhirAccess.cases', cases);
    figure('fhirAccess.routes', routes.length);
    figure('fhirAccess.failures', failed);
  });

  it('the server registered the FHIR routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(4);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const failures: string[] = [];
      for (const caller of callers) {
        cases++;
        const body = bodyOf(route);
        const reply = await portal.http({
          method: route.method,
          url: urlOf(route),
          headers: {
            ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
            ...(body ? { 'content-type': 'application/fhir+json' } : {}),
          },
          ...(body ? { payload: body } : {}),
        });
        const expected = caller.expected(route);
        const label = `as ${caller.name}: ${reply.statusCode}`;
        if (expected !== null && reply.statusCode !== expected)
          failures.push(`${label}, expected ${expected}`);
        if (
          expected === null &&
          (reply.statusCode === 401 || reply.statusCode === 403 || reply.statusCode >= 500)
        )
          failures.push(`${label}, expected an answer`);
        if (!reply.headers['content-type']?.startsWith(FHIR_MIME))
          failures.push(`${label}: not ${FHIR_MIME}`);
        if (reply.statusCode >= 400 && reply.json<OperationOutcome>().resourceType !== 'OperationOutcome')
          failures.push(`${label}: no OperationOutcome`);
        const missing = missingSecurityHeaders(reply.headers);
        if (missing.length > 0) failures.push(`${label}: missing ${missing.join(', ')}`);
      }
      failed += failures.length;
      expect(failures).toEqual([]);
    });
  }
});

describe('system tokens', () => {
  it('gives a system token nothing of the user API', async () => {
    const client = await systemClient(portal, 'system/*.cruds');
    const token = await client.token();
    for (const url of ['/api/adherentsCorrespondant', '/api/get-detail-accueil', '/api/user']) {
      const reply = await portal.http({ url, headers: { authorization: `Bearer ${token}` } });
      expect(reply.statusCode, url).toBe(401);
    }
  });
});
