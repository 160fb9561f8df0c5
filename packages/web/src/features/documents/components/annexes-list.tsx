import Checkbox from '@mui/material/Checkbox';
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
}

interface Annex {
  attachment: DocumentAttachment;
  /** EXTRACIEM attachments can be sent; LS ones only viewed and downloaded (000 §2.12). */
  selectable: boolean;
}

/** The attachments of a document, under its row. */
export function AnnexesList({ document, selected, onToggle, onView, onDownload }: AnnexesListProps) {
  const { t } = useTranslation();
  const annexes: Annex[] = [
    ...document.documentJointExtraciem.map((attachment) => ({ attachment, selectable: true })),
    ...document.documentJointLSExtraciem.map((attachment) => ({ attachment, selectable: false })),
  ];
  if (annexes.length === 0) return <Typography sx={{ py: 1 }}>{t('documents.annexes.none')}</Typography>;
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
              <TableCell padding="checkbox">
                {selectable ? (
                  <Checkbox
                    checked={selected.has(attachment.id)}
                    onChange={(event) => onToggle(attachment.id, event.target.checked)}
                    slotProps={{
                      input: { 'aria-label': t('documents.select', { name: attachment.nomDocument }) },
                    }}
                  />
                ) : null}
              </TableCell>
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
