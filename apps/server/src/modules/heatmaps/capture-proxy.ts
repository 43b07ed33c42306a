import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { CaptureError, captureAddresses, type Resolve } from './capture-address.js';

/**
 * The forward proxy a capture's Chromium sends every connection through (issue 28, finding 5):
 * the page, its frames, workers and sockets alike, loopback included. The rule is enforced here,
 * where the browser cannot get around it: the proxy resolves the host itself (with the capture's
 * pinned resolver), refuses it unless `captureAddresses` allows it, and connects to the very
 * address it checked; Chromium never resolves a page's host name. Also refused: WebSocket
 * handshakes (an `Upgrade` request, a tunnel that does not start with TLS, which is how a ws:
 * handshake comes) and worker scripts it can see (plain http; `Sec-Fetch-Dest`).
 */
export type CaptureProxy = {
  /** For Chromium's `--proxy-server`. */
  server: string;
  /** Why the proxy refused `host` (a URL's hostname) or could not connect to it, if so. */
  refusalFor(host: string): CaptureError | undefined;
  close(): Promise<void>;
};

export type CaptureProxyOptions = {
  allowPrivate: boolean;
  /** The capture's resolver: pinned (`pinnedResolver`), so the proxy and the checks see one answer. */
  resolve: Resolve;
  /**
   * Tests only, never from the environment: an address that passed the rule is connected to at
   * another (a public test address that lives on a local test server).
   */
  dialRules?: Readonly<Record<string, string>> | undefined;
};

/** Request headers for this hop only, not passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const WORKER_DESTINATIONS = new Set(['worker', 'sharedworker', 'serviceworker']);
/** The first byte of a TLS record carrying a handshake (the ClientHello). */
const TLS_HANDSHAKE = 0x16;

function connectTo(host: string, port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    // host is an IP address: net.connect looks nothing up.
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Starts the proxy on a free loopback port; `close` ends it and every connection through it. */
export async function startCaptureProxy({
  allowPrivate,
  resolve,
  dialRules = {},
}: CaptureProxyOptions): Promise<CaptureProxy> {
  const refusals = new Map<string, CaptureError>();
  const sockets = new Set<Duplex>();
  const track = <T extends Duplex>(socket: T): T => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    return socket;
  };

  /** The checked addresses of `host`, or the refusal recorded and thrown. */
  const allowed = async (host: string) => {
    try {
      return await captureAddresses(host, allowPrivate, resolve);
    } catch (error) {
      const problem = error instanceof CaptureError ? error : new CaptureError(String(error));
      refusals.set(host.toLowerCase(), problem);
      throw problem;
    }
  };
  /** A connection to the first of the checked addresses that answers; why not, recorded. */
  const dial = async (host: string, addresses: string[], port: number) => {
    let refused = false;
    for (const address of addresses) {
      try {
        return track(await connectTo(dialRules[address] ?? address, port));
      } catch (error) {
        refused ||= (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
      }
    }
    const problem = new CaptureError(
      refused ? 'The web server refused the connection' : `The web server at ${host} could not be reached`,
    );
    refusals.set(host.toLowerCase(), problem);
    throw problem;
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      let target: URL;
      try {
        target = new URL(request.url ?? '');
        if (target.protocol !== 'http:') throw new Error('not absolute-form http');
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('A proxy request names an http URL');
        return;
      }
      const destination = String(request.headers['sec-fetch-dest'] ?? '').toLowerCase();
      if (WORKER_DESTINATIONS.has(destination)) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('Workers are not run in a capture');
        return;
      }
      // 403: the rule refused the host; 502: none of its addresses answered.
      let upstream: net.Socket;
      let status = 403;
      try {
        const addresses = await allowed(target.hostname);
        status = 502;
        upstream = await dial(target.hostname, addresses, Number(target.port || 80));
      } catch (error) {
        response.writeHead(status, { 'content-type': 'text/plain' }).end((error as Error).message);
        return;
      }
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      headers.host = target.host; // an absolute-form target wins over the Host header (RFC 9112, 3.2.2)
      const forward = http.request({
        createConnection: () => upstream,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers,
      });
      forward.on('response', (answer) => {
        const answerHeaders: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
        answer.pipe(response);
      });
      forward.on('error', () => {
        if (!response.headersSent) response.writeHead(502).end();
        else response.destroy();
      });
      request.pipe(forward);
    })();
  });

  // A WebSocket handshake as a plain proxy request: refused, never passed on.
  server.on('upgrade', (_request: http.IncomingMessage, socket: Duplex) => {
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
  });

  // https and wss: a tunnel to the checked address, carrying TLS only.
  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    void (async () => {
      // host:port, the host a name, an IPv4 address or a bracketed IPv6 address
      const authority = /^([^/?#@\s]+):(\d{1,5})$/.exec(request.url ?? '');
      let hostname: string;
      try {
        hostname = new URL(`http://${authority?.[1]}`).hostname;
        if (!authority || Number(authority[2]) > 65_535) throw new Error('not host:port');
      } catch {
        client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const port = Number(authority[2]);
      let addresses: string[];
      try {
        addresses = await allowed(hostname);
      } catch {
        client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      const first =
        head.length > 0
          ? head
          : await new Promise<Buffer | null>((done) => {
              client.once('data', (data: Buffer) => {
                client.pause();
                done(data);
              });
              client.once('close', () => done(null));
            });
      // A ws: handshake (or anything else in clear) never reaches the target.
      if (!first || first[0] !== TLS_HANDSHAKE) {
        client.destroy();
        return;
      }
      let upstream: net.Socket;
      try {
        upstream = await dial(hostname, addresses, port);
      } catch {
        client.destroy();
        return;
      }
      upstream.write(first);
      upstream.pipe(client);
      client.pipe(upstream);
      client.resume();
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    })();
  });

  server.on('connection', track);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as net.AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    refusalFor: (host) => refusals.get(host.toLowerCase()),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
