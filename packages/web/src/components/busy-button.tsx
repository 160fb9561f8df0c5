import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface BusyButtonProps extends ButtonProps {
  /** Its action is under way: a spinner replaces the icon and a press does nothing more. */
  busy: boolean;
}

/**
 * A button whose action takes a while (a download, a check, a call). While busy it shows a spinner and
 * ignores presses but stays focusable (`aria-disabled`, not `disabled`): a disabled button drops the
 * keyboard focus to the page's start, and a keyboard or screen-reader user would lose their place.
 */
export function BusyButton({ busy, onClick, startIcon, sx, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      onClick={busy ? undefined : onClick}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      startIcon={
        busy ? (
          <CircularProgress size={props.size === 'small' ? 16 : 18} color="inherit" aria-hidden />
        ) : (
          startIcon
        )
      }
      sx={[{ '&[aria-disabled="true"]': { cursor: 'progress' } }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
