import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MutationFilters as Filters } from '../list-params';

export interface MutationFiltersProps {
  filters: Filters;
  /** Incoming and outgoing are offered to an establishment correspondant only (docs/transfers.md#filters). */
  directions: boolean;
  onChange: (filters: Filters) => void;
}

/**
 * The list's filter checkboxes (docs/transfers.md#filters): in progress (checked by default), and incoming or outgoing,
 * which exclude each other: ticking one unticks the other. A tick filters at once.
 */
export function MutationFilters({ filters, directions, onChange }: MutationFiltersProps) {
  const { t } = useTranslation();
  // The ticks show at once; the address (and so `filters`) follows a moment later, and wins.
  const [shown, setShown] = useState(filters);
  useEffect(() => setShown(filters), [filters]);
  const change = (next: Filters) => {
    setShown(next);
    onChange(next);
  };
  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('mutations.filters.title')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ px: 2, py: 1, mb: 2 }}
    >
      <FormGroup row sx={{ columnGap: 3 }}>
        <FormControlLabel
          label={t('mutations.filters.inProgress')}
          control={
            <Checkbox
              name="encours"
              checked={shown.inProgressOnly}
              onChange={(event) => change({ ...shown, inProgressOnly: event.target.checked })}
            />
          }
        />
        {directions && (
          <>
            <FormControlLabel
              label={t('mutations.filters.incoming')}
              control={
                <Checkbox
                  name="entrantes"
                  checked={shown.incoming}
                  onChange={(event) =>
                    change({
                      ...shown,
                      incoming: event.target.checked,
                      outgoing: event.target.checked ? false : shown.outgoing,
                    })
                  }
                />
              }
            />
            <FormControlLabel
              label={t('mutations.filters.outgoing')}
              control={
                <Checkbox
                  name="sortantes"
                  checked={shown.outgoing}
                  onChange={(event) =>
                    change({
                      ...shown,
                      outgoing: event.target.checked,
                      incoming: event.target.checked ? false : shown.incoming,
                    })
                  }
                />
              }
            />
          </>
        )}
      </FormGroup>
    </Paper>
  );
}
