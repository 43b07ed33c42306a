export { ApiError, isApiError, NETWORK_ERROR_STATUS } from './api-error';
export { type BoundRoutes, bindRoutes, type CallInput } from './bind-routes';
export { API_BASE, type ApiClient, type ApiClientConfig, api, createApiClient } from './client';
export { fetchApiFile } from './fetch-file';
export { sendMultipart, type UploadOptions } from './send-multipart';
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
