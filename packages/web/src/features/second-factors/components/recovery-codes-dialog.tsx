import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { currentUser, useSession } from '../../../lib/session';

/** While the codes are shown, printing prints them alone (the page behind and the buttons stay out). */
const PRINT_CODES_ONLY = {
  '@media print': {
    '#root': { display: 'none' },
    '.recovery-codes-actions, .MuiBackdrop-root': { display: 'none' },
    '.recovery-codes-dialog .MuiDialog-paper': { boxShadow: 'none', margin: 0, maxHeight: 'none' },
  },
} as const;

export interface RecoveryCodesDialogProps {
  /** The ten codes, or null when the dialog is closed. */
  codes: string[] | null;
  onClose: () => void;
}

/**
 * The ten recovery codes, shown once (docs/second-factors.md#recovery-codes): a list to copy, download
 * as a text file or print, and a checkbox "I have kept my codes" before the dialog closes (neither
 * Escape nor a click outside closes it before).
 */
export function RecoveryCodesDialog({ codes, onClose }: RecoveryCodesDialogProps) {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const [kept, setKept] = useState(false);
  const titleId = useId();
  const introId = useId();
  const list = codes ?? [];

  const text = () =>
    [
      t('secondFactor.app.fileHeader', {
        product: t('product.name'),
        login: user?.username ?? '',
        date: formatDate(new Date()),
      }),
      '',
      ...list,
      '',
    ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(list.join('\n'));
      notify('secondFactor.app.copied', 'success');
    } catch {
      notify('secondFactor.app.copyFailed', 'warning');
    }
  };

  const close = () => {
    setKept(false);
    onClose();
  };

  return (
    <Dialog
      open={codes !== null}
      onClose={() => {
        if (kept) close();
      }}
      fullWidth
      maxWidth="sm"
      className="recovery-codes-dialog"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      {codes !== null && <GlobalStyles styles={PRINT_CODES_ONLY} />}
      <DialogTitle id={titleId}>{t('secondFactor.app.codesTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {t('secondFactor.app.codesIntro')}
        </DialogContentText>
        <Box
          component="ul"
          aria-label={t('secondFactor.app.codesList')}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 1,
            p: 2,
            m: 0,
            listStyle: 'none',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontFamily: 'monospace',
            fontSize: '1.125rem',
          }}
        >
          {list.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Stack
          className="recovery-codes-actions"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 2 }}
        >
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() =>
              saveFile(
                new Blob([text()], { type: 'text/plain;charset=utf-8' }),
                t('secondFactor.app.fileName'),
              )
            }
          >
            {t('secondFactor.app.download')}
          </Button>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {t('secondFactor.app.copy')}
          </Button>
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('secondFactor.app.print')}
          </Button>
        </Stack>
        <FormControlLabel
          className="recovery-codes-actions"
          sx={{ mt: 2 }}
          control={<Checkbox checked={kept} onChange={(event) => setKept(event.target.checked)} />}
          label={t('secondFactor.app.kept')}
        />
      </DialogContent>
      <DialogActions className="recovery-codes-actions">
        <Button variant="contained" disabled={!kept} onClick={close}>
          {t('secondFactor.app.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
