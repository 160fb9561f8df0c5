import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  type AllAddresses,
  endpointProblem,
  guardedLookup,
} from '../src/features/integration/subscription-rules';

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

describe('the addresses a notification is posted to', () => {
  const resolving =
    (...addresses: string[]): AllAddresses =>
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const ask = (lookup: ReturnType<typeof guardedLookup>, hostname: string, all: boolean) =>
    new Promise<{ code?: string; addresses?: LookupAddress[] | string }>((resolve) =>
      lookup(hostname, { all }, (error, addresses) =>
        resolve(error ? { code: (error as NodeJS.ErrnoException).code } : { addresses }),
      ),
    );

  it('refuses a public-looking name that resolves inside (loopback, private, link-local, metadata)', async () => {
    for (const inside of ['127.0.1.1', '10.1.2.3', '192.168.0.9', '169.254.169.254', '::1', 'fd00::5'])
      expect(
        await ask(guardedLookup(false, resolving('203.0.113.7', inside)), 'hooks.example.fr', true),
      ).toEqual({
        code: 'EINTERNALADDRESS',
      });
  });

  it('connects a name that resolves outside to the addresses it checked; localhost only where allowed', async () => {
    expect(await ask(guardedLookup(false, resolving('203.0.113.7')), 'hooks.example.fr', false)).toEqual({
      addresses: '203.0.113.7',
    });
    expect(
      await ask(guardedLookup(false, resolving('203.0.113.7', '2001:db8::1')), 'hooks.example.fr', true),
    ).toEqual({
      addresses: [
        { address: '203.0.113.7', family: 4 },
        { address: '2001:db8::1', family: 6 },
      ],
    });
    expect((await ask(guardedLookup(false, resolving('127.0.0.1')), 'localhost', true)).code).toBe(
      'EINTERNALADDRESS',
    );
    expect(
      (await ask(guardedLookup(true, resolving('127.0.0.1')), 'localhost', true)).addresses,
    ).toHaveLength(1);
  });
});
