import type { Config } from '../config';

export interface SmsTransport {
  send(to: string, text: string): Promise<void>;
}

/**
 * A generic HTTP text-message provider: `POST SMS_PROVIDER_URL` with `{ to, text }` as JSON and the
 * token as a bearer. Adapting to a given provider means changing this one function.
 */
export function createSmsTransport(config: Config): SmsTransport {
  const url = config.smsProviderUrl;
  if (!url) throw new Error('SMS_PROVIDER_URL is required outside demo mode');
  return {
    async send(to, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.smsProviderToken ? { authorization: `Bearer ${config.smsProviderToken}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}
