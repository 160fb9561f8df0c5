import type { Language } from '@portail/contract/constants';

/**
 * Query keys more than one feature reads: the home detail is read again after a document is opened
 * (its unread count), a transfer is processed or a card's answer is saved.
 */
export const homeKeys = {
  /** Every language's detail (to invalidate), or one language's (its new documents' titles). */
  detail: (language?: Language) =>
    language === undefined ? (['home', 'detail'] as const) : (['home', 'detail', language] as const),
  mammogram: () => ['home', 'mammogram'] as const,
};
