/** `/adherents/nouveau` matches the participant screen's `/adherents/:id`: the detail screen in creation mode. */
export const NEW_PARTICIPANT_ID = 'nouveau';
