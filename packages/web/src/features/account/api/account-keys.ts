/** Query keys of the account feature (personal details, address, secret questions). */
export const accountKeys = {
  all: ['account'] as const,
  user: () => ['account', 'user'] as const,
  address: (establishmentId: number | null) => ['account', 'address', establishmentId ?? 'own'] as const,
  addresses: () => ['account', 'address'] as const,
  establishments: () => ['account', 'establishments'] as const,
  questions: () => ['account', 'questions'] as const,
  participantRecord: () => ['account', 'participant-record'] as const,
  sessions: () => ['account', 'sessions'] as const,
  notifications: () => ['account', 'notifications'] as const,
  factors: () => ['account', 'factors'] as const,
};
