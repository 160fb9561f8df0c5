import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { type ReactNode, useId } from 'react';

/** One part of the assistance page: a region named by its h2. */
export function AssistanceSection({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
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
      <CardContent>{children}</CardContent>
    </Card>
  );
}
