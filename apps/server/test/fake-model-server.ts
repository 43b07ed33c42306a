import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model is asked: the request's path, headers and its parsed JSON body. */
export type ModelCall = { url: string; headers: http.IncomingHttpHeaders; body: unknown };

/**
 * An OpenAI-compatible endpoint on loopback for the AI tests: each request's JSON body is read
 * whole and handed to `answer`, which writes the reply. `baseUrl` is what AI_BASE_URL takes.
 */
export async function startFakeModel(answer: (call: ModelCall, response: http.ServerResponse) => void) {
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      answer({ url: request.url ?? '', headers: request.headers, body: JSON.parse(raw) }, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
