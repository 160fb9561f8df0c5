import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import { type ReactNode, useId } from 'react';

/** One titled part of the participant form: a region named by its heading. */
export function FormSection({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined">
      <CardHeader
        avatar={icon}
        title={title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Grid container spacing={2}>
          {children}
        </Grid>
      </CardContent>
    </Card>
  );
}
