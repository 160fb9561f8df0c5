/** Query keys of the participant import (issue 22): the state of one import, read while it runs. */
export const importKeys = {
  all: ['participant-import'] as const,
  status: (id: string) => ['participant-import', 'status', id] as const,
};
