import DescriptionIcon from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { SCREENS } from '@portail/contract/routes';
import type { DocumentRow } from '@portail/contract/schemas/documents';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PdfViewerDialog } from '../../../components/pdf-viewer-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { usePhone } from '../../../lib/use-phone';
import { useDocumentActions } from '../use-document-actions';
import { DocumentsTable } from './documents-table';
import { SendButton } from './send-button';
import { SendDialog } from './send-dialog';

export interface NewDocumentsCardProps {
  /** The home detail's new documents; undefined while it loads. */
  documents: readonly DocumentRow[] | undefined;
  /** The participant refused the medical record: no link to the results (docs/home.md#new-documents). */
  refused: boolean;
  failed: boolean;
  /** Asks for the home detail again after a failure. */
  onRetry: () => void;
}

/**
 * The home page's new documents (docs/home.md#new-documents): attachments under each row, select-all, view, download,
 * the send dialog, and a link to the analysis results.
 */
export function NewDocumentsCard({ documents, refused, failed, onRetry }: NewDocumentsCardProps) {
  const { t } = useTranslation();
  const actions = useDocumentActions();
  const { selection } = actions;
  const send = <SendButton count={selection.count} onClick={actions.openSend} />;
  // A phone keeps the title on one line: the Send button goes above the list.
  const phone = usePhone();
  return (
    <Card component="section" aria-labelledby="new-documents-title">
      <CardHeader
        avatar={<DescriptionIcon color="primary" />}
        title={t('documents.home.title')}
        slotProps={{ title: { id: 'new-documents-title', component: 'h2', variant: 'h6' } }}
        // Nothing listed, nothing to send: a failed load offers its Retry only.
        action={phone || failed ? undefined : <Box sx={{ pt: 1, pr: 1 }}>{send}</Box>}
      />
      <CardContent sx={{ pt: 0 }}>
        {phone && !failed && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{send}</Box>}
        {failed && <RetryAlert onRetry={onRetry}>{t('documents.home.loadError')}</RetryAlert>}
        {!failed && documents === undefined && (
          <Skeleton variant="rounded" height={120} aria-label={t('layout.loading')} />
        )}
        {!failed && documents !== undefined && (
          <DocumentsTable
            label={t('documents.home.table')}
            rows={documents}
            annexes
            selection={selection}
            onView={actions.onView}
            onDownload={actions.onDownload}
            emptyLabel={t('documents.home.empty')}
          />
        )}
        {!refused && (
          <Stack direction="row" sx={{ mt: 2 }}>
            <Link component={RouterLink} to={SCREENS.documentsResultatsAnalyses.path}>
              {t('documents.home.results')}
            </Link>
          </Stack>
        )}
      </CardContent>
      <PdfViewerDialog target={actions.viewer} onClose={actions.closeViewer} />
      <SendDialog
        open={actions.sendOpen}
        selection={selection.selection}
        onClose={actions.closeSend}
        onSent={actions.sent}
      />
    </Card>
  );
}
