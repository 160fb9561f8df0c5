// The document viewer's first page: time from clicking "view" to the first page painted on the canvas,
// in headless Chromium, on the real built app with a 2 MB PDF (many pages of text and a large image).
// The document reply is intercepted (page.route), so no demo document has to be that big.
// Run alone (`node scripts/bench-viewer.mjs`, builds the web app) or from bench.mjs after its build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CHROMIUM, ensureChromium } from './ensure-chromium.mjs';
import { PASSWORD, root, startServer, waitFor } from './lib/portal.mjs';

const PORT = Number(process.env.BENCH_VIEWER_PORT ?? 3195);
const RUNS = Number(process.env.BENCH_VIEWER_RUNS ?? 7);
const TARGET_BYTES = 2 * 1024 * 1024;
const BUDGET_MS = 1500;

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of noise: it does not compress, so it makes up most of the file's weight (like a scan). */
function noisePng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 42;
  for (let i = 0; i < raw.length; i += 1) {
    if (i % (width * 3 + 1) === 0) continue;
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    raw[i] = seed >>> 24;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** About 2 MB: an image on the first page, then pages of text. */
export async function makeBenchPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const image = await pdf.embedPng(noisePng(800, 800));
  const first = pdf.addPage([595, 842]);
  first.drawText('Compte rendu (bench du lecteur)', { x: 56, y: 790, size: 16, font });
  first.drawImage(image, { x: 56, y: 250, width: 480, height: 480 });
  let pages = 1;
  for (; pages < 400; pages += 1) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 45; line += 1)
      page.drawText(`Page ${pages + 1}, ligne ${line + 1} : glycémie 0,92 g/L, cholestérol 1,85 g/L.`, {
        x: 56,
        y: 790 - line * 16,
        size: 10,
        font,
      });
    if (pages % 20 === 0 && (await pdf.save()).length >= TARGET_BYTES) break;
  }
  return pdf.save();
}

async function outboxTop(base) {
  const { items } = await (await fetch(`${base}/api/dev/outbox?limit=20`)).json();
  return items;
}

async function signIn(page, base) {
  const before = (await outboxTop(base))[0]?.id ?? 0;
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Identifiant' }).fill('participant.dmc');
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/user\/confirm/);
  let code;
  for (let i = 0; i < 50 && !code; i += 1) {
    code = (await outboxTop(base))
      .find((item) => item.channel === 'SMS' && item.id > before)
      ?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!code) throw new Error('no sign-in code in the outbox');
  await page.getByRole('textbox').first().fill(code);
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await page.waitForURL(/\/home/);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Prints the figures and returns { median, max, cold } in milliseconds. */
export async function benchViewer({ build = true } = {}) {
  ensureChromium();
  if (build) {
    const result = spawnSync('npm', ['run', 'build', '-w', '@portail/web'], { cwd: root, stdio: 'ignore' });
    if (result.status !== 0) throw new Error('vite build failed');
  }
  const bytes = await makeBenchPdf();
  const reply = JSON.stringify({
    bytes: Buffer.from(bytes).toString('base64'),
    contentType: 'application/pdf',
    document: { nomDocument: 'bench-2mo.pdf' },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'portail-bench-viewer-'));
  const server = startServer(PORT, { DATA_DIR: dataDir, DEMO_PARTICIPANTS: '50' });
  const base = `http://127.0.0.1:${PORT}`;
  const { chromium } = await import('@playwright/test');
  let browser;
  try {
    await waitFor(`${base}/api/health`, 180_000);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
    await signIn(page, base);
    await page.route(/\/api\/document\/\d+\/\?usage=view/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: reply }),
    );
    await page.goto(`${base}/document/resultatsAnalyses`);
    const view = page.getByRole('button', { name: /^Voir/ }).first();
    await view.waitFor();
    const times = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Timed in the page: from the click's event to the canvas marked as painted by the viewer.
      await page.evaluate(() => {
        window.__viewerBench = { start: 0, end: 0 };
        document.addEventListener('click', () => (window.__viewerBench.start = performance.now()), {
          capture: true,
          once: true,
        });
        new MutationObserver((_, observer) => {
          if (document.querySelector('canvas[data-rendered]')) {
            window.__viewerBench.end = performance.now();
            observer.disconnect();
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-rendered'] });
      });
      await view.click();
      await page.locator('canvas[data-rendered]').waitFor({ timeout: 30_000 });
      const { start, end } = await page.evaluate(() => window.__viewerBench);
      times.push(end - start);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    const cold = times[0];
    const warm = times.slice(1);
    const result = { cold, median: median(warm), max: Math.max(...warm) };
    console.log(
      `web      viewer first page, ${(bytes.length / 1024 / 1024).toFixed(2)} MB PDF: first open ${cold.toFixed(0)} ms (loads pdf.js), then median ${result.median.toFixed(0)} ms, max ${result.max.toFixed(0)} ms over ${warm.length} runs`,
    );
    return result;
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function viewerBudgetLine(result) {
  const worst = Math.max(result.cold, result.max);
  return `  viewer first page of a 2 MB PDF ≤ ${BUDGET_MS} ms: median ${result.median.toFixed(0)} ms, max ${worst.toFixed(0)} ms (first open included) ${worst <= BUDGET_MS ? 'OK' : 'OVER BUDGET'}`;
}

/** bench.mjs's step, after its own build: the figures, then the budget line. */
export async function benchViewerBudget({ build = false } = {}) {
  console.log(viewerBudgetLine(await benchViewer({ build })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchViewerBudget({ build: true });
