import { authRoutes, type ErrorBody, type HttpMethod } from '@limbus/contract';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { clearSession, readToken, storeAccessToken } from './session';

export const API_BASE = '/api/v1';

type Method = HttpMethod;
type QueryValue = string | number | boolean | undefined | null;
export type RequestOptions = {
  query?: Record<string, QueryValue>;
  /** JSON, or a Blob sent as its bytes under its own type (a recorder's audio). */
  body?: unknown;
  signal?: AbortSignal;
  /** The caller handles a 5xx itself (a poll logs it and asks again): no error page. */
  handlesServerError?: boolean;
};

export type ApiClientConfig = {
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Called when a 401 could not be healed by a refresh: the session is already cleared. */
  onSessionExpired?: () => void;
  /** Called on a 5xx answer that is the server's own fault (code internal, or no code). */
  onServerError?: (error: ApiError) => void;
  /**
   * The headers of a credential of its own (a share link's visitor: `Authorization: Share …`),
   * sent instead of the session's token; a 401 then is the caller's to read, never a refresh.
   */
  credential?: () => Record<string, string>;
};

/** Calls whose 401 means "wrong credentials" or "no session", never "token expired". */
const NO_REFRESH: ReadonlyArray<{ method: Method; path: string }> = [authRoutes.signIn, authRoutes.refresh];

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toErrorBody(status: number, body: unknown): Partial<ErrorBody> {
  if (body && typeof body === 'object') return body as Partial<ErrorBody>;
  return { message: typeof body === 'string' && body ? body : `Request failed with status ${status}` };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The fetch wrapper of the whole app: bearer token from the session, cookies included, one silent
 * refresh and retry on 401, ApiError on every failure.
 */
export function createApiClient(initial: ApiClientConfig = {}) {
  let config: ApiClientConfig = { ...initial };
  let refreshing: Promise<boolean> | null = null;

  const doFetch = (...args: Parameters<typeof fetch>) => (config.fetch ?? globalThis.fetch)(...args);
  const base = () => config.baseUrl ?? API_BASE;

  async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = readToken();
    if (config.credential) Object.assign(headers, config.credential());
    else if (token) headers.Authorization = token;
    const { body } = options;
    const isBytes = body instanceof Blob;
    if (isBytes) headers['Content-Type'] = body.type || 'application/octet-stream';
    else if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await doFetch(buildUrl(base(), path, options.query), {
        method,
        headers,
        credentials: config.credential ? 'omit' : 'include',
        body: isBytes || body === undefined ? body : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_ERROR_STATUS, {
        code: 'internal',
        message: 'The server could not be reached. Check your connection and try again.',
      });
    }
  }

  /** One refresh at a time: concurrent 401s share it, as the refresh cookie rotates on use. */
  function refresh(): Promise<boolean> {
    if (!refreshing) {
      refreshing = (async () => {
        try {
          const response = await send(authRoutes.refresh.method, authRoutes.refresh.path, {});
          if (!response.ok) return false;
          const body = (await readBody(response)) as { access_token?: unknown } | undefined;
          if (typeof body?.access_token !== 'string') return false;
          storeAccessToken(body.access_token);
          return true;
        } catch {
          return false;
        } finally {
          refreshing = null;
        }
      })();
    }
    return refreshing;
  }

  async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
    let response = await send(method, path, options);
    const mayRefresh =
      !config.credential && !NO_REFRESH.some((call) => call.method === method && call.path === path);
    if (response.status === 401 && mayRefresh) {
      if (await refresh()) {
        response = await send(method, path, options);
      } else {
        clearSession();
        config.onSessionExpired?.();
      }
    }
    const body = await readBody(response);
    if (response.ok) return body as T;
    const error = new ApiError(response.status, toErrorBody(response.status, body));
    // Our own server's faults go to the error page; a named failure of a service behind it (the AI
    // model: ai_failed, ai_unavailable) is for the screen to explain.
    if (response.status >= 500 && error.code === 'internal' && !options.handlesServerError)
      config.onServerError?.(error);
    throw error;
  }

  return {
    configure(next: ApiClientConfig) {
      config = { ...config, ...next };
    },
    request,
    /** The shared refresh, for calls made outside this client (uploads with progress use XMLHttpRequest). */
    refreshSession: refresh,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
      request<T>('POST', path, { ...options, body: body ?? {} }),
    patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T = void>(path: string, options?: Omit<RequestOptions, 'body'>) =>
      request<T>('DELETE', path, options),
  };
}

/** The app's client; main.tsx wires navigation into it. */
export const api = createApiClient();
