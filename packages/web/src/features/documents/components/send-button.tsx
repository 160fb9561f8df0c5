import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** Opens the send dialog; disabled while nothing is selected (docs/documents-and-sheets.md#document-lists). */
export function SendButton({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="contained" startIcon={<SendIcon />} disabled={count === 0} onClick={onClick}>
      {t('documents.send', { count })}
    </Button>
  );
}
