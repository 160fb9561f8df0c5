import { PAGE_SIZE } from '@portail/contract/constants';
import type { Message } from '@portail/contract/schemas/common';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-error';
import { messagesOf } from '../../lib/error-replies';

/**
 * A Centre list's filters and page, read from the address (a link or a reload shows the same page):
 * the parameters the contract's query schema knows, and its defaults (the portal's page size) when the
 * address holds anything it refuses.
 */
export function readListQuery<S extends z.ZodType<{ page: number; size: number }>>(
  schema: S,
  params: URLSearchParams,
  names: readonly string[],
): z.output<S> {
  const raw = Object.fromEntries(
    [...names, 'page', 'size'].flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = schema.safeParse({ size: String(PAGE_SIZE), ...raw });
  return parsed.success ? parsed.data : schema.parse({ size: String(PAGE_SIZE) });
}

/** The address of a list's filters and page: empty values and the first page left out. */
export function writeListQuery(query: Record<string, string | number | undefined>): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && !(name === 'page' && value === 0))
      next.set(name, String(value));
  }
  return next;
}

/** Why a Centre action was refused, for its dialog: the server's messages, else that it failed. */
export function refusalMessages(error: unknown): Message[] {
  const messages = isApiError(error) ? messagesOf(error) : [];
  return messages.length > 0 ? messages : [{ level: 'ERROR', errorCode: 'centre.actionFailed' }];
}
