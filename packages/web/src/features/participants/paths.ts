/** The list and detail paths of the participants (contract's route table: /adherents/:id). */
export const PARTICIPANTS_PATH = '/adherentsCorrespondant';
/** `/adherents/nouveau` matches `/adherents/:id`: the detail screen in creation mode. */
export const NEW_PARTICIPANT_ID = 'nouveau';
export const NEW_PARTICIPANT_PATH = `/adherents/${NEW_PARTICIPANT_ID}`;

export function participantPath(id: number): string {
  return `/adherents/${id}`;
}
