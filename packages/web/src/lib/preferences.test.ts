import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCE_KEYS, readPreference, writePreference } from './preferences';

const STATES = ['open', 'closed'] as const;

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('remembered display choices', () => {
  it('reads back what was written, and the fallback for nothing or an unknown value', () => {
    expect(readPreference(PREFERENCE_KEYS.menuOpen, STATES, 'open')).toBe('open');
    writePreference(PREFERENCE_KEYS.menuOpen, 'closed');
    expect(readPreference(PREFERENCE_KEYS.menuOpen, STATES, 'open')).toBe('closed');
    window.localStorage.setItem(PREFERENCE_KEYS.menuOpen, 'sideways');
    expect(readPreference(PREFERENCE_KEYS.menuOpen, STATES, 'open')).toBe('open');
  });

  it('works on, unremembered, when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writePreference(PREFERENCE_KEYS.gridDensity, 'compact')).not.toThrow();
    expect(readPreference(PREFERENCE_KEYS.gridDensity, ['compact', 'standard'], 'standard')).toBe('standard');
  });
});
