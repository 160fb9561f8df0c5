/** Query keys of the registration feature. */
export const registrationKeys = {
  all: ['registration'] as const,
  link: (token: string) => ['registration', 'link', token] as const,
  questions: () => ['registration', 'questions'] as const,
};
