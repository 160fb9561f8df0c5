import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ContentActionsProps {
  /** The name read with the buttons' labels ("Voir « … »"). */
  name: string;
  onView: () => void;
  onDownload: () => Promise<void>;
}

/** View and download buttons of a document, an attachment or a sheet. */
export function ContentActions({ name, onView, onDownload }: ContentActionsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await onDownload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={t('documents.actions.view')}>
        <IconButton size="small" onClick={onView} aria-label={t('documents.actions.viewNamed', { name })}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('documents.actions.download')}>
        <span>
          <IconButton
            size="small"
            onClick={() => void download()}
            disabled={busy}
            aria-label={t('documents.actions.downloadNamed', { name })}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
