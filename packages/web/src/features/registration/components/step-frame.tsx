import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { Message } from '@portail/contract/schemas/common';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagesAlerts } from '../../../components/messages-alerts';

export interface StepFrameProps {
  /** The titles of every step, in order. */
  titles: readonly string[];
  active: number;
  /** Submitting the step (the Next or Activate button, or Enter in a field). */
  onNext: () => void;
  /** Absent on the first step. */
  onBack?: (() => void) | undefined;
  nextLabel: string;
  nextDisabled?: boolean;
  busy?: boolean;
  messages: readonly Message[];
  children: ReactNode;
}

/**
 * One step of the registration: where the user is (a stepper and a heading naming the step), the
 * step's content and messages, Back and Next. The heading takes the focus when the step changes, so
 * that keyboard and screen-reader users start reading the new step.
 */
export function StepFrame({
  titles,
  active,
  onNext,
  onBack,
  nextLabel,
  nextDisabled = false,
  busy = false,
  messages,
  children,
}: StepFrameProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(active);

  useEffect(() => {
    if (shown.current === active) return;
    shown.current = active;
    heading.current?.focus();
  }, [active]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !nextDisabled) onNext();
  };

  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('registration.title')}
      </Typography>
      <Stepper
        activeStep={active}
        alternativeLabel
        sx={{
          my: 3,
          // Six titles do not fit a phone's width: there the heading alone names the step.
          '& .MuiStepLabel-labelContainer': { display: { xs: 'none', sm: 'block' } },
        }}
      >
        {titles.map((title, index) => (
          <Step key={title} completed={index < active}>
            <StepLabel slotProps={{ label: { 'aria-current': index === active ? 'step' : undefined } }}>
              {title}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="registration-step-title">
        <Typography
          id="registration-step-title"
          ref={heading}
          component="h2"
          variant="h6"
          tabIndex={-1}
          sx={{ mb: 2, '&:focus': { outline: 'none' } }}
        >
          {t('registration.stepOf', { current: active + 1, total: titles.length, title: titles[active] })}
        </Typography>
        {children}
        <MessagesAlerts messages={messages} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
          {onBack ? (
            <Button onClick={onBack} disabled={busy}>
              {t('registration.actions.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" variant="contained" disabled={busy || nextDisabled}>
            {nextLabel}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
