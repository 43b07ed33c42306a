/**
 * The remote participant's tracking loop in Chromium on this machine (issue 30): estimates a
 * second and the page's main-thread time a frame, with gaze and facial expressions together.
 * Serves bench/face-tracking/page.ts through the web app's Vite configuration (its worker, the
 * `face-engine` alias and the face models), gives Chromium a fake camera showing the journeys'
 * face still (e2e/fixtures/face-still.jpg, made a Y4M video with the bundled ffmpeg), and reads
 * what the page measured. Budgets: at least 20 estimates a second, under 15 ms a frame.
 *
 *   npx tsx bench/run.ts face-tracking
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import type { BenchRow } from './row.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = 10;
const MIN_RATE = 20;
const MAX_MAIN_MS = 15;

/** The face still as a looping camera video Chromium can read. */
export function fakeCameraVideo(directory: string): string {
  const video = path.join(directory, 'face.y4m');
  execFileSync(ffmpeg.path, [
    ...['-y', '-loglevel', 'error', '-loop', '1', '-i', path.join(ROOT, 'e2e', 'fixtures', 'face-still.jpg')],
    ...['-t', '1', '-r', '30', '-vf', 'scale=480:480,pad=640:480:80:0', '-pix_fmt', 'yuv420p', video],
  ]);
  return video;
}

export async function faceTrackingBench(): Promise<BenchRow[]> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-face-bench-'));
  const server = await createServer({
    configFile: path.join(ROOT, 'apps', 'web', 'vite.config.ts'),
    root: path.join(ROOT, 'apps', 'web'),
    server: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
    plugins: [
      {
        name: 'face-tracking-bench-page',
        configureServer(dev) {
          dev.middlewares.use('/face-tracking-bench', (_request, response) => {
            response.setHeader('Content-Type', 'text/html');
            response.end(
              `<!doctype html><title>face tracking</title><script type="module" src="/@fs${path.join(ROOT, 'bench', 'face-tracking', 'page.ts')}"></script>`,
            );
          });
        },
      },
    ],
  });
  await server.listen();
  const address = server.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${fakeCameraVideo(directory)}`,
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/face-tracking-bench?seconds=${SECONDS}`);
    const handle = await page.waitForFunction(() => window.faceTrackingResult, null, {
      timeout: (SECONDS + 120) * 1000,
    });
    const result = (await handle.jsonValue()) ?? { error: 'no result' };
    if ('error' in result) throw new Error(`face tracking did not run: ${result.error}`);
    const {
      estimatesPerSecond = 0,
      mainThreadMsPerFrame = 0,
      detectMs = 0,
      shareWithExpressions = 0,
    } = result;
    const note = `worker ${detectMs.toFixed(0)} ms a frame (WebAssembly, face + mesh with iris + expressions); ${(shareWithExpressions * 100).toFixed(0)} % of estimates with expressions; fake camera 640×480 at 30 fps`;
    return [
      {
        name: 'remote tracking: gaze estimates a second (Chromium)',
        value: `${estimatesPerSecond.toFixed(1)} /s`,
        budget: `≥ ${MIN_RATE} /s`,
        isMet: estimatesPerSecond >= MIN_RATE,
        note,
      },
      {
        name: 'remote tracking: main thread a frame (Chromium)',
        value: `${mainThreadMsPerFrame.toFixed(2)} ms`,
        budget: `< ${MAX_MAIN_MS} ms`,
        isMet: mainThreadMsPerFrame < MAX_MAIN_MS,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
