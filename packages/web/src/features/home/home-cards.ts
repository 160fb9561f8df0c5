import type { SessionUser } from '@portail/contract/schemas/auth';
import type { ComponentType } from 'react';
import { isCorrespondant, isParticipant } from '../../lib/session';
import { AttachmentCard } from './attachment-card';
import { CheckupCard } from './checkup-card';
import { HomeDocumentsCard } from './documents-card';
import { LastConnectionCard } from './last-connection-card';
import { MedicalRecordCard } from './medical-record-card';
import { StaffCard } from './staff-card';
import { TransfersCard } from './transfers-card';

/** The id of the new documents card's heading (documents' new-documents-card), focused on acceptance. */
export const NEW_DOCUMENTS_HEADING_ID = 'new-documents-title';

export interface HomeCard {
  id: string;
  /** Whether this user sees the card (by role, consent, ...). */
  visible: (user: SessionUser) => boolean;
  Component: ComponentType<{ user: SessionUser }>;
  /** Columns out of 12 from the medium breakpoint on. */
  width: 4 | 6 | 8 | 12;
}

/**
 * The cards of the home page, in order (docs/home.md#participant-home). The link to the analysis results lives in the
 * new-documents card (shown once the record is accepted, hidden when it was refused).
 */
export const HOME_CARDS: readonly HomeCard[] = [
  { id: 'last-connection', visible: () => true, Component: LastConnectionCard, width: 6 },
  {
    id: 'staff',
    visible: (user) => !isParticipant(user) && !isCorrespondant(user),
    Component: StaffCard,
    width: 6,
  },
  { id: 'attachment', visible: isCorrespondant, Component: AttachmentCard, width: 6 },
  { id: 'transfers', visible: isCorrespondant, Component: TransfersCard, width: 6 },
  // Renders nothing unless a check-up is under way (the home detail says so, not the session).
  { id: 'checkup', visible: isParticipant, Component: CheckupCard, width: 6 },
  {
    id: 'medical-record',
    visible: (user) => isParticipant(user) && !user.dmcAccepte,
    Component: MedicalRecordCard,
    width: 6,
  },
  {
    id: 'new-documents',
    visible: (user) => isParticipant(user) && user.dmcAccepte,
    Component: HomeDocumentsCard,
    width: 12,
  },
];
