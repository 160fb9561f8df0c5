import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

/** A screen reader hears the wait at its start, then every so often, and its end; not every second. */
const ANNOUNCE_EVERY_S = 30;

/** `42 s`, `4 min 05 s`: a wait as the countdown shows it. */
export function useWaitText(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) =>
    seconds < 60
      ? t('countdown.seconds', { seconds })
      : t('countdown.minutes', {
          minutes: Math.floor(seconds / 60),
          seconds: String(seconds % 60).padStart(2, '0'),
        });
}

/**
 * A live countdown (issue 18): the text on screen follows every second; a polite status region, which
 * the moving text is hidden from, tells screen readers the same at most every 30 seconds and at the end.
 */
export function CountdownText({
  left,
  text,
  doneText,
}: {
  /** Seconds left (0: the wait is over). */
  left: number;
  text: (seconds: number) => string;
  /** What to say once the wait is over; nothing when absent. */
  doneText?: string;
}) {
  const [announced, setAnnounced] = useState<number | null>(null);
  useEffect(() => {
    setAnnounced((previous) => {
      if (left === 0) return previous === null ? null : 0;
      if (previous === null || previous === 0 || left > previous || previous - left >= ANNOUNCE_EVERY_S)
        return left;
      return previous;
    });
  }, [left]);
  // The end is told only after a wait, never before the first one.
  const shown = left > 0 ? text(left) : announced === null ? '' : (doneText ?? '');
  const spoken = announced === null ? '' : announced > 0 ? text(announced) : (doneText ?? '');
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <Box component="span" role="status" sx={visuallyHidden}>
        {spoken}
      </Box>
    </>
  );
}
