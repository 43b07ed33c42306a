import { SHARE_UNLOCK_HEADER, type ShareLinkInput, sharedRoutes, shareLinkRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { bindRoutes, createApiClient } from '../../api';
import { cohortParam, useCohort } from '../cohorts';

const shareLinkApi = bindRoutes(shareLinkRoutes);

export const shareLinkKeys = {
  list: (companyId: number) => ['share-links', companyId] as const,
  shared: (token: string, unlocked: boolean) => ['shared', token, unlocked] as const,
};

/** A company's links (its admins). */
export function useShareLinks(companyId: number) {
  return useQuery({
    queryKey: shareLinkKeys.list(companyId),
    queryFn: async ({ signal }) => (await shareLinkApi.list({ id: companyId, signal })).data,
  });
}

export function useCreateShareLink(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: ShareLinkInput) => shareLinkApi.create({ id: testId, body: { share_link: link } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['share-links'] }),
  });
}

export function useRevokeShareLink(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => shareLinkApi.revoke({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinkKeys.list(companyId) }),
  });
}

// ── the visitor: the link's token, and the unlock of a password-protected link ──

const unlockKey = (token: string) => `limbus-share-unlock:${token}`;

/** The unlock this browser keeps for a link, while it lasts (24 h). */
function readUnlock(token: string): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(unlockKey(token)) ?? 'null') as {
      unlock_token: string;
      expires_at: number;
    } | null;
    if (stored && stored.expires_at * 1000 > Date.now()) return stored.unlock_token;
  } catch {
    // a value that is not ours: as none
  }
  return undefined;
}

/** The visitor's calls, sent with the link's token (never the session of a signed-in user). */
export function useSharedApi(token: string) {
  const [unlock, setUnlock] = useState(() => readUnlock(token));
  const sharedApi = useMemo(() => {
    const client = createApiClient({
      credential: () => ({
        Authorization: `Share ${token}`,
        ...(unlock ? { [SHARE_UNLOCK_HEADER]: unlock } : {}),
      }),
    });
    return bindRoutes(sharedRoutes, client);
  }, [token, unlock]);
  const remember = (answer: { unlock_token: string; expires_at: number }) => {
    localStorage.setItem(unlockKey(token), JSON.stringify(answer));
    setUnlock(answer.unlock_token);
  };
  return { sharedApi, unlocked: unlock !== undefined, remember };
}

export type SharedApi = ReturnType<typeof useSharedApi>['sharedApi'];

export function useSharedLink(api: SharedApi, token: string, unlocked: boolean) {
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, unlocked), 'link'],
    queryFn: async ({ signal }) => (await api.get({ signal })).data,
    retry: false,
  });
}

export function useSharedOverview(api: SharedApi, token: string, enabled: boolean) {
  const cohort = useCohort();
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'overview', cohort],
    queryFn: async ({ signal }) =>
      (await api.overview({ query: { cohort: cohortParam(cohort) }, signal })).data,
    enabled,
    retry: false,
  });
}

export function useSharedInsights(api: SharedApi, token: string, enabled: boolean) {
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'insights'],
    queryFn: async ({ signal }) => (await api.insights({ signal })).data,
    enabled,
    retry: false,
  });
}

export function useSharedInsight(api: SharedApi, token: string, number: number | null) {
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'insight', number],
    queryFn: async ({ signal }) => (await api.insight({ number: number ?? 0, signal })).data,
    enabled: number !== null,
    retry: false,
  });
}

/** The published evidence reel of a reel link's insight. */
export function useSharedReel(api: SharedApi, token: string) {
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'reel'],
    queryFn: async ({ signal }) => (await api.reel({ signal })).data,
    retry: false,
  });
}

export function useSharedPages(api: SharedApi, token: string) {
  const cohort = useCohort();
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'pages', cohort],
    queryFn: async ({ signal }) => (await api.pages({ query: { cohort: cohortParam(cohort) }, signal })).data,
    retry: false,
  });
}

export function useSharedTags(api: SharedApi, token: string) {
  const cohort = useCohort();
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'tags', cohort],
    queryFn: async ({ signal }) => (await api.tags({ query: { cohort: cohortParam(cohort) }, signal })).data,
    retry: false,
  });
}

export function useSharedHeatmaps(api: SharedApi, token: string) {
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'heatmaps'],
    queryFn: async ({ signal }) => (await api.heatmaps({ signal })).data,
    retry: false,
  });
}

/** The gaze on one heatmap page, over the participants the link shows. */
export function useSharedHeatmapPoints(api: SharedApi, token: string, heatmapId: number | null) {
  const cohort = useCohort();
  return useQuery({
    queryKey: [...shareLinkKeys.shared(token, true), 'heatmap-points', heatmapId, cohort],
    queryFn: async ({ signal }) =>
      (await api.heatmapPoints({ hid: heatmapId ?? 0, query: { cohort: cohortParam(cohort) }, signal })).data,
    enabled: heatmapId !== null,
    retry: false,
  });
}
