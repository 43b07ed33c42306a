import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA with history fallback: a GET for a page (not /api) answers index.html so
 * that deep links work. Without a build the page says how to make one.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const file = path.join(webDist, path.normalize(request.url.split('?')[0] ?? '/'));
    if (hasBuild && file.startsWith(webDist) && path.extname(file) && fs.existsSync(file)) {
      return reply.sendFile(path.relative(webDist, file), {
        maxAge: file.includes('/assets/') ? '365d' : '1h',
        immutable: file.includes('/assets/'),
      });
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
