import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy in front of a listening app that injects the faults a recorder meets on a
 * real network: an error status instead of the answer, a connection dropped in the middle of a
 * request body, or an answer lost after the server did the work.
 */

export type ProxiedRequest = {
  method: string;
  path: string;
  /** Method and path with the numbers taken out ("PUT /api/v1/ingest/participants/#/streams/eyes/batches/#"). */
  kind: string;
  /** 1 for the first request of its kind, 2 for the second… */
  nth: number;
};

export type Fault =
  | 'pass'
  /** Answers this status (503, 429) without forwarding the request. */
  | { status: number }
  /** Forwards half of the body, then drops both connections. */
  | 'drop-mid-body'
  /** Forwards the request, lets the server answer, then drops the client's connection instead of relaying. */
  | 'drop-answer';

export type FaultPlan = {
  before: (request: ProxiedRequest) => Fault;
  /** After the server answered a passed request: true drops the answer (the work is done, the client never hears). */
  after?: (request: ProxiedRequest, answer: { status: number; body: string }) => boolean;
};

export type FaultProxy = {
  url: string;
  /** Every request with the fault it met (`drop-answer` also for answers `after` dropped). */
  log: (ProxiedRequest & { fault: string })[];
  close: () => Promise<void>;
};

const kindOf = (method: string, path: string) =>
  `${method} ${path.split('?')[0]?.replace(/\/\d+(?=\/|$)/g, '/#')}`;

export async function startFaultProxy(target: string, plan: FaultPlan): Promise<FaultProxy> {
  const upstreamUrl = new URL(target);
  const seen = new Map<string, number>();
  const log: FaultProxy['log'] = [];

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const kind = kindOf(method, path);
    const nth = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, nth);
    const request: ProxiedRequest = { method, path, kind, nth };
    const fault = plan.before(request);
    const entry = { ...request, fault: typeof fault === 'string' ? fault : String(fault.status) };
    log.push(entry);

    if (typeof fault === 'object') {
      req.resume();
      res.writeHead(fault.status, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ code: 'internal', message: `injected ${fault.status}` }));
      return;
    }

    const upstream = http.request({
      host: upstreamUrl.hostname,
      port: upstreamUrl.port,
      method,
      path,
      headers: req.headers,
    });
    upstream.on('error', () => req.socket.destroy());
    upstream.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const status = answer.statusCode ?? 502;
        if (fault === 'drop-answer' || plan.after?.(request, { status, body: body.toString('utf8') })) {
          entry.fault = 'drop-answer';
          req.socket.destroy();
          return;
        }
        res.writeHead(status, answer.headers);
        res.end(body);
      });
    });

    if (fault !== 'drop-mid-body') {
      req.pipe(upstream);
      return;
    }
    const cut = Math.floor(Number(req.headers['content-length'] ?? 0) / 2);
    let sent = 0;
    req.on('data', (chunk: Buffer) => {
      if (sent >= cut) return;
      const piece = chunk.subarray(0, cut - sent);
      sent += piece.length;
      upstream.write(piece);
      // Cut both connections mid-body once the server holds some of what arrived (a fixed pause
      // was too short on a loaded machine: the cut then came before any byte was stored).
      if (sent >= cut)
        void untilServerHolds(req).then(() => {
          upstream.destroy();
          req.socket.destroy();
        });
    });
  });

  /** Asks the upload's offset (HEAD, as the import CLI does) until it is above 0, for at most 30 s (CI's loaded machine took over 10). */
  async function untilServerHolds(req: http.IncomingMessage) {
    const headers = { authorization: req.headers.authorization ?? '' };
    for (let waited = 0; waited < 30_000; waited += 25) {
      const answer = await fetch(new URL(req.url ?? '/', upstreamUrl), { method: 'HEAD', headers });
      if (Number(answer.headers.get('upload-offset')) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
