import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';

const SCRIPT = `console.log(${JSON.stringify('a long line of the app '.repeat(100))})`;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-web-'));
/** As the web build writes it: patterns in the router's ranking, each with its screens' files. */
const ROUTE_PRELOADS = {
  routes: [
    {
      pattern: '/test/:id/heatmaps',
      files: ['/assets/heatmaps-1a.js', '/assets/results-2b.css', '/assets/results-2b.js'],
    },
    {
      pattern: '/test/:id/*',
      files: ['/assets/results-2b.js', 'https://elsewhere.example/x.js', '/assets/../x.js'],
    },
  ],
};
let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><title>Limbus</title></head>');
  fs.writeFileSync(path.join(webDist, 'route-preloads.json'), JSON.stringify(ROUTE_PRELOADS));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-3f2a9c1b.js'), SCRIPT);
  fs.writeFileSync(path.join(webDist, 'assets', 'index-3f2a9c1b.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-3f2a9c1b.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url });

describe('the web app', () => {
  it('answers index.html to be revalidated on every load, at / and at any page', async () => {
    for (const url of ['/', '/index.html', '/tests/1/results']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Limbus</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("names the chunks and styles of the address's screens in the page, styles first, chunks after the app's own", async () => {
    const page = (await get('/test/7/heatmaps')).body;
    expect(page).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/results-2b.css">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/heatmaps-1a.js">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/results-2b.js"></head>',
    );
    const other = (await get('/test/7/nothing-here?x=1')).body;
    expect(other).toContain('href="/assets/results-2b.js"></head>');
    expect(other).not.toContain('heatmaps-1a');
    expect(other, 'only files of the build').not.toMatch(/elsewhere|\.\.\//);
    expect((await get('/account')).body).toBe('<!doctype html><head><title>Limbus</title></head>');
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const response = await t.app.inject({
      url: '/test/7/heatmaps',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('heatmaps-1a.js');
  });

  it('keeps hashed assets for a year, immutable', async () => {
    const response = await get('/assets/index-3f2a9c1b.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const url = '/assets/index-3f2a9c1b.js';
    const asked = (encoding: string) => t.app.inject({ url, headers: { 'accept-encoding': encoding } });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a Permissions-Policy that turns off what the product does not use', async () => {
    for (const url of ['/', '/api/v1/countries', '/favicon.svg']) {
      const policy = String((await get(url)).headers['permissions-policy'] ?? '');
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
        expect(policy, url).toContain(feature);
    }
  });

  it("allows the camera and microphone on a remote study's participant pages only", async () => {
    const policy = String((await get('/p/0123abcd')).headers['permissions-policy'] ?? '');
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=(self)');
    expect(policy).toContain('geolocation=()');
    for (const url of ['/participants', '/pages/1', '/api/v1/remote/study'])
      expect(String((await get(url)).headers['permissions-policy'] ?? ''), url).toContain('camera=()');
  });
});
