import { api } from './client';
import { readToken } from './session';

/**
 * A file of the API that answers bytes, not JSON (sample streams), fetched with the session's
 * token and one silent refresh on 401, as the JSON client does. `url` is an address under /api/v1.
 */
export async function fetchApiFile(url: string, signal?: AbortSignal): Promise<Response> {
  const load = () => {
    const token = readToken();
    return fetch(url, { headers: token ? { Authorization: token } : {}, credentials: 'include', signal });
  };
  const response = await load();
  if (response.status === 401 && (await api.refreshSession())) return load();
  return response;
}
