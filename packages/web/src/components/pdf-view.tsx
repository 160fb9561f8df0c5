import FitScreenIcon from '@mui/icons-material/FitScreen';
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
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/use-phone';
import { openPdf, type PDFDocumentProxy } from './pdf-js';
import { nextZoom, pinchZoom, previousZoom, zoomPercent } from './pdf-zoom';
import { visuallyHidden } from './visually-hidden';

export interface PdfViewProps {
  bytes: Uint8Array;
  /** The document's name, for the canvas's text alternative. */
  title: string;
}

/** Room left around the page inside its frame, in CSS pixels. */
const FRAME_PADDING = 16;

/**
 * A PDF drawn page by page on a canvas with pdf.js: previous/next page, "page x of n", zoom in and
 * out and back to the width of the screen (the default), and two-finger pinch on a touch screen.
 * The zoom's label says "fit to width" or the page's real size in percent. Keyboard: the buttons,
 * and on the page itself arrows/Page Up/Page Down, +/- and 0 (fit to width).
 */
export default function PdfView({ bytes, title }: PdfViewProps) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  // The page's width over the frame's: 1 fits the width.
  const [zoom, setZoom] = useState(1);
  // The scale pdf.js drew with (CSS pixels per PDF point), for the label's percentage.
  const [scale, setScale] = useState<number | null>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const [rendering, setRendering] = useState(true);
  // A pinch under way: the two fingers' first distance and the last one.
  const pinch = useRef<{ pointers: Map<number, { x: number; y: number }>; start: number; ratio: number }>({
    pointers: new Map(),
    start: 0,
    ratio: 1,
  });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const phone = usePhone();

  // The page follows the frame's width (a phone turned, a window resized).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setFrameWidth(frame.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

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
    if (!pdf || frameWidth === 0) return;
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    setRendering(true);
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const natural = page.getViewport({ scale: 1 });
        const width = Math.max(120, frameWidth - FRAME_PADDING);
        const drawnScale = (width / natural.width) * zoom;
        const viewport = page.getViewport({ scale: drawnScale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        canvas.style.transform = '';
        setScale(drawnScale);
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
  }, [pdf, pageNumber, zoom, frameWidth]);

  const pages = pdf?.numPages ?? 0;
  const previous = () => setPageNumber((n) => Math.max(1, n - 1));
  const next = () => setPageNumber((n) => Math.min(pages, n + 1));
  const zoomOut = () => setZoom(previousZoom);
  const zoomIn = () => setZoom(nextZoom);
  const fitWidth = () => setZoom(1);
  const fitted = zoom === 1;
  const percent = scale === null ? null : zoomPercent(scale);

  // Two fingers on the page: the canvas follows them at once (a CSS scale), pdf.js redraws it sharp
  // at the new zoom when they lift. One finger still scrolls (touch-action below).
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    const state = pinch.current;
    state.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (state.pointers.size === 2) {
      const [a, b] = [...state.pointers.values()];
      state.start = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
      state.ratio = 1;
    }
  };
  const onPointerMove = (event: PointerEvent) => {
    const state = pinch.current;
    if (!state.pointers.has(event.pointerId)) return;
    state.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...state.pointers.values()];
    if (state.pointers.size !== 2 || !a || !b || state.start === 0) return;
    state.ratio = Math.hypot(a.x - b.x, a.y - b.y) / state.start;
    const canvas = canvasRef.current;
    if (canvas) {
      canvas.style.transformOrigin = 'top center';
      canvas.style.transform = `scale(${pinchZoom(zoom, state.ratio) / zoom})`;
    }
  };
  const onPointerEnd = (event: PointerEvent) => {
    const state = pinch.current;
    if (!state.pointers.delete(event.pointerId)) return;
    if (state.pointers.size === 1 && state.start > 0) {
      const ratio = state.ratio;
      state.start = 0;
      state.ratio = 1;
      if (canvasRef.current) canvasRef.current.style.transform = '';
      setZoom((current) => pinchZoom(current, ratio));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: previous,
      PageUp: previous,
      ArrowRight: next,
      PageDown: next,
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      '0': fitWidth,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  if (failed) return <Alert severity="error">{t('pdfViewer.error')}</Alert>;

  const pageLabel = pdf ? t('pdfViewer.page', { page: pageNumber, pages }) : '';
  const zoomLabel = fitted ? t('pdfViewer.fitWidth') : percent === null ? '' : `${percent} %`;
  return (
    <Stack spacing={1} sx={{ height: '100%', minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={phone ? 0 : 1}
        role="toolbar"
        aria-label={t('pdfViewer.toolbar')}
        sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'nowrap', minWidth: 0 }}
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
        <Typography
          aria-live="polite"
          sx={{ minWidth: phone ? 44 : 110, textAlign: 'center', whiteSpace: 'nowrap' }}
        >
          {phone && pdf ? (
            <>
              <span aria-hidden>{`${pageNumber} / ${pages}`}</span>
              <Box component="span" sx={visuallyHidden}>
                {pageLabel}
              </Box>
            </>
          ) : (
            pageLabel
          )}
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
            <IconButton
              onClick={zoomOut}
              disabled={!pdf || zoom <= previousZoom(zoom)}
              aria-label={t('pdfViewer.zoomOut')}
            >
              <ZoomOutIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography
          data-testid="pdf-zoom"
          aria-live="polite"
          sx={{ minWidth: phone ? 48 : 150, textAlign: 'center', whiteSpace: 'nowrap' }}
        >
          {phone ? (percent === null ? '' : `${percent} %`) : zoomLabel}
        </Typography>
        <Tooltip title={t('pdfViewer.zoomIn')}>
          <span>
            <IconButton
              onClick={zoomIn}
              disabled={!pdf || zoom >= nextZoom(zoom)}
              aria-label={t('pdfViewer.zoomIn')}
            >
              <ZoomInIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('pdfViewer.fitWidth')}>
          <span>
            <IconButton
              onClick={fitWidth}
              disabled={!pdf}
              aria-pressed={fitted}
              aria-label={t('pdfViewer.fitWidth')}
              color={fitted ? 'primary' : 'default'}
            >
              <FitScreenIcon />
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
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={{
          position: 'relative',
          flex: 1,
          overflow: 'auto',
          bgcolor: 'grey.200',
          p: 1,
          textAlign: 'center',
          minHeight: 300,
          // One finger scrolls the page; two are the viewer's own zoom, not the browser's.
          touchAction: 'pan-x pan-y',
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
