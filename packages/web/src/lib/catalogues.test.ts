import { afterEach, describe, expect, it, vi } from 'vitest';

// The test set-up replaces this module by the files themselves; here the real one is under test.
const { loadCatalogue } = await vi.importActual<typeof import('./catalogues')>('./catalogues');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catalogue loading', () => {
  it('fetches a language once as a JSON asset, and again after a failure', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValue(
        new Response(JSON.stringify({ http: { 404: 'Resource not found' } }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadCatalogue('en_EN')).rejects.toThrow('HTTP 503');
    const [first, second] = await Promise.all([loadCatalogue('en_EN'), loadCatalogue('en_EN')]);
    expect(first).toEqual({ http: { 404: 'Resource not found' } });
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/en_EN.*\.json/);
  });
});
