import type { Expression } from '@limbus/analytics';
import { fillPath, type JoinRemoteStudyInput, remoteRoutes, voiceRoutes } from '@limbus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bindRoutes, createApiClient } from '../../api';

/**
 * The participant created by consenting, and its session credential (in memory, and in the tab's
 * sessionStorage so that a reload resumes it: session-store.ts).
 */
export type RemoteSession = { participantId: number; token: string; expiresAt: number };

const remoteApiWith = (authorization: string) =>
  bindRoutes(remoteRoutes, createApiClient({ credential: () => ({ Authorization: authorization }) }));

/** A stream batch as JSON columns (docs/ingestion.md); null stands for a lost gaze sample. */
export type EyeColumns = { timestamp: number[]; x: (number | null)[]; y: (number | null)[] };
export type MouseColumns = {
  timestamp: number[];
  x: number[];
  y: number[];
  scroll_y: number[];
  page_height: number[];
  click: number[];
  url: string[];
};
/** Facial expression scores 0–1 (the classifier's seven classes), named for what they are. */
export type ExpressionColumns = { timestamp: number[] } & Record<Expression, number[]>;
export type StreamColumns = { eyes: EyeColumns; mice: MouseColumns; expressions: ExpressionColumns };

/**
 * The session's calls: the route table's, its batch upload, whose body (the codec's bytes or
 * JSON columns) the route leaves to the ingestion service to check, so it has no schema to type,
 * and its spoken audio's chunks (the recorder's bytes, sent under the chunk's media type).
 */
function sessionApiWith(token: string) {
  const client = createApiClient({ credential: () => ({ Authorization: `Session ${token}` }) });
  return {
    ...bindRoutes(remoteRoutes, client),
    uploadBatch: <K extends keyof StreamColumns>(kind: K, seq: number, columns: StreamColumns[K]) =>
      client.request('PUT', fillPath(remoteRoutes.batch.path, { kind, seq: String(seq) }), { body: columns }),
    uploadVoiceChunk: (take: number, seq: number, chunk: Blob) =>
      client.request('PUT', fillPath(voiceRoutes.chunk.path, { take: String(take), seq: String(seq) }), {
        body: chunk,
      }),
  };
}

/**
 * The participant's calls, sent with the link's token (never the session of a signed-in user).
 * The token lives in memory: the address, this client and the query cache.
 */
function useRemoteApi(token: string) {
  return useMemo(() => remoteApiWith(`Remote ${token}`), [token]);
}

/** The calls of a participant's session: its uploads and its end. */
export function useSessionApi(session: RemoteSession) {
  return useMemo(() => sessionApiWith(session.token), [session.token]);
}
export type SessionApi = ReturnType<typeof sessionApiWith>;

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

/** Consenting: one participant of the study, with its consent, and its session. */
export function useJoinStudy(token: string) {
  const remoteApi = useRemoteApi(token);
  return useMutation({
    mutationFn: async (input: JoinRemoteStudyInput): Promise<RemoteSession> => {
      const { data } = await remoteApi.join({ body: input });
      return {
        participantId: data.participant_id,
        token: data.session_token,
        expiresAt: data.session_expires_at,
      };
    },
  });
}

/**
 * Where a stored session stands (after a reload): read once, and not again while the flow runs,
 * which goes on from what it answered.
 */
export function useSessionProgress(session: RemoteSession) {
  const sessionApi = useSessionApi(session);
  return useQuery({
    queryKey: ['remote-progress', session.token],
    queryFn: async ({ signal }) => (await sessionApi.progress({ signal })).data,
    // an ended session does not come back by asking again; a lost connection is tried again by hand
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
