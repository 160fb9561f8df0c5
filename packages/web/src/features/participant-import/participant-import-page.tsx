import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ImportCheckReply, ImportStatusReply } from '@portail/contract/schemas/participant-import';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageTitle } from '../../components/page-title';
import { isRunning, useImportStatus } from './api/get-import-status';
import { PreviewStep } from './components/preview-step';
import { ImportNotFound, RunView } from './components/run-view';
import { UploadStep } from './components/upload-step';

/** The import's id in the address once it runs: a reload, or the address kept, finds its progress and report. */
const IMPORT_PARAM = 'import';
const STEPS = ['upload', 'check', 'run', 'report'] as const;
const uuid = z.string().uuid();

/**
 * Importing participants from a spreadsheet (issue 22): the file and the templates, the check of each
 * row, the import's progress, its report. The check lives in the page (the server keeps it an hour);
 * the import, once started, in the address.
 */
export function ParticipantImportPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(IMPORT_PARAM);
  const runId = param !== null && uuid.safeParse(param).success ? param : null;
  const [check, setCheck] = useState<ImportCheckReply | null>(null);
  const [started, setStarted] = useState<ImportStatusReply | undefined>(undefined);
  // The page opens with its title focused; a step the user moves to gets the focus on its heading.
  const moved = useRef(false);
  const status = useImportStatus(runId, started?.id === runId ? started : undefined);

  const go = (next: () => void) => {
    moved.current = true;
    next();
  };
  const toUpload = () =>
    go(() => {
      setCheck(null);
      setStarted(undefined);
      if (param !== null) setSearchParams({}, { replace: false });
    });
  const onStarted = (first: ImportStatusReply | null) =>
    go(() => {
      if (!check) return;
      setStarted(first ?? undefined);
      setSearchParams({ [IMPORT_PARAM]: check.id });
    });

  const step =
    param !== null ? (status.data && !isRunning(status.data) ? 'report' : 'run') : check ? 'check' : 'upload';
  const active = STEPS.indexOf(step);

  return (
    <>
      <PageTitle>{t('routes.participantImport')}</PageTitle>
      <Typography sx={{ mb: 2, maxWidth: '75ch' }}>{t('participantImport.intro')}</Typography>
      {/* The steps are told by each step's heading ("2. Check the rows"); the stepper only draws them. */}
      <Stepper
        activeStep={active}
        alternativeLabel
        aria-hidden
        sx={{ mb: 3, '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}
      >
        {STEPS.map((name) => (
          <Step key={name} completed={STEPS.indexOf(name) < active || step === 'report'}>
            <StepLabel>{t(`participantImport.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {param !== null ? (
        runId ? (
          <RunView id={runId} initial={started} onAnother={toUpload} focus={moved.current} />
        ) : (
          <ImportNotFound onAnother={toUpload} />
        )
      ) : check ? (
        <PreviewStep check={check} onUpload={toUpload} onStarted={onStarted} focus={moved.current} />
      ) : (
        <UploadStep onChecked={(reply) => go(() => setCheck(reply))} focus={moved.current} />
      )}
    </>
  );
}
