import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openPdf, type PDFDocumentProxy } from './pdf-js';

/** Zoom steps, relative to the page fitting the width of the dialog. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const DEFAULT_ZOOM = ZOOMS.indexOf(1);

export interface PdfViewProps {
  bytes: Uint8Array;
  /** The document's name, for the canvas's text alternative. */
  title: string;
}

/**
 * A PDF drawn page by page on a canvas with pdf.js: previous/next page, "page x of n", zoom in and
 * out. Keyboard: the buttons, and on the page itself arrows/Page Up/Page Down and +/-.
 */
export default function PdfView({ bytes, title }: PdfViewProps) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [rendering, setRendering] = useState(true);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const loading = openPdf(bytes);
    let live = true;
    loading.promise.then(
      (document) => {
        if (live) setPdf(document);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      loading.destroy();
    };
  }, [bytes]);

  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    setRendering(true);
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const natural = page.getViewport({ scale: 1 });
        const width = Math.max(200, (frameRef.current?.clientWidth ?? natural.width) - 16);
        const scale = (width / natural.width) * (ZOOMS[zoom] ?? 1);
        const viewport = page.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        canvas.removeAttribute('data-rendered');
        task = page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        await task.promise;
        if (cancelled) return;
        // Read by the browser tests and the bench: the page is on the canvas.
        canvas.setAttribute('data-rendered', String(pageNumber));
        setRendering(false);
      } catch (error) {
        if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException')
          setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, zoom]);

  const pages = pdf?.numPages ?? 0;
  const previous = () => setPageNumber((n) => Math.max(1, n - 1));
  const next = () => setPageNumber((n) => Math.min(pages, n + 1));
  const zoomOut = () => setZoom((z) => Math.max(0, z - 1));
  const zoomIn = () => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1));

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: previous,
      PageUp: previous,
      ArrowRight: next,
      PageDown: next,
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  if (failed) return <Alert severity="error">{t('pdfViewer.error')}</Alert>;

  return (
    <Stack spacing={1} sx={{ height: '100%' }}>
      <Stack
        direction="row"
        spacing={1}
        role="toolbar"
        aria-label={t('pdfViewer.toolbar')}
        sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}
      >
        <Tooltip title={t('pdfViewer.previous')}>
          <span>
            <IconButton
              onClick={previous}
              disabled={!pdf || pageNumber <= 1}
              aria-label={t('pdfViewer.previous')}
            >
              <NavigateBeforeIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography aria-live="polite" sx={{ minWidth: 110, textAlign: 'center' }}>
          {pdf ? t('pdfViewer.page', { page: pageNumber, pages }) : ''}
        </Typography>
        <Tooltip title={t('pdfViewer.next')}>
          <span>
            <IconButton
              onClick={next}
              disabled={!pdf || pageNumber >= pages}
              aria-label={t('pdfViewer.next')}
            >
              <NavigateNextIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('pdfViewer.zoomOut')}>
          <span>
            <IconButton onClick={zoomOut} disabled={!pdf || zoom === 0} aria-label={t('pdfViewer.zoomOut')}>
              <ZoomOutIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography sx={{ minWidth: 48, textAlign: 'center' }}>
          {`${Math.round((ZOOMS[zoom] ?? 1) * 100)} %`}
        </Typography>
        <Tooltip title={t('pdfViewer.zoomIn')}>
          <span>
            <IconButton
              onClick={zoomIn}
              disabled={!pdf || zoom === ZOOMS.length - 1}
              aria-label={t('pdfViewer.zoomIn')}
            >
              <ZoomInIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box
        ref={frameRef}
        tabIndex={0}
        role="region"
        aria-label={t('pdfViewer.region', { name: title })}
        aria-busy={rendering}
        onKeyDown={onKeyDown}
        sx={{
          position: 'relative',
          flex: 1,
          overflow: 'auto',
          bgcolor: 'grey.200',
          p: 1,
          textAlign: 'center',
          minHeight: 300,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {rendering && (
          <CircularProgress
            aria-label={t('pdfViewer.loading')}
            sx={{ position: 'absolute', top: 24, left: '50%', ml: '-20px' }}
          />
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={pdf ? t('pdfViewer.pageImage', { name: title, page: pageNumber, pages }) : title}
          style={{ boxShadow: '0 1px 4px rgba(0,0,0,.3)', background: '#fff', maxWidth: 'none' }}
        />
      </Box>
    </Stack>
  );
}
