import fs from 'node:fs';
import { demoShopFile, SITE_ORIGIN, VIEWPORTS } from '@limbus/demo-data';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSiteLookup } from '../modules/remote-studies/remote-studies.service.js';

/**
 * The bundled demo shop (Acme Running, `packages/demo-data/site/`) served on this origin under
 * `/demo-shop/`, so that a remote participant of a test of the shop browses it live in a frame of
 * the study's page, where the page can follow the pointer and the scroll (docs/remote-studies.md
 * 'The demo shop, live'). Its pages link from the root (`/shoes`): they are served with their links
 * moved under `/demo-shop/`. A page the shop does not have answers a page of the shop that says so.
 */
export const DEMO_SHOP_PATH = '/demo-shop';

/** The shop's links from its root, moved under DEMO_SHOP_PATH. */
export const rootedInShop = (html: string) =>
  html.replace(/\b(href|src|action)="\//g, `$1="${DEMO_SHOP_PATH}/`);

const NOT_IN_SHOP = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Running | Not part of the demo</title><link rel="stylesheet" href="/styles.css"></head>
<body><main class="section"><div class="wrap">
<h1>This part of the shop is not in the demo</h1>
<p>The demo shop has its home page, running shoes, the Runner 2, the basket and the checkout.</p>
<p><a class="button" href="/">Back to the shop</a></p>
</div></main></body></html>`;

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-cache')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(rootedInShop(html));
}

export function registerDemoShop(app: FastifyInstance): void {
  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  // The app ignores a trailing slash: `/demo-shop` and `/demo-shop/` are both the home page.
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const rest = (request.url.split('?')[0] ?? '').slice(DEMO_SHOP_PATH.length).replace(/(.)\/$/, '$1');
    const found = demoShopFile(rest || '/');
    if (!found) return sendPage(reply, 404, NOT_IN_SHOP);
    const text = await fs.promises.readFile(found.file, 'utf8');
    if (found.type === 'css')
      return reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(text);
    return sendPage(reply, 200, text);
  };
  app.get(DEMO_SHOP_PATH, options, servePage);
  app.get(`${DEMO_SHOP_PATH}/*`, options, servePage);
}

/** The demo shop's tests browse it live: the test's address (on the shop's origin) is where they start. */
export const demoShopSite: LiveSiteLookup = (testUrl, platform) => {
  let url: URL;
  try {
    url = new URL(testUrl);
  } catch {
    return null;
  }
  if (url.origin !== SITE_ORIGIN) return null;
  const start = demoShopFile(url.pathname.replace(/(.)\/$/, '$1')) ? url.pathname : '/';
  return { start_url: `${DEMO_SHOP_PATH}${start}`, origin: SITE_ORIGIN, width: VIEWPORTS[platform].width };
};
