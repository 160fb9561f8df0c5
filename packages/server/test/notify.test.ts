import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('refuses to start outside demo mode without transports, secret and public URL', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(
      /JWT_SECRET, CODE_SECRET, SMTP_URL, SMS_PROVIDER_URL, PUBLIC_URL, CENTRE_FILE/,
    );
    expect(loadConfig({ DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(() => loadConfig({ DEMO_MODE: 'true', PORT: 'abc' })).toThrow(/PORT/);
  });

  it('bounds the delivery settings: a retry never waits less than the first delay', () => {
    const config = loadConfig({
      DEMO_MODE: 'true',
      DELIVERY_RETRY_DELAY_S: '30',
      DELIVERY_RETRY_DELAY_MAX_S: '5',
    });
    expect(config.deliveryRetryDelayMaxS).toBe(30);
    expect(config.deliveryMaxAttempts).toBe(8);
    expect(() => loadConfig({ DEMO_MODE: 'true', DELIVERY_MAX_ATTEMPTS: '0' })).toThrow(
      /DELIVERY_MAX_ATTEMPTS/,
    );
  });
});
