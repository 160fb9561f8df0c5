import type { ScreenPath } from '@portail/contract/routes';

export const CENTRE_ACCOUNTS_PATH: ScreenPath = '/centre/comptes';
export const CENTRE_DELIVERIES_PATH: ScreenPath = '/centre/envois';

export const centreAccountPath = (id: number) => `/centre/comptes/${id}`;
