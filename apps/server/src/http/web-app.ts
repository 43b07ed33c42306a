import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding.js';
import { readRoutePreloads } from './route-preloads.js';

/**
 * Serves the built SPA with history fallback: a GET for a page (not /api) answers index.html so
 * that deep links work. Without a build the page says how to make one.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    // Files are answered by the route below only, with their caching (serve: false).
    // preCompressed: the build's .br and .gz copies go to browsers that accept them (vite.config.ts).
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
    });
  }
  const preloadsOf = hasBuild ? readRoutePreloads(webDist) : () => '';
  const pages = new Map<string, Page>();
  /** index.html naming the chunks of the address's screens; one copy per set of screens. */
  function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const tags = preloadsOf(request.url.split('?')[0] ?? '/');
    let page = pages.get(tags);
    if (!page) {
      page = compressedPage(fs.readFileSync(indexFile, 'utf8').replace('</head>', `${tags}</head>`));
      pages.set(tags, page);
    }
    const accepted = request.headers['accept-encoding'];
    const encoding = acceptsEncoding(accepted, 'br')
      ? 'br'
      : acceptsEncoding(accepted, 'gzip')
        ? 'gzip'
        : undefined;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const file = path.join(webDist, path.normalize(request.url.split('?')[0] ?? '/'));
    if (
      hasBuild &&
      file.startsWith(webDist) &&
      path.extname(file) &&
      !file.endsWith('index.html') &&
      fs.existsSync(file)
    ) {
      return sendWithCaching(reply, path.relative(webDist, file));
    }
    if (path.extname(file) && !file.endsWith('.html')) {
      return reply.status(404).send({ code: 'not_found', message: `No file ${request.url}` });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    return sendPage(request, reply);
  });
}

type Page = { html: string; br: Buffer; gzip: Buffer };

function compressedPage(html: string): Page {
  return { html, br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) };
}

/**
 * Vite's assets carry a hash of their content in the name: kept a year, never revalidated.
 * The page (index.html) names the current ones, so it is revalidated on every load; other files
 * for an hour.
 */
function sendWithCaching(reply: FastifyReply, file: string) {
  const caching = file.startsWith(`assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=3600';
  return reply.header('cache-control', caching).sendFile(file);
}
