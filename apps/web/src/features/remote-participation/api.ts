import { remoteRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bindRoutes, createApiClient } from '../../api';

/**
 * The participant's calls, sent with the link's token (never the session of a signed-in user).
 * The token lives in memory only: the address, this client and the query cache.
 */
function useRemoteApi(token: string) {
  return useMemo(
    () =>
      bindRoutes(remoteRoutes, createApiClient({ credential: () => ({ Authorization: `Remote ${token}` }) })),
    [token],
  );
}

/** The study the link opens: its name, kind, language, consent terms and the link's end. */
export function useRemoteStudy(token: string) {
  const remoteApi = useRemoteApi(token);
  return useQuery({
    queryKey: ['remote-study', token],
    queryFn: async ({ signal }) => (await remoteApi.study({ signal })).data,
    // a refusal (unknown, full, expired, closed) does not change by asking again
    retry: false,
    refetchOnWindowFocus: false,
  });
}
