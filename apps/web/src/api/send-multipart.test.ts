import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../test/fake-api';
import { ApiError } from './api-error';
import { sendMultipart } from './send-multipart';
import { readToken, storeAccessToken } from './session';

type Listener = ((event: ProgressEvent) => void) | null;

/** The browser's XMLHttpRequest at the edge: records each request and answers with the next reply. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static replies: Array<{ status: number; body: unknown; progress?: number[] }> = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const reply = FakeXhr.replies.shift() ?? { status: 500, body: {} };
    queueMicrotask(() => {
      for (const loaded of reply.progress ?? []) {
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      }
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    });
  }
}

describe('sendMultipart', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.replies = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storeAccessToken('first');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the form with the bearer token and reports the share uploaded', async () => {
    FakeXhr.replies.push({ status: 201, body: { id: 4 }, progress: [25, 100] });
    const body = new FormData();
    body.append('test[name]', 'Spot');
    const shares: number[] = [];

    const answer = await sendMultipart('POST', '/tests', body, { onProgress: (share) => shares.push(share) });

    expect(answer).toEqual({ id: 4 });
    expect(shares).toEqual([0.25, 1]);
    const [request] = FakeXhr.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/tests');
    expect(request?.headers.Authorization).toBe('Bearer first');
    expect(request?.withCredentials).toBe(true);
    expect(request?.body).toBe(body);
  });

  it('refreshes the session once on 401 and sends again with the new token', async () => {
    const fake = useFakeApi({ 'POST /refresh_token': { body: { access_token: 'second' } } });
    FakeXhr.replies.push({ status: 401, body: { code: 'unauthorized', message: 'Expired' } });
    FakeXhr.replies.push({ status: 200, body: { id: 4 } });

    await expect(sendMultipart('PATCH', '/tests/4', new FormData())).resolves.toEqual({ id: 4 });
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /refresh_token']);
    expect(FakeXhr.sent.map((request) => request.headers.Authorization)).toEqual([
      'Bearer first',
      'Bearer second',
    ]);
    expect(readToken()).toBe('Bearer second');
  });

  it("throws the server's error body as an ApiError", async () => {
    FakeXhr.replies.push({
      status: 415,
      body: { code: 'validation', message: 'Not a video', errors: { video: ['Not a video'] } },
    });
    const error = await sendMultipart('POST', '/tests', new FormData()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).fieldError('video')).toBe('Not a video');
  });
});
