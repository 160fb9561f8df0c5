import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { type ReactNode, useId } from 'react';
import { type Detail, DetailsList } from '../../../components/details-list';

/**
 * One block of the detail (docs/correspondants.md#detail): a region named by its heading, its read-only facts as a
 * description list (a dash when empty), or what `children` puts in their place (the contact form).
 */
export function DetailsCard({
  title,
  entries,
  action,
  children,
}: {
  title: string;
  entries: readonly Detail[];
  action?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        sx={{ pb: 0, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent>{children ?? <DetailsList entries={entries} />}</CardContent>
    </Card>
  );
}
