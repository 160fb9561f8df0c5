import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fileNameFor, saveFile } from '../../../lib/save-file';
import { documentBytes, nodeLabel, type ShownDocument } from '../document-tree';

// pdf.js (and its worker) load with the first PDF shown, as in the document lists' viewer.
const PdfView = lazy(() => import('../../../components/pdf-view'));

const PDF = 'application/pdf';

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** The shown document: its name, a download button and the PDF viewer; a prompt when none is chosen. */
export function DocumentPanel({ document }: { document: ShownDocument | null }) {
  const { t, i18n } = useTranslation();
  if (!document)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('dataProtection.choose')}
      </Typography>
    );
  const title = nodeLabel(document, i18n.language);
  const bytes = documentBytes(document);
  return (
    <Stack spacing={1} sx={{ height: { xs: '75vh', md: 'calc(100vh - 260px)' }, minHeight: 420 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          aria-label={t('pdfViewer.downloadNamed', { name: title })}
          onClick={() => saveFile(new Blob([bytes], { type: PDF }), fileNameFor(title, PDF))}
          sx={{ flexShrink: 0 }}
        >
          {t('pdfViewer.download')}
        </Button>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <Suspense fallback={<Loading label={t('pdfViewer.loading')} />}>
          {/* A new document starts on its first page at the default zoom. */}
          <PdfView key={document.id} bytes={bytes} title={title} />
        </Suspense>
      </Box>
    </Stack>
  );
}
