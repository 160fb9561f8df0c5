import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { Panel } from '../../../components/panel';

/** One titled part of the participant form: a panel whose fields stand on a grid. */
export function FormSection({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Panel title={title} icon={icon}>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Panel>
  );
}
