/** Query keys of the assistance feature (the centre itself is shared: lib/centre.ts). */
export const assistanceKeys = {
  all: ['assistance'] as const,
  manager: () => ['assistance', 'manager'] as const,
};
