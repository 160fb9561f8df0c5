import { describe, expect, it } from 'vitest';
import { endpointProblem } from '../src/features/integration/subscription-rules';

/**
 * What an outside tester found in the integration API (issue 19) that unit rules settle: a
 * subscription must never make the portal post to its own machine or the networks behind it.
 */
describe('subscription endpoints', () => {
  it('refuses https endpoints on this machine or a private, loopback or link-local network', () => {
    for (const endpoint of [
      'https://127.0.0.1:3700/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/hook',
      'https://192.168.1.2/hook',
      'https://172.20.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fe80::1]/hook',
      'https://localhost/hook',
      'https://api.localhost/hook',
      'https://0.0.0.0/hook',
    ])
      expect({ endpoint, problem: endpointProblem(endpoint, false) }).toEqual({
        endpoint,
        problem: expect.stringContaining('must not name this machine'),
      });
  });

  it('takes a public https endpoint, and refuses one longer than 2,048 characters', () => {
    expect(endpointProblem('https://backoffice.example.fr/portal-hook', false)).toBeNull();
    expect(endpointProblem('https://8.8.8.8/hook', false)).toBeNull();
    expect(endpointProblem(`https://backoffice.example.fr/${'a'.repeat(2100)}`, false)).toContain('2,048');
  });
});
