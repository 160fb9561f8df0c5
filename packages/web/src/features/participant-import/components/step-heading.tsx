import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A step's heading (h2). When the user moves to this step (not when the page opens, where the page's
 * title takes the focus), focus moves here so that a screen reader reads the new step from its start.
 */
export function StepHeading({ children, focus, id }: { children: ReactNode; focus: boolean; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Once, when the step shows: re-renders of the step leave the focus where the user put it.
  const focusOnShow = useRef(focus);
  useEffect(() => {
    if (focusOnShow.current) ref.current?.focus();
  }, []);
  return (
    <Typography
      ref={ref}
      id={id}
      component="h2"
      variant="h5"
      tabIndex={-1}
      gutterBottom
      sx={{ '&:focus:not(:focus-visible)': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
