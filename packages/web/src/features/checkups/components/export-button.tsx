import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';

export interface ExportButtonProps {
  /**
   * Produces and downloads the workbook; a failure has been reported by the API client. False: nothing
   * was asked (invalid filters, shown on their fields).
   */
  onExport: () => Promise<boolean>;
  disabled?: boolean;
}

/**
 * "Exporter en Excel" (docs/checkups.md#list, docs/checkups.md#history): disabled with a spinner while the server builds the file, the
 * progress told to screen readers in a status region.
 */
export function ExportButton({ onExport, disabled }: ExportButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const busy = state === 'busy';

  const run = async () => {
    setState('busy');
    try {
      setState((await onExport()) ? 'done' : 'idle');
    } catch {
      setState('idle');
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <Button
        variant="outlined"
        onClick={() => void run()}
        disabled={busy || disabled}
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <FileDownloadIcon />}
      >
        {t('checkups.export.button')}
      </Button>
      <Box component="span" role="status" sx={visuallyHidden}>
        {busy ? t('checkups.export.inProgress') : state === 'done' ? t('checkups.export.done') : ''}
      </Box>
    </Box>
  );
}
