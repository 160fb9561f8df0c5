import { describe, expect, it } from 'vitest';
import { nextZoom, pinchZoom, previousZoom, ZOOM_STEPS, zoomPercent } from './pdf-zoom';

describe('PDF viewer zoom', () => {
  it('steps in and out from fit-to-width, and stays at the ends', () => {
    expect(nextZoom(1)).toBe(1.25);
    expect(previousZoom(1)).toBe(0.75);
    expect(nextZoom(ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 4)).toBe(4);
    expect(previousZoom(0.5)).toBe(0.5);
    // After a pinch between two steps, the buttons go to the neighbouring step.
    expect(nextZoom(1.1)).toBe(1.25);
    expect(previousZoom(1.1)).toBe(1);
  });

  it('follows a pinch within the bounds and ignores a senseless ratio', () => {
    expect(pinchZoom(1, 1.5)).toBe(1.5);
    expect(pinchZoom(2, 0.5)).toBe(1);
    expect(pinchZoom(1, 10)).toBe(4);
    expect(pinchZoom(1, 0.1)).toBe(0.5);
    expect(pinchZoom(1.25, 0)).toBe(1.25);
    expect(pinchZoom(1.25, Number.NaN)).toBe(1.25);
  });

  it('gives the real size: pdf.js scale 96/72 is the printed size, 100 %', () => {
    expect(zoomPercent(96 / 72)).toBe(100);
    // An A4 page (595 pt) fitted into 359 CSS pixels on a phone is shown at 45 % of its size.
    expect(zoomPercent(359 / 595)).toBe(45);
  });
});
