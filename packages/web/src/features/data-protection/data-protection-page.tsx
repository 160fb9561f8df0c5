import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { useDocumentsCiem } from './api/get-documents-ciem';
import { DocumentPanel } from './components/document-panel';
import { DocumentsTree } from './components/documents-tree';
import { documentsInOrder, itemId } from './document-tree';

/**
 * The data-protection documents (docs/data-protection-and-legal.md#data-protection-documents "Data-protection documents page", docs/data-protection-and-legal.md#data-protection-documents): the tree of folders
 * and documents beside a PDF viewer. The first document is shown on arrival; choosing another shows
 * it; with none to show, a prompt to choose one.
 */
export function DataProtectionPage() {
  const { t } = useTranslation();
  const { data, isFetching, isError, refetch } = useDocumentsCiem();
  const [chosen, setChosen] = useState<string | null>(null);

  const documents = documentsInOrder(data ?? []);
  const shown = documents.find((document) => itemId(document) === chosen) ?? documents[0] ?? null;

  return (
    <>
      <PageTitle>{t('routes.dataProtection')}</PageTitle>
      {isFetching && <LinearProgress aria-label={t('layout.loading')} sx={{ mb: 2 }} />}
      {isError && !data && (
        <RetryAlert onRetry={() => void refetch()}>{t('documentciem.telechargement.error')}</RetryAlert>
      )}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Paper variant="outlined" sx={{ p: 1 }}>
            {data.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 1 }}>
                {t('dataProtection.empty')}
              </Typography>
            ) : (
              <DocumentsTree tree={data} selected={shown ? itemId(shown) : null} onSelect={setChosen} />
            )}
          </Paper>
          <DocumentPanel document={shown} />
        </Box>
      )}
    </>
  );
}
