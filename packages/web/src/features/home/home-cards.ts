import type { SessionUser } from '@portail/contract/schemas/auth';
import type { ComponentType } from 'react';
import { isCorrespondant } from '../../lib/session';
import { AttachmentCard } from './attachment-card';
import { LastConnectionCard } from './last-connection-card';
import { TransfersCard } from './transfers-card';

export interface HomeCard {
  id: string;
  /** Whether this user sees the card (by role, consent, ...). */
  visible: (user: SessionUser) => boolean;
  Component: ComponentType<{ user: SessionUser }>;
  /** Columns out of 12 from the medium breakpoint on. */
  width: 4 | 6 | 8 | 12;
}

/**
 * The cards of the home page, in order (000 §2.5). The participant's check-up card and the
 * new-documents table are added here by their issues.
 */
export const HOME_CARDS: readonly HomeCard[] = [
  { id: 'last-connection', visible: () => true, Component: LastConnectionCard, width: 6 },
  { id: 'attachment', visible: isCorrespondant, Component: AttachmentCard, width: 6 },
  { id: 'transfers', visible: isCorrespondant, Component: TransfersCard, width: 6 },
];
