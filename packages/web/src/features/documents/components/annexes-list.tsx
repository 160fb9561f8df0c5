import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DocumentAttachment, DocumentRow } from '@portail/contract/schemas/documents';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate } from '../../../lib/dates';
import type { ContentSource } from '../../../lib/document-content';
import { ContentActions } from './content-actions';

export interface AnnexesListProps {
  document: DocumentRow;
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  onView: (source: ContentSource, title: string) => void;
  onDownload: (source: ContentSource) => Promise<void>;
  /** A phone's list (one line each) rather than a table. */
  compact?: boolean;
}

interface Annex {
  attachment: DocumentAttachment;
  /** EXTRACIEM attachments can be sent; LS ones only viewed and downloaded (docs/documents-and-sheets.md#attachments). */
  selectable: boolean;
}

/** The attachments of a document, under its row. */
export function AnnexesList({
  document,
  selected,
  onToggle,
  onView,
  onDownload,
  compact = false,
}: AnnexesListProps) {
  const { t } = useTranslation();
  const annexes: Annex[] = [
    ...document.documentJointExtraciem.map((attachment) => ({ attachment, selectable: true })),
    ...document.documentJointLSExtraciem.map((attachment) => ({ attachment, selectable: false })),
  ];
  if (annexes.length === 0) return <Typography sx={{ py: 1 }}>{t('documents.annexes.none')}</Typography>;
  const checkbox = (attachment: DocumentAttachment) => (
    <Checkbox
      checked={selected.has(attachment.id)}
      onChange={(event) => onToggle(attachment.id, event.target.checked)}
      slotProps={{
        input: { 'aria-label': t('documents.select', { name: attachment.nomDocument }) },
      }}
    />
  );
  if (compact)
    return (
      <Stack
        component="ul"
        aria-label={t('documents.annexes.table', { name: document.nomDocument })}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {annexes.map(({ attachment, selectable }) => {
          const source: ContentSource = { kind: 'attachment', id: attachment.id };
          return (
            <Stack
              component="li"
              direction="row"
              key={`${selectable ? 'x' : 'ls'}-${attachment.id}`}
              sx={{ alignItems: 'center', borderTop: 1, borderColor: 'divider' }}
            >
              {/* LS attachments can be viewed, not sent: the same room, no box. */}
              {selectable ? checkbox(attachment) : <Box sx={{ width: 42, flexShrink: 0 }} />}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {formatDate(attachment.dateCreation)}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {attachment.nomDocument}
                </Typography>
              </Box>
              <ContentActions
                name={attachment.nomDocument}
                onView={() => onView(source, attachment.nomDocument)}
                onDownload={() => onDownload(source)}
              />
            </Stack>
          );
        })}
      </Stack>
    );
  return (
    <Table size="small" aria-label={t('documents.annexes.table', { name: document.nomDocument })}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Typography component="span" sx={visuallyHidden}>
              {t('documents.columns.select')}
            </Typography>
          </TableCell>
          <TableCell>{t('documents.columns.date')}</TableCell>
          <TableCell>{t('documents.columns.name')}</TableCell>
          <TableCell>{t('documents.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {annexes.map(({ attachment, selectable }) => {
          const source: ContentSource = { kind: 'attachment', id: attachment.id };
          return (
            <TableRow key={`${selectable ? 'x' : 'ls'}-${attachment.id}`}>
              <TableCell padding="checkbox">{selectable ? checkbox(attachment) : null}</TableCell>
              <TableCell>{formatDate(attachment.dateCreation)}</TableCell>
              <TableCell>{attachment.nomDocument}</TableCell>
              <TableCell>
                <ContentActions
                  name={attachment.nomDocument}
                  onView={() => onView(source, attachment.nomDocument)}
                  onDownload={() => onDownload(source)}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
