export { ApiError, isApiError, NETWORK_ERROR_STATUS } from './api-error';
export { API_BASE, type ApiClient, type ApiClientConfig, api, createApiClient } from './client';
export {
  clearSession,
  getSession,
  readToken,
  readUser,
  type Session,
  storeAccessToken,
  storeSession,
  storeUser,
  subscribeSession,
  TOKEN_KEY,
  USER_KEY,
  waitForToken,
} from './session';
export { useSession } from './use-session';
