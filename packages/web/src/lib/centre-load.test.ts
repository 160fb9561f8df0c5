import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';

vi.mock('./api', () => ({ api: vi.fn() }));
vi.mock('./i18n', () => ({ setProductName: vi.fn() }));

const reply = {
  produit: 'Mon Bilan',
  accessibilite: { audit: true, statut: 'partielle', dateAudit: '2026-10-15', tauxConformite: 86 },
};

/** A fresh module each time: the reply is kept for the page's life. */
async function freshModule() {
  vi.resetModules();
  return import('./centre-load');
}

beforeEach(() => {
  vi.mocked(api).mockReset();
});

describe('the centre at start-up', () => {
  it('fetches the centre once for the start-up and the footer, and reads the status', async () => {
    vi.mocked(api).mockResolvedValue(reply);
    const { loadConformityStatus, loadCentreReply } = await freshModule();
    expect(await loadConformityStatus()).toBe('partielle');
    await loadCentreReply();
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith('/centre', { auth: false, silent: true, handle: 'all' });
  });

  it('answers no status for a reply without a known one, and tries again after a failure', async () => {
    vi.mocked(api).mockRejectedValueOnce(new Error('offline'));
    const { loadConformityStatus } = await freshModule();
    await expect(loadConformityStatus()).rejects.toThrow('offline');
    vi.mocked(api).mockResolvedValueOnce({ accessibilite: { statut: 'parfaite' } });
    expect(await loadConformityStatus()).toBeNull();
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('puts the configured product name in the texts, and keeps the default without one', async () => {
    const { setProductName } = await import('./i18n');
    vi.mocked(setProductName).mockClear();
    vi.mocked(api).mockResolvedValue(reply);
    (await freshModule()).applyCentreProductName();
    await vi.waitFor(() => expect(setProductName).toHaveBeenCalledWith('Mon Bilan'));
    vi.mocked(api).mockResolvedValue({ produit: '  ' });
    const blank = await freshModule();
    blank.applyCentreProductName();
    // The one shared reply: applyCentreProductName's handler, attached first, has run once it resolves.
    await blank.loadCentreReply();
    expect(setProductName).toHaveBeenCalledTimes(1);
  });
});
