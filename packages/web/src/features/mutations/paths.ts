import type { ScreenPath } from '@portail/contract/routes';

/** The transfer list and detail (contract's route table: /mutation, /mutation/:id). */
export const MUTATIONS_PATH: ScreenPath = '/mutation';

export function mutationPath(id: number): string {
  return `/mutation/${id}`;
}
