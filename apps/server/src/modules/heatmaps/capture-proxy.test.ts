import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pinnedResolver, type Resolve } from './capture-address.js';
import { type CaptureProxy, startCaptureProxy } from './capture-proxy.js';

/** A public address the test names resolve to; the proxy is told to dial the local site for it. */
const PUBLIC_ADDRESS = '93.184.215.14';

/** What a connection first said: its request line, or that it began TLS (a wss: or https: try). */
const firstWords = (data: Buffer) =>
  data[0] === 0x16 ? 'a TLS handshake' : (data.toString('latin1').split('\r\n')[0] ?? '');

/** The site public.test stands for (on 127.0.0.2) and a loopback listener on 127.0.0.1, same port. */
const site = { server: http.createServer(), port: 0, served: [] as string[] };
const listener = { server: net.createServer(), heard: [] as string[] };
beforeAll(async () => {
  listener.server.on('connection', (socket) => {
    socket.once('data', (data) => listener.heard.push(firstWords(data)));
    socket.on('error', () => {});
    socket.end();
  });
  await new Promise<void>((resolve) => listener.server.listen(0, '127.0.0.1', resolve));
  site.port = (listener.server.address() as AddressInfo).port;
  site.server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    site.served.push(`${request.method} ${request.url} ${request.headers.host}`);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('the public site');
  });
  site.server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket) => {
    site.served.push(`UPGRADE ${request.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => site.server.listen(site.port, '127.0.0.2', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.server.close(() => resolve()));
  await new Promise<void>((resolve) => site.server.close(() => resolve()));
});

let proxy: CaptureProxy | null = null;
afterEach(async () => {
  await proxy?.close();
  proxy = null;
  site.served.length = 0;
  listener.heard.length = 0;
});

const publicTest: Resolve = async (host) => {
  if (host !== 'public.test') throw new Error('not found');
  return [PUBLIC_ADDRESS];
};
/** A public address whose stand-in, 127.0.0.3, has nothing listening. */
const CLOSED_ADDRESS = '93.184.215.15';
const start = async (resolve: Resolve = publicTest, allowPrivate = false) => {
  const dialRules = { [PUBLIC_ADDRESS]: '127.0.0.2', [CLOSED_ADDRESS]: '127.0.0.3' };
  proxy = await startCaptureProxy({ allowPrivate, resolve, dialRules });
  return Number(new URL(proxy.server).port);
};

/** A request in absolute form, as Chromium sends plain http through a proxy: the status and body. */
function viaProxy(proxyPort: number, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: proxyPort, path: url, headers, agent: false });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Opens a CONNECT tunnel, sends `first` through it when it is open: the proxy's answer and what came back. */
function tunnel(proxyPort: number, authority: string, first: Buffer) {
  return new Promise<{ answer: string; after: string }>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: proxyPort });
    let received = '';
    let sent = false;
    socket.on('data', (data) => {
      received += data.toString('latin1');
      if (!sent && received.includes('\r\n\r\n')) {
        sent = true;
        if (received.startsWith('HTTP/1.1 200')) socket.write(first);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const [answer = '', after = ''] = received.split('\r\n\r\n');
      resolve({ answer: answer.split('\r\n')[0] ?? '', after });
    });
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    // the tests' sockets are closed by the proxy; this only bounds a wrong one
    socket.setTimeout(5000, () => socket.destroy());
  });
}

describe('issue 28, finding 5: the capture proxy', () => {
  it('passes a public host on, to the address it checked', async () => {
    const port = await start();
    const answer = await viaProxy(port, `http://public.test:${site.port}/shop`);
    expect(answer).toEqual({ status: 200, body: 'the public site' });
    expect(site.served).toEqual([`GET /shop public.test:${site.port}`]);
  });

  it('tunnels TLS to a public host, and nothing but host:port', async () => {
    const port = await start();
    const tls = Buffer.from([0x16, 0x03, 0x01, 0x00, 0x00]);
    const passed = await tunnel(port, `public.test:${site.port}`, tls);
    expect(passed.answer).toBe('HTTP/1.1 200 Connection Established');
    // the bytes reached the site, which answered them (they are no HTTP request)
    expect(passed.after).toMatch(/^HTTP\/1\.1 400/);
    for (const authority of [
      'public.test',
      `127.0.0.1:${site.port}@public.test:${site.port}`,
      'public.test:99999',
    ])
      expect((await tunnel(port, authority, tls)).answer, authority).toBe('HTTP/1.1 400 Bad Request');
    expect(listener.heard).toEqual([]);
  });

  it('refuses loopback, private and link-local hosts, by address or by name, in plain requests and tunnels', async () => {
    const port = await start(async (host) => (host === 'intranet.test' ? ['10.0.0.4'] : ['127.0.0.1']));
    for (const url of [
      `http://127.0.0.1:${site.port}/`,
      `http://localhost:${site.port}/`,
      `http://[::1]:${site.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://intranet.test/',
    ]) {
      const answer = await viaProxy(port, url);
      expect(answer.status, url).toBe(403);
      expect(answer.body, url).toMatch(/is on a loopback, private or link-local network/);
    }
    const tls = Buffer.from([0x16, 0x03, 0x01, 0x00, 0x00]);
    for (const authority of [`127.0.0.1:${site.port}`, `localhost:${site.port}`, '[::1]:443'])
      expect((await tunnel(port, authority, tls)).answer, authority).toBe('HTTP/1.1 403 Forbidden');
    expect(listener.heard).toEqual([]);
    expect(proxy?.refusalFor('localhost')?.message).toMatch(/^localhost is on a loopback/);
  });

  it('refuses WebSocket handshakes: as a plain request, and in clear through a tunnel to a public host', async () => {
    const port = await start();
    const upgrade = await viaProxy(port, `http://public.test:${site.port}/socket`, {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    }).catch((error: unknown) => ({ status: -1, body: String(error) }));
    expect(upgrade.status).toBe(403);
    const handshake = Buffer.from(
      `GET /socket HTTP/1.1\r\nHost: public.test:${site.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
    const inTunnel = await tunnel(port, `public.test:${site.port}`, handshake);
    expect(inTunnel.answer).toBe('HTTP/1.1 200 Connection Established');
    expect(inTunnel.after, 'nothing came back through the tunnel').toBe('');
    expect(site.served, 'the public site saw no handshake').toEqual([]);
  });

  it('refuses worker scripts', async () => {
    const port = await start();
    for (const destination of ['worker', 'sharedworker', 'serviceworker']) {
      const answer = await viaProxy(port, `http://public.test:${site.port}/worker.js`, {
        'sec-fetch-dest': destination,
      });
      expect(answer.status, destination).toBe(403);
    }
    expect(site.served).toEqual([]);
  });

  it('looks a name up once (pinned): a name that later answers 127.0.0.1 still reaches the address checked', async () => {
    const answers = [[PUBLIC_ADDRESS], ['127.0.0.1']];
    const lookups: string[] = [];
    const rebinding: Resolve = async (host) => {
      lookups.push(host);
      return answers[Math.min(lookups.length - 1, 1)] ?? [];
    };
    const port = await start(pinnedResolver(rebinding));
    for (const path of ['/first', '/second'])
      expect((await viaProxy(port, `http://public.test:${site.port}${path}`)).status, path).toBe(200);
    expect(lookups).toEqual(['public.test']);
    expect(site.served.map((line) => line.split(' ')[1])).toEqual(['/first', '/second']);
    expect(listener.heard).toEqual([]);
  });

  it('without pinning, a later answer of 127.0.0.1 is refused, never connected to', async () => {
    let lookups = 0;
    const port = await start(async () => (++lookups === 1 ? [PUBLIC_ADDRESS] : ['127.0.0.1']));
    expect((await viaProxy(port, `http://public.test:${site.port}/first`)).status).toBe(200);
    expect((await viaProxy(port, `http://public.test:${site.port}/second`)).status).toBe(403);
    expect(listener.heard).toEqual([]);
  });

  it('says when a public host does not answer', async () => {
    const port = await start(async () => [CLOSED_ADDRESS]);
    const answer = await viaProxy(port, `http://closed.test:${site.port}/`);
    expect(answer).toEqual({ status: 502, body: 'The web server refused the connection' });
    expect(proxy?.refusalFor('closed.test')?.message).toBe('The web server refused the connection');
  });

  it('lets loopback through only when private addresses are allowed, by the same rule', async () => {
    const port = await start(publicTest, true);
    const answer = await viaProxy(port, `http://127.0.0.2:${site.port}/local`);
    expect(answer.status).toBe(200);
    expect(site.served).toEqual([`GET /local 127.0.0.2:${site.port}`]);
  });
});
