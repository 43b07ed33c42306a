import dgram from 'node:dgram';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
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
    // public.test is "public" to the check, and the capture's proxy connects to the local server for it.
    const mapped = { ...settings(false), dialRules: { '93.184.215.14': '127.0.0.1' } };
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

/**
 * Chromium's own local-network checks, off: what the capture must refuse, it refuses itself.
 * `--ip-address-space-overrides` makes the test site public to Chromium, so that these checks
 * would otherwise stop the requests below (they do, with the features on).
 */
const LOCAL_NETWORK_CHECKS_OFF = (sitePort: number) => [
  '--disable-features=LocalNetworkAccessChecks,LocalNetworkAccessChecksWebSockets,LocalNetworkAccessChecksWebTransport,LocalNetworkAccessChecksWebRTC,LocalNetworkAccessForWorkers,LocalNetworkAccessForNavigations,LocalNetworkAccessForSubframeNavigations,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests',
  `--ip-address-space-overrides=127.0.0.1:${sitePort}=public,127.0.0.2:${sitePort}=public`,
];
/** A public address (TEST-NET-3 is not public to the check; this one is) the tests' names resolve to. */
const PUBLIC_ADDRESS = '93.184.215.14';
/** public.test is public; no other name is found (Chromium's own calls home go nowhere). */
const publicTest = async (host: string) => {
  if (host !== 'public.test') throw new Error('not found');
  return [PUBLIC_ADDRESS];
};

/** What a connection first said: its request line, or that it began TLS (a wss: or https: try). */
const firstWords = (data: Buffer) =>
  data[0] === 0x16 ? 'a TLS handshake' : (data.toString('latin1').split('\r\n')[0] ?? '');

/** A loopback listener that must hear nothing: what each TCP connection first said, each UDP datagram. */
function loopbackListener() {
  const heard: string[] = [];
  const server = net.createServer((socket) => {
    socket.once('data', (data) => heard.push(firstWords(data)));
    socket.on('error', () => {});
    socket.end();
  });
  // and UDP on the same port (a STUN request of WebRTC)
  const udp = dgram.createSocket('udp4');
  udp.on('message', (message) => heard.push(`${message.length} bytes of UDP`));
  const ready = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const bound = (server.address() as AddressInfo).port;
      udp.bind(bound, '127.0.0.1', () => resolve(bound));
    }),
  );
  return {
    heard,
    ready,
    close: async () => {
      udp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A page that, once loaded, opens WebSockets to the listener (its own and a fresh frame's), asks
 * it for a STUN binding (WebRTC) and starts a SharedWorker and a Worker that fetch from it and open WebSockets to it; it shows its text when each attempt is over,
 * so the capture (which waits for text) has let them all run.
 */
const probePage = (listenerPort: number) => `<!doctype html><html><body><script>
const settled = new Set();
const over = (what) => { settled.add(what); if (settled.size === 5) document.body.append('Shop: ' + [...settled].join(', ')); };
try { const ws = new WebSocket('ws://127.0.0.1:${listenerPort}/from-page'); ws.onerror = ws.onclose = () => over('websocket'); } catch { over('websocket'); }
// a fresh frame's own constructor, in case the page's was taken away
const frame = document.createElement('iframe');
document.body.append(frame);
try { const ws = new frame.contentWindow.WebSocket('wss://127.0.0.1:${listenerPort}/from-frame'); ws.onerror = ws.onclose = () => over('frame websocket'); } catch { over('frame websocket'); }
try {
  const peer = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${listenerPort}' }] });
  peer.onicegatheringstatechange = () => { if (peer.iceGatheringState === 'complete') over('webrtc'); };
  peer.createDataChannel('probe');
  peer.createOffer().then((offer) => peer.setLocalDescription(offer)).catch(() => over('webrtc'));
} catch { over('webrtc'); }
try { const shared = new SharedWorker('/shared.js'); shared.port.onmessage = () => over('shared worker'); shared.onerror = () => over('shared worker'); } catch { over('shared worker'); }
try { const worker = new Worker('/worker.js'); worker.onmessage = () => over('worker'); worker.onerror = () => over('worker'); } catch { over('worker'); }
setTimeout(() => document.body.append('Shop'), 8000);
</script></body></html>`;
const workerScript = (listenerPort: number, kind: 'shared' | 'worker') => `
const attempt = async () => {
  await fetch('http://127.0.0.1:${listenerPort}/from-${kind}').catch(() => {});
  await new Promise((done) => {
    try { const ws = new WebSocket('ws://127.0.0.1:${listenerPort}/ws-from-${kind}'); ws.onerror = ws.onclose = done; } catch { done(); }
  });
};
${kind === 'shared' ? 'onconnect = (event) => attempt().then(() => event.ports[0].postMessage("over"));' : 'attempt().then(() => postMessage("over"));'}`;

describe('issue 28, finding 5: the capture reaches no private address, whatever Chromium checks', {
  timeout: 60_000,
}, () => {
  it('refuses the WebSocket, WebRTC, SharedWorker and Worker requests of a page toward 127.0.0.1 (checks off)', async () => {
    const listener = loopbackListener();
    const listenerPort = await listener.ready;
    const served: string[] = [];
    const site = http.createServer((request, response) => {
      served.push(request.url ?? '');
      const script = request.url === '/shared.js' ? 'shared' : request.url === '/worker.js' ? 'worker' : null;
      if (script)
        return response
          .writeHead(200, { 'content-type': 'text/javascript' })
          .end(workerScript(listenerPort, script));
      response.writeHead(200, { 'content-type': 'text/html' }).end(probePage(listenerPort));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const sitePort = (site.address() as AddressInfo).port;
    try {
      const capture = await capturePage(
        `http://public.test:${sitePort}/`,
        {
          ...settings(false),
          // public.test is public to the server and lives on the local test site.
          browserArgs: [
            ...LOCAL_NETWORK_CHECKS_OFF(sitePort),
            '--host-resolver-rules=MAP public.test 127.0.0.1',
          ],
          dialRules: { [PUBLIC_ADDRESS]: '127.0.0.1' },
        },
        noProgress,
        { resolve: publicTest },
      ).catch((error: unknown) => error);
      expect(listener.heard, 'the loopback listener heard nothing').toEqual([]);
      expect(capture).toBeInstanceOf(Buffer);
      expect(served[0], 'the page itself was captured').toBe('/');
    } finally {
      await listener.close();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });

  it('connects to the address it checked: a name that turns into 127.0.0.1 later (DNS rebinding) reaches nothing', async () => {
    // The real site of rebind.test is 127.0.0.2 (public to the check through the dial rule); the
    // listener on 127.0.0.1 has the same port, as a rebound name would point there.
    const listener = loopbackListener();
    const port = await listener.ready;
    const served: string[] = [];
    const site = http.createServer((request, response) => {
      served.push(request.url ?? '');
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><body><h1>Shop</h1><img src="/logo.png"><script>fetch('/secret')</script></body>`,
        );
    });
    await new Promise<void>((resolve) => site.listen(port, '127.0.0.2', resolve));
    // The name answers the public address until the site has served a page, 127.0.0.1 afterwards
    // (Chromium's own resolver is told 127.0.0.1 from the start: what a rebinding name answers it).
    const lookups: string[] = [];
    const rebinding = async (host: string) => {
      lookups.push(host);
      if (host !== 'rebind.test') throw new Error('not found'); // Chromium's own calls home
      return served.length === 0 ? [PUBLIC_ADDRESS] : ['127.0.0.1'];
    };
    try {
      const capture = await capturePage(
        `http://rebind.test:${port}/`,
        {
          ...settings(false),
          browserArgs: [...LOCAL_NETWORK_CHECKS_OFF(port), '--host-resolver-rules=MAP rebind.test 127.0.0.1'],
          dialRules: { [PUBLIC_ADDRESS]: '127.0.0.2' },
        },
        noProgress,
        { resolve: rebinding },
      ).catch((error: unknown) => error);
      expect(listener.heard, 'the loopback listener heard nothing').toEqual([]);
      expect(served[0], 'the page came from the address that was checked').toBe('/');
      expect(capture).toBeInstanceOf(Buffer);
      expect(
        lookups.filter((host) => host === 'rebind.test'),
        'the name was looked up once for the whole capture',
      ).toEqual(['rebind.test']);
    } finally {
      await listener.close();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });
});
