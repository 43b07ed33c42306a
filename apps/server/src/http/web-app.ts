import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const file = path.join(webDist, path.normalize(request.url.split('?')[0] ?? '/'));
    if (hasBuild && file.startsWith(webDist) && path.extname(file) && fs.existsSync(file)) {
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
    return sendWithCaching(reply, 'index.html');
  });
}

/**
 * Vite's assets carry a hash of their content in the name: kept a year, never revalidated.
 * index.html names the current ones, so it is revalidated on every load; other files for an hour.
 */
function sendWithCaching(reply: FastifyReply, file: string) {
  const caching = file.startsWith(`assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : file === 'index.html'
      ? 'no-cache'
      : 'public, max-age=3600';
  return reply.header('cache-control', caching).sendFile(file);
}
