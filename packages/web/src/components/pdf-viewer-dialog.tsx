import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/use-phone';

// pdf.js (and its worker) load with the first PDF shown, never with the page that lists documents.
const PdfView = lazy(() => import('./pdf-view'));

/** What the viewer shows: a title, and how to fetch (and download) the content. */
export interface ViewerTarget {
  title: string;
  load: (signal: AbortSignal) => Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }>;
  onDownload?: () => Promise<void>;
}

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; bytes: Uint8Array<ArrayBuffer>; contentType: string };

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function ImageView({
  bytes,
  contentType,
  alt,
}: {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  alt: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(new Blob([bytes], { type: contentType }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [bytes, contentType]);
  if (!url) return null;
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Box component="img" src={url} alt={alt} sx={{ maxWidth: '100%', height: 'auto' }} />
    </Box>
  );
}

/**
 * The document viewer (docs/documents-and-sheets.md#viewer, docs/documents-and-sheets.md#document-lists, docs/documents-and-sheets.md#sheets): a PDF drawn with pdf.js, an image as an image; a
 * download button; loading and error states. Shared by the document lists, the home page and the
 * advice sheets.
 */
export function PdfViewerDialog({ target, onClose }: { target: ViewerTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [downloading, setDownloading] = useState(false);
  // A phone gives the document the whole screen.
  const phone = usePhone();

  useEffect(() => {
    if (!target) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    target.load(controller.signal).then(
      (content) => {
        if (!controller.signal.aborted) setState({ status: 'ready', ...content });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [target]);

  const download = async () => {
    if (!target?.onDownload) return;
    setDownloading(true);
    try {
      await target.onDownload();
    } finally {
      setDownloading(false);
    }
  };

  const title = target?.title ?? '';
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="lg"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { height: { md: '90vh' } } } }}
    >
      <DialogTitle
        id={titleId}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, ...(phone ? { pl: 2, py: 1 } : {}) }}
      >
        <Box
          component="span"
          sx={{
            flex: 1,
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            ...(phone ? { whiteSpace: 'nowrap', fontSize: '1rem' } : {}),
          }}
        >
          {title}
        </Box>
        {target?.onDownload && (
          <Tooltip title={t('pdfViewer.download')}>
            <span>
              <IconButton
                onClick={() => void download()}
                disabled={downloading}
                aria-label={t('pdfViewer.downloadNamed', { name: title })}
              >
                <DownloadIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Tooltip title={t('pdfViewer.close')}>
          <IconButton onClick={onClose} aria-label={t('pdfViewer.close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', ...(phone ? { p: 0 } : {}) }}>
        {state.status === 'loading' && <Loading label={t('pdfViewer.loading')} />}
        {state.status === 'error' && <Alert severity="error">{t('pdfViewer.error')}</Alert>}
        {state.status === 'ready' &&
          (state.contentType.startsWith('image/') ? (
            <ImageView bytes={state.bytes} contentType={state.contentType} alt={title} />
          ) : (
            <Suspense fallback={<Loading label={t('pdfViewer.loading')} />}>
              <PdfView bytes={state.bytes} title={title} />
            </Suspense>
          ))}
      </DialogContent>
    </Dialog>
  );
}
