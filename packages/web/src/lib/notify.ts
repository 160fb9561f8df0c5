import { enqueueSnackbar, type VariantType } from 'notistack';
import { translate } from './i18n';

export type ToastVariant = Extract<VariantType, 'success' | 'error' | 'warning' | 'info'>;

/**
 * Shows a translated toast (bottom-right, 4000 ms, set on the provider). Usable outside React, e.g.
 * from the API client; does nothing before the toast provider is mounted.
 */
export function notify(key: string, variant: ToastVariant, values?: Record<string, string | number>): void {
  showToast(translate(key, values), variant);
}

/** Shows a text that is already translated (or a server text shown as is, 000 §8 for 403 on sign-in). */
export function showToast(text: string, variant: ToastVariant): void {
  if (typeof enqueueSnackbar !== 'function') return;
  enqueueSnackbar(text, { variant, preventDuplicate: true });
}
