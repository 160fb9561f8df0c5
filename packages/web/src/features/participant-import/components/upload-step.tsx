import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LANGUAGES, type Language } from '@portail/contract/constants';
import { IMPORT_ERRORS, IMPORT_LIMITS } from '@portail/contract/rules/participant-import';
import type { ImportCheckReply, ImportMessageReply } from '@portail/contract/schemas/participant-import';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useLanguage } from '../../../lib/localised';
import { checkImport } from '../api/check-import';
import { downloadTemplate } from '../api/download-import-files';
import { formatCount, formatSize, useImportMessage } from './import-texts';
import { StepHeading } from './step-heading';

const MAX_MB = IMPORT_LIMITS.maxBytes / (1024 * 1024);
const ACCEPT = [
  '.xlsx',
  '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
].join(',');

/** What the browser can say about a file before sending it: too large or empty (the server says the rest). */
function refusalBeforeUpload(file: File): ImportMessageReply | null {
  if (file.size > IMPORT_LIMITS.maxBytes) return { key: IMPORT_ERRORS.tooLarge, params: { maxMb: MAX_MB } };
  if (file.size === 0) return { key: IMPORT_ERRORS.empty, params: {} };
  return null;
}

export interface UploadStepProps {
  onChecked: (check: ImportCheckReply) => void;
  /** The user came to this step from another one: its heading takes the focus. */
  focus: boolean;
}

/**
 * Step 1: the format in short, the templates, the file (chosen with a button or dropped on its zone)
 * and its check. A file refused as a whole says why in an alert; nothing else changes.
 */
export function UploadStep({ onChecked, focus }: UploadStepProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const translate = useImportMessage();
  const input = useRef<HTMLInputElement>(null);
  const zoneId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<ImportMessageReply | null>(null);
  const [checking, setChecking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [template, setTemplate] = useState<{ language: Language; state: 'busy' | 'done' } | null>(null);
  // The interface language's template first.
  const templateLanguages = [language, ...LANGUAGES.filter((other) => other !== language)];

  const choose = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setRefusal({ key: 'participantImport.upload.oneFile', params: {} });
      return;
    }
    const chosen = files[0] ?? null;
    setFile(chosen);
    setRefusal(chosen ? refusalBeforeUpload(chosen) : null);
  };

  const check = async () => {
    if (!file || checking) return;
    const early = refusalBeforeUpload(file);
    if (early) {
      setRefusal(early);
      return;
    }
    setChecking(true);
    setRefusal(null);
    try {
      const outcome = await checkImport(file, language);
      if (outcome.kind === 'checked') onChecked(outcome.check);
      else if (outcome.kind === 'refused') setRefusal(outcome.message);
    } finally {
      setChecking(false);
    }
  };

  const getTemplate = async (wanted: Language) => {
    setTemplate({ language: wanted, state: 'busy' });
    try {
      await downloadTemplate(wanted);
      setTemplate({ language: wanted, state: 'done' });
    } catch {
      // Told by the API client's toast.
      setTemplate(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!checking) choose(event.dataTransfer.files);
  };

  return (
    <Box component="section" aria-labelledby={`${zoneId}-title`}>
      <StepHeading id={`${zoneId}-title`} focus={focus}>
        {t('participantImport.upload.title')}
      </StepHeading>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('participantImport.upload.formatLabel')}
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
        <li>
          {t('participantImport.upload.format1', {
            maxMb: MAX_MB,
            maxRows: formatCount(IMPORT_LIMITS.maxRows, language),
          })}
        </li>
        <li>{t('participantImport.upload.format2')}</li>
        <li>{t('participantImport.upload.format3')}</li>
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('participantImport.upload.template')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, mb: 3 }}>
        {templateLanguages.map((wanted) => {
          const busy = template?.language === wanted && template.state === 'busy';
          return (
            <BusyButton
              key={wanted}
              variant="outlined"
              onClick={() => void getTemplate(wanted)}
              busy={busy}
              startIcon={<FileDownloadIcon />}
            >
              {t('participantImport.upload.templateIn', {
                language: t(`participantImport.languages.${wanted}`),
              })}
            </BusyButton>
          );
        })}
      </Stack>
      <Box component="span" role="status" sx={visuallyHidden}>
        {template?.state === 'busy'
          ? t('participantImport.upload.downloading')
          : template?.state === 'done'
            ? t('participantImport.upload.templateDone')
            : ''}
      </Box>

      <Box
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.paper',
          borderRadius: 1,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
        }}
      >
        <UploadFileIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography id={`${zoneId}-zone`} sx={{ mb: 1 }}>
          {t('participantImport.upload.zone')}
        </Typography>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          tabIndex={-1}
          aria-label={t('participantImport.upload.inputLabel')}
          data-testid="import-file-input"
          onChange={(event) => {
            choose(event.target.files);
            // The same file chosen again (corrected and saved under its name) is a change too.
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          disabled={checking}
          aria-describedby={`${zoneId}-accepted ${zoneId}-chosen`}
        >
          {file ? t('participantImport.upload.chooseAgain') : t('participantImport.upload.choose')}
        </Button>
        <Typography id={`${zoneId}-accepted`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('participantImport.upload.accepted', { maxMb: MAX_MB })}
        </Typography>
        <Typography
          id={`${zoneId}-chosen`}
          sx={{ mt: 1, fontWeight: file ? 600 : 400, overflowWrap: 'anywhere' }}
        >
          {file
            ? t('participantImport.upload.chosen', { name: file.name, size: formatSize(file.size, language) })
            : t('participantImport.upload.noFile')}
        </Typography>
      </Box>

      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }}>
          <AlertTitle>{t('participantImport.upload.refused')}</AlertTitle>
          {translate(refusal)}
        </Alert>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <BusyButton variant="contained" onClick={() => void check()} disabled={!file} busy={checking}>
          {checking ? t('participantImport.upload.checking') : t('participantImport.upload.check')}
        </BusyButton>
      </Stack>
      <Box component="span" role="status" sx={visuallyHidden}>
        {checking ? t('participantImport.upload.checking') : ''}
      </Box>
    </Box>
  );
}
