import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
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
 * "Exporter en Excel" (docs/checkups.md#list, docs/checkups.md#history): busy with a spinner while the server builds the file (it keeps the focus and ignores presses), the
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
      <BusyButton
        variant="outlined"
        busy={busy}
        onClick={() => void run()}
        disabled={disabled}
        startIcon={<FileDownloadIcon />}
      >
        {t('checkups.export.button')}
      </BusyButton>
      <Box component="span" role="status" sx={visuallyHidden}>
        {busy ? t('checkups.export.inProgress') : state === 'done' ? t('checkups.export.done') : ''}
      </Box>
    </Box>
  );
}
