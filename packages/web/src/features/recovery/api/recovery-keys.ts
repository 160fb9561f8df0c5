/** Query keys of the recovery feature. */
export const recoveryKeys = {
  all: ['recovery'] as const,
  token: (token: string) => ['recovery', 'token', token] as const,
};
