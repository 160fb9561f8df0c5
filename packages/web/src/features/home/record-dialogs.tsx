import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTranslation } from 'react-i18next';

interface ConsequencesProps {
  /** `home.record.acceptDialog` or `home.record.withdrawDialog`. */
  prefix: string;
  points: readonly string[];
  confirmKey: string;
  confirmColour: 'primary' | 'error';
  open: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation that lists what the choice means before it is made (accept or cancel). */
function ConsequencesDialog({
  prefix,
  points,
  confirmKey,
  confirmColour,
  open,
  pending,
  onConfirm,
  onClose,
}: ConsequencesProps) {
  const { t } = useTranslation();
  const id = prefix.replaceAll('.', '-');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{t(`${prefix}.title`)}</DialogTitle>
      <DialogContent id={`${id}-text`}>
        <DialogContentText>{t(`${prefix}.intro`)}</DialogContentText>
        <List sx={{ listStyleType: 'disc', pl: 3 }}>
          {points.map((point) => (
            <ListItem key={point} sx={{ display: 'list-item', px: 0, py: 0.5 }}>
              {t(`${prefix}.${point}`)}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t(`${prefix}.cancel`)}</Button>
        <Button variant="contained" color={confirmColour} disabled={pending} onClick={onConfirm}>
          {t(`${prefix}.${confirmKey}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type ChoiceDialogProps = Pick<ConsequencesProps, 'open' | 'pending' | 'onConfirm' | 'onClose'>;

/** Before `POST re-activate-dmc`: what accepting the online medical record means. */
export function AcceptRecordDialog(props: ChoiceDialogProps) {
  return (
    <ConsequencesDialog
      {...props}
      prefix="home.record.acceptDialog"
      points={['documents', 'send', 'account', 'withdraw']}
      confirmKey="accept"
      confirmColour="primary"
    />
  );
}

/** Before `POST withdraw-dmc`: what withdrawing the acceptance means, and that it can be undone. */
export function WithdrawRecordDialog(props: ChoiceDialogProps) {
  return (
    <ConsequencesDialog
      {...props}
      prefix="home.record.withdrawDialog"
      points={['documents', 'sessions', 'kept', 'again']}
      confirmKey="confirm"
      confirmColour="error"
    />
  );
}
