/** The directory and a correspondant's page (contract's route table: /correspondant/:id). */
export const CORRESPONDANTS_PATH = '/correspondant/mescorrespondants';

export function correspondantPath(id: number): string {
  return `/correspondant/${id}`;
}
