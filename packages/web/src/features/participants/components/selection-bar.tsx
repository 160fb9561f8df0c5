import BlockIcon from '@mui/icons-material/Block';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SELECTION_MAX } from '@portail/contract/schemas/participants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { visuallyHidden } from '../../../components/visually-hidden';

export interface SelectionBarProps {
  /** How many participants are selected. */
  count: number;
  /** How many match the filter. */
  total: number;
  /** Every participant of the filter is selected (not only ticked rows). */
  allMatching: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  /** Downloads the selection's workbook; a failure has been told by the API client. */
  onExport: () => Promise<void>;
  onTerminate: () => void;
}

/**
 * Above the list while participants are selected (issue 22, docs/participants.md#bulk-actions): how
 * many, the offer to select every participant of the filter (or to clear the selection), and the
 * actions on them. The count is told to screen readers as it changes.
 */
export function SelectionBar({
  count,
  total,
  allMatching,
  onSelectAll,
  onClear,
  onExport,
  onTerminate,
}: SelectionBarProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const tooMany = count > SELECTION_MAX;
  // Every participant of the filter selected: "clear" takes the offer's place, and is not repeated.
  const everyone = allMatching || count >= total;
  const selected = allMatching
    ? t('participants.selection.allSelected', { count: total })
    : t('participants.selection.selected', { count });

  const runExport = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch {
      // Told by the API client's toast.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Alert
      severity="info"
      icon={false}
      sx={{ mb: 1, '& .MuiAlert-message': { width: '100%' } }}
      aria-label={t('participants.selection.label')}
      role="region"
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Box component="span" role="status">
            {selected}
          </Box>{' '}
          {everyone ? (
            <Button size="small" onClick={onClear}>
              {t('participants.selection.clear')}
            </Button>
          ) : (
            <Button size="small" onClick={onSelectAll}>
              {t('participants.selection.selectAll', { count: total })}
            </Button>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <BusyButton
            variant="outlined"
            size="small"
            onClick={() => void runExport()}
            busy={exporting}
            startIcon={<FileDownloadIcon />}
          >
            {t('participants.selection.export')}
          </BusyButton>
          <Button
            variant="contained"
            size="small"
            color="error"
            onClick={onTerminate}
            disabled={tooMany}
            startIcon={<BlockIcon />}
          >
            {t('participants.selection.terminate')}
          </Button>
          {!everyone && (
            <Button size="small" onClick={onClear}>
              {t('participants.selection.clear')}
            </Button>
          )}
        </Stack>
      </Stack>
      {tooMany && (
        <Box sx={{ mt: 1 }}>
          {t('participants.selection.tooMany', { max: SELECTION_MAX.toLocaleString() })}
        </Box>
      )}
      <Box component="span" role="status" sx={visuallyHidden}>
        {exporting ? t('participants.selection.exporting') : ''}
      </Box>
    </Alert>
  );
}
