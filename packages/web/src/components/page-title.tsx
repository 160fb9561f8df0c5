import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A screen's one h1, smaller on a phone. `gutterBottom` is off where the title shares a row with
 * actions or a chip that set their own spacing.
 */
export function PageTitle({
  children,
  gutterBottom = true,
}: {
  children: ReactNode;
  gutterBottom?: boolean;
}) {
  return (
    <Typography
      component="h1"
      variant="h4"
      gutterBottom={gutterBottom}
      // Focused by script after each change of screen (app/heading-focus.ts), never by Tab.
      tabIndex={-1}
      sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' }, '&:focus:not(:focus-visible)': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
