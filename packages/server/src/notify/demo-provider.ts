import type { FastifyBaseLogger } from 'fastify';
import type { Transports } from './sender';

export type DemoChannel = 'SMS' | 'MAIL';

/**
 * The providers of demo mode: they accept a message by leaving it in the outbox for /dev/outbox to
 * show (and the log, so a person trying the portal can read their code). Each can be switched to
 * refuse (README "For the centre's staff": try the delivery queue's retries), and switched back: the
 * queue then delivers what waited, with nothing asked again.
 */
export class DemoProviders {
  private readonly accepting: Record<DemoChannel, boolean> = { SMS: true, MAIL: true };
  /** Recipients refused whatever the switches say (a number the provider rejects), by their key. */
  private readonly refused = new Set<string>();

  /** The same number or address however it is written (spaces, +33, case). */
  private static key(recipient: string): string {
    const digits = recipient.replace(/\D/g, '');
    return recipient.includes('@') ? recipient.trim().toLowerCase() : digits.replace(/^(33|0)/, '');
  }

  /** The recipients refused one by one (the browser tests refuse one person without stopping the rest). */
  refusedRecipients(): string[] {
    return [...this.refused];
  }

  setRefused(recipients: readonly string[]): void {
    this.refused.clear();
    for (const recipient of recipients) this.refused.add(DemoProviders.key(recipient));
  }

  isAccepting(channel: DemoChannel): boolean {
    return this.accepting[channel];
  }

  setAccepting(channel: DemoChannel, accepting: boolean): void {
    this.accepting[channel] = accepting;
  }

  transports(log: FastifyBaseLogger, logMessages: boolean): Transports {
    const accept = (channel: DemoChannel, to: string, summary: string) => {
      const provider = `demo ${channel === 'SMS' ? 'text-message' : 'mail'} provider`;
      if (!this.accepting[channel]) throw new Error(`${provider} refused the message (switched off)`);
      if (this.refused.has(DemoProviders.key(to))) {
        throw new Error(`${provider} refused the message to this recipient`);
      }
      if (logMessages) log.info({ channel, recipient: to }, `[demo outbox] ${channel} to ${to}: ${summary}`);
    };
    return {
      sms: { send: async (to, text) => accept('SMS', to, text) },
      mail: { send: async (message) => accept('MAIL', message.to, message.subject) },
    };
  }
}
