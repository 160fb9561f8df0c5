import type { Message } from '@portail/contract/schemas/common';
import { notify } from '../../lib/notify';

const VARIANT = { ERROR: 'error', WARN: 'warning', INFO: 'success' } as const;

/** The business messages of a reply as toasts, translated by errorCode (docs/interface-conventions.md#server-messages colours). */
export function notifyMessages(messages: readonly Message[]): void {
  for (const message of messages) notify(`messages.${message.errorCode}`, VARIANT[message.level]);
}
