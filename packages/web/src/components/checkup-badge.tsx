import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/**
 * The letter B of a check-up in progress (docs/participants.md#list, docs/transfers.md#list), with a tooltip and named for screen
 * readers; `label` says it in the words of the list it stands in.
 */
export function CheckupBadge({ label }: { label: string }) {
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 24,
          height: 24,
          borderRadius: '50%',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontWeight: 700,
          fontSize: 14,
        }}
      >
        B
      </Box>
    </Tooltip>
  );
}
