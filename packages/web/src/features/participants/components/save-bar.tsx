import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';

export interface SaveBarProps {
  mode: 'create' | 'update';
  saving: boolean;
  dirty: boolean;
  onCancel: () => void;
}

/** Save and undo, kept in view at the bottom of a long form. */
export function SaveBar({ mode, saving, dirty, onCancel }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        p: 1.5,
        display: 'flex',
        justifyContent: 'flex-end',
        gap: 1,
        flexWrap: 'wrap',
      }}
    >
      <Button onClick={onCancel} disabled={!dirty || saving}>
        {t('participant.undo')}
      </Button>
      <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={saving}>
        {mode === 'create' ? t('participant.createSubmit') : t('participant.save')}
      </Button>
    </Paper>
  );
}
