/**
 * Serves `site/` on a local port, opens every page in Debian's Chromium at the desktop and mobile
 * viewports, and writes a full-page PNG per page plus `layout.json` (page heights and the boxes of
 * all `data-region` elements) to `site-capture/<platform>/`.
 *
 *   npx tsx packages/demo-data/scripts/capture-site.ts
 *
 * CHROMIUM_PATH overrides the browser (default /usr/bin/chromium). Re-run after editing the site.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  type LayoutPage,
  type LayoutRegion,
  type Platform,
  SITE_ORIGIN,
  SITE_PAGES,
  type SiteLayout,
  VIEWPORTS,
} from '../src/site-layout.js';

const packageDir = path.resolve(import.meta.dirname, '..');
const siteDir = path.join(packageDir, 'site');
const outDir = path.join(packageDir, 'site-capture');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function resolveFile(urlPath: string): string | undefined {
  const clean = path.posix.normalize(decodeURIComponent(urlPath.split('?')[0] ?? '/'));
  const file = path.join(siteDir, clean, path.extname(clean) ? '' : 'index.html');
  return file.startsWith(siteDir) ? file : undefined;
}

async function startServer(): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const file = resolveFile(req.url ?? '/');
    if (!file) {
      res.writeHead(400).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        });
        res.end(body);
      },
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

type RawRegion = Omit<LayoutRegion, 'href'> & { href: string | null };

async function capture(): Promise<void> {
  const { base, close } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    for (const platform of ['desktop', 'mobile'] as Platform[]) {
      const viewport = VIEWPORTS[platform];
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 1,
        isMobile: platform === 'mobile',
        hasTouch: platform === 'mobile',
      });
      const page = await context.newPage();
      const pages: LayoutPage[] = [];
      await mkdir(path.join(outDir, platform), { recursive: true });
      for (const { name, path: pagePath } of SITE_PAGES) {
        await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
        const measured = await page.evaluate(() => {
          const interactive = 'a, button, input, select, textarea, label, summary, [data-clickable]';
          const regions: RawRegion[] = [];
          for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-region]'))) {
            const box = el.getBoundingClientRect();
            // Round the edges, not the sizes, so that boxes stay inside the page.
            const left = Math.round(box.left + window.scrollX);
            const top = Math.round(box.top + window.scrollY);
            const right = Math.min(
              Math.round(box.right + window.scrollX),
              document.documentElement.scrollWidth,
            );
            const bottom = Math.min(
              Math.round(box.bottom + window.scrollY),
              document.documentElement.scrollHeight,
            );
            if (right - left < 1 || bottom - top < 1) continue;
            const anchor = el.closest('a');
            regions.push({
              name: el.dataset.region ?? '',
              x: left,
              y: top,
              width: right - left,
              height: bottom - top,
              clickable: el.matches(interactive),
              href: anchor ? new URL(anchor.href).pathname : null,
            });
          }
          return { title: document.title, height: document.documentElement.scrollHeight, regions };
        });
        const screenshot = `${name}.png`;
        const file = path.join(outDir, platform, screenshot);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
        const { size } = await stat(file);
        console.log(
          `${platform} ${pagePath}: ${measured.height}px tall, ${measured.regions.length} regions, ${Math.round(size / 1024)} KB`,
        );
        pages.push({
          name,
          path: pagePath,
          title: measured.title,
          url: `${SITE_ORIGIN}${pagePath}`,
          height: measured.height,
          screenshot,
          regions: measured.regions.map(({ href, ...r }) => (href ? { ...r, href } : r)),
        });
      }
      await context.close();
      const layout: SiteLayout = { platform, viewport, origin: SITE_ORIGIN, pages };
      await writeFile(path.join(outDir, platform, 'layout.json'), `${JSON.stringify(layout, null, 2)}\n`);
    }
  } finally {
    await browser.close();
    await close();
  }
}

await capture();
