import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

/** Where the user is in a recovery: the labels of its steps, the current one marked for assistive technology. */
export function RecoverySteps({ labels, active }: { labels: readonly string[]; active: number }) {
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
      {labels.map((label, index) => (
        <Step key={label} completed={index < active}>
          <StepLabel slotProps={{ label: { 'aria-current': index === active ? 'step' : undefined } }}>
            {label}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
