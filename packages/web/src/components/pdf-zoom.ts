/**
 * The PDF viewer's zoom, as a factor of "the page fits the width" (1). The buttons step through
 * ZOOM_STEPS; a pinch sets any factor between the first and the last.
 */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
const MIN = ZOOM_STEPS[0];
const MAX = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 4;

/** pdf.js draws 1 PDF point as 1 CSS pixel at scale 1; the page's real size is 96/72 of that. */
const CSS_PIXELS_PER_POINT = 96 / 72;

/** The next step above (the last step stays). */
export function nextZoom(zoom: number): number {
  return ZOOM_STEPS.find((step) => step > zoom + 1e-6) ?? MAX;
}

/** The next step below (the first step stays). */
export function previousZoom(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-6) ?? MIN;
}

/** The zoom after a pinch that changed the fingers' distance by `ratio`, within the steps' bounds. */
export function pinchZoom(zoom: number, ratio: number): number {
  if (!Number.isFinite(ratio) || ratio <= 0) return zoom;
  return Math.min(MAX, Math.max(MIN, Math.round(zoom * ratio * 100) / 100));
}

/** The page's size on screen in percent of its real (printed) size, from pdf.js's scale. */
export function zoomPercent(scale: number): number {
  return Math.round((scale / CSS_PIXELS_PER_POINT) * 100);
}
