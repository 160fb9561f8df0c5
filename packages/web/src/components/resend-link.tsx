import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CountdownText, useWaitText } from './countdown-text';

/**
 * "Not received? Send the code again", and while the server makes one wait (the interval between two
 * texts, a 429's Retry-After), the link is off and a live countdown says when it comes back (issue 18).
 */
export function ResendLink({
  intro,
  label,
  left,
  onResend,
  disabled = false,
  sx,
}: {
  intro: string;
  label: string;
  /** Seconds before a new code may be asked for (0: now). */
  left: number;
  onResend: () => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const waitText = useWaitText();
  const waiting = left > 0;
  return (
    <Typography sx={sx}>
      {intro}{' '}
      <Link
        component="button"
        type="button"
        onClick={onResend}
        disabled={disabled || waiting}
        sx={{
          verticalAlign: 'baseline',
          ...(waiting && { color: 'text.secondary', textDecorationColor: 'currentColor', cursor: 'default' }),
        }}
      >
        {label}
      </Link>{' '}
      <CountdownText
        left={left}
        text={(seconds) => t('countdown.newCode', { wait: waitText(seconds) })}
        doneText={t('countdown.newCodeReady')}
      />
    </Typography>
  );
}
