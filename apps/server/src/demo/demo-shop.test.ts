import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { demoShopSite, registerDemoShop, rootedInShop } from './demo-shop.js';

/** The demo shop on this origin (docs/remote-studies.md 'The demo shop, live'). */
async function shop() {
  // the app's router: a trailing slash ignored
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  registerDemoShop(app);
  await app.ready();
  return app;
}

describe('the demo shop on this origin', () => {
  it('serves its pages with their links under /demo-shop/, and its styles', async () => {
    const app = await shop();
    const home = await app.inject({ method: 'GET', url: '/demo-shop/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('<title>Acme Running | Running shoes and gear</title>');
    expect(home.body).toContain('href="/demo-shop/styles.css"');
    expect(home.body).toContain('href="/demo-shop/shoes"');
    expect(home.body).not.toMatch(/href="\/(?!demo-shop\/)/);
    for (const page of [
      '/demo-shop/shoes',
      '/demo-shop/shoes/',
      '/demo-shop/shoes/runner-2',
      '/demo-shop/basket',
      '/demo-shop/checkout',
    ])
      expect((await app.inject({ method: 'GET', url: page })).statusCode, page).toBe(200);
    const styles = await app.inject({ method: 'GET', url: '/demo-shop/styles.css' });
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(styles.body.length).toBeGreaterThan(1000);
    const bare = await app.inject({ method: 'GET', url: '/demo-shop' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('<title>Acme Running | Running shoes and gear</title>');
  });

  it('answers a page the shop does not have with one that says so and leads back, and nothing outside the shop', async () => {
    const app = await shop();
    for (const url of [
      '/demo-shop/clothing',
      '/demo-shop/.env',
      '/demo-shop/shoes%2F..%2F..%2Fpackage.json',
      '/demo-shop/shoes/index.html',
    ]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).toContain('This part of the shop is not in the demo');
      expect(answer.body).toContain('href="/demo-shop/"');
    }
  });

  it('knows the shop’s tests by their address, starting where the test starts, at its platform’s width', () => {
    expect(demoShopSite('https://shop.acme.test/', 'desktop')).toEqual({
      start_url: '/demo-shop/',
      origin: 'https://shop.acme.test',
      width: 1920,
    });
    expect(demoShopSite('https://shop.acme.test/basket', 'mobile')).toEqual({
      start_url: '/demo-shop/basket',
      origin: 'https://shop.acme.test',
      width: 390,
    });
    expect(demoShopSite('https://shop.acme.test/nowhere', 'desktop')?.start_url).toBe('/demo-shop/');
    expect(demoShopSite('https://www.example.com/', 'desktop')).toBeNull();
    expect(demoShopSite('not an address', 'desktop')).toBeNull();
    expect(rootedInShop('<a href="/x">')).toBe('<a href="/demo-shop/x">');
  });
});
