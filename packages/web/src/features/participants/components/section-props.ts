import type { Participant } from '@portail/contract/schemas/participants';
import type { Control } from 'react-hook-form';
import type { ParticipantDraft, ParticipantValues } from '../participant-draft';

/** What every section of the participant form receives. */
export interface SectionProps {
  control: Control<ParticipantDraft, unknown, ParticipantValues>;
  /** Inactive participant, or a participant viewing their own record: nothing can change. */
  readOnly: boolean;
  /** The stored participant; null when creating one. */
  participant: Participant | null;
}
