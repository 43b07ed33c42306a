import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureError, checkCaptureUrl, isPrivateAddress } from './capture-address.js';
import { capturePage } from './heatmap-capture.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const settings = (allowPrivateAddresses: boolean) => ({
  chromiumPath: CHROMIUM,
  allowPrivateAddresses,
  timeoutMs: 20_000,
});
const noProgress = async () => {};

/** A page 2400 px high with a fixed cookie banner (red) at the bottom, and a redirect to /secret. */
const PAGE = `<!doctype html><html><body style="margin:0">
<div style="height:2400px;background:linear-gradient(#fff,#ccf)">Shop</div>
<div id="banner" style="position:fixed;bottom:0;left:0;right:0;height:200px;background:#f00">
We use cookies. <button>Accept all</button></div></body></html>`;

let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/redirect') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('isPrivateAddress', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::2',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
});

describe('checkCaptureUrl', () => {
  const refusal = (address: string, resolve = async () => ['93.184.215.14']) =>
    checkCaptureUrl(address, false, resolve).then(
      () => 'accepted',
      (error: unknown) => (error instanceof CaptureError ? error.message : `crash: ${error}`),
    );

  it('refuses other schemes, loopback, private and link-local hosts, also behind a name', async () => {
    expect(await refusal('file:///etc/passwd')).toBe(
      'Only http and https addresses can be captured, not file',
    );
    expect(await refusal('javascript:alert(1)')).toMatch(/Only http and https/);
    for (const address of [
      'http://127.0.0.1/',
      'http://10.0.0.8/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:3000/',
      'http://0x7f000001/',
    ])
      expect(await refusal(address), address).toMatch(/loopback, private or link-local/);
    expect(await refusal('https://intranet.test/', async () => ['192.168.0.4'])).toMatch(
      /intranet\.test is on a loopback/,
    );
    expect(await refusal('https://rebind.test/', async () => ['93.184.215.14', '127.0.0.1'])).toMatch(
      /loopback/,
    );
    expect(await refusal('https://www.example.com/')).toBe('accepted');
    expect(await refusal('not a url')).toMatch(/not a web address/);
  });
});

describe('capturePage', { timeout: 60_000 }, () => {
  it('refuses a page that redirects to a loopback address', async () => {
    // public.test is "public" to the check, and Chromium is told it lives on the local server.
    const mapped = { ...settings(false), browserArgs: ['--host-resolver-rules=MAP public.test 127.0.0.1'] };
    const capture = capturePage(`http://public.test:${port}/redirect`, mapped, noProgress, {
      resolve: async () => ['93.184.215.14'],
    });
    await expect(capture).rejects.toThrow(/127\.0\.0\.1 is on a loopback, private or link-local network/);
  });

  it('captures a local page at 1920 px wide, full page, with the cookie banner hidden', async () => {
    const steps: number[] = [];
    const bytes = await capturePage(`http://127.0.0.1:${port}/`, settings(true), async (value) => {
      steps.push(value);
    });
    const image = await loadImage(bytes);
    expect([image.width, image.height]).toEqual([1920, 2400]);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const [red, green, blue] = context.getImageData(960, 1000, 1, 1).data;
    expect(red === 255 && green === 0 && blue === 0, 'the banner is hidden').toBe(false);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });
});
