import type { Box } from '@limbus/analytics';
import {
  type Cohort,
  type HeatmapInput,
  type HeatmapKind,
  type HeatmapPage,
  type HeatmapPeakEmotion,
  heatmapRoutes,
  type TestDetail,
} from '@limbus/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { cohortParam, useCohort } from '../cohorts';
import { testKeys } from '../user-tests';

export const heatmapKeys = {
  all: ['heatmaps'] as const,
  list: (testId: number) => [...heatmapKeys.all, testId, 'list'] as const,
  points: (testId: number, id: number, query: PointsQuery) =>
    [...heatmapKeys.all, testId, 'points', id, query] as const,
  analysis: (testId: number, id: number, what: string, query: object) =>
    [...heatmapKeys.all, testId, 'analysis', id, what, query] as const,
};

const api = bindRoutes(heatmapRoutes);

export type FirstSecondsChoice = 'all' | '1' | '2' | '5' | '10' | '20' | '30' | '60';
export type PointsQuery = {
  kind: HeatmapKind;
  firstSeconds: FirstSecondsChoice;
  participantId?: number;
  /** Only the gaze around this emotion's peaks. */
  peaks?: HeatmapPeakEmotion;
};

const isCapturing = (page: HeatmapPage) =>
  page.capture?.state === 'queued' || page.capture?.state === 'running';

export const heatmapsQuery = (testId: number) =>
  queryOptions({
    queryKey: heatmapKeys.list(testId),
    queryFn: async ({ signal }) => (await api.list({ id: testId, signal })).data.heatmaps,
  });

/**
 * The test's heatmap pages; polled every 2 s while a capture runs, so that its progress shows.
 * Until they arrive, the pages the test's detail holds (asked for when the app starts) stand in:
 * the screenshot is then asked for one round trip sooner.
 */
export function useHeatmaps(testId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...heatmapsQuery(testId),
    placeholderData: queryClient.getQueryData<TestDetail>(testKeys.detail(String(testId)))?.heatmaps,
    refetchInterval: (query) => (query.state.data?.some(isCapturing) ? 2000 : false),
  });
}

/** What a heatmap page shows first: everyone's gaze over whole visits. */
export const FIRST_VIEW = { kind: 'gaze', firstSeconds: 'all' } as const satisfies Omit<
  PointsQuery,
  'participantId'
>;

/** Gaze or click points of one page in page px, packed [x0, y0, x1, y1, …]. */
export const heatmapPointsQuery = (testId: number, id: number, query: PointsQuery, cohort: Cohort = 'all') =>
  queryOptions({
    queryKey: [...heatmapKeys.points(testId, id, query), cohort],
    queryFn: async ({ signal }) =>
      (
        await api.points({
          id: testId,
          hid: id,
          query: {
            kind: query.kind,
            first_seconds: query.firstSeconds,
            participant_id: query.participantId,
            peaks: query.peaks,
            cohort: cohortParam(cohort),
          },
          signal,
        })
      ).data,
  });

export function useHeatmapPoints(testId: number, id: number | null, query: PointsQuery, enabled = true) {
  const cohort = useCohort();
  return useQuery({ ...heatmapPointsQuery(testId, id ?? 0, query, cohort), enabled: enabled && id !== null });
}

/** `left,top,width,height;…` in whole page px, as the areas call takes them. */
export const areasParam = (boxes: readonly Box[]) =>
  boxes.map((box) => [box.left, box.top, box.width, box.height].map(Math.round).join(',')).join(';');

/** Time to first fixation, dwell, share who looked, revisits and emotions of each drawn area. */
export function useAreaMetrics(
  testId: number,
  id: number,
  boxes: readonly Box[],
  firstSeconds: FirstSecondsChoice,
) {
  const areas = areasParam(boxes);
  const cohort = useCohort();
  return useQuery({
    queryKey: heatmapKeys.analysis(testId, id, 'areas', { areas, firstSeconds, cohort }),
    queryFn: async ({ signal }) =>
      (
        await api.areas({
          id: testId,
          hid: id,
          query: { areas, first_seconds: firstSeconds, cohort: cohortParam(cohort) },
          signal,
        })
      ).data,
    enabled: boxes.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The gaze plot's fixations of the chosen participants. */
export function useFixations(
  testId: number,
  id: number,
  participantIds: readonly number[],
  firstSeconds: FirstSecondsChoice,
) {
  const ids = participantIds.join(',');
  return useQuery({
    queryKey: heatmapKeys.analysis(testId, id, 'fixations', { ids, firstSeconds }),
    queryFn: async ({ signal }) =>
      (
        await api.fixations({
          id: testId,
          hid: id,
          query: { participant_ids: ids, first_seconds: firstSeconds },
          signal,
        })
      ).data.participants,
    enabled: participantIds.length > 0,
  });
}

export function useScrollReach(testId: number, id: number, enabled: boolean) {
  const cohort = useCohort();
  return useQuery({
    queryKey: heatmapKeys.analysis(testId, id, 'scroll', { cohort }),
    queryFn: async ({ signal }) =>
      (await api.scrollReach({ id: testId, hid: id, query: { cohort: cohortParam(cohort) }, signal })).data,
    enabled,
  });
}

function useRefreshList(testId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: heatmapKeys.list(testId) });
}

export function useCreateHeatmap(testId: number) {
  const refresh = useRefreshList(testId);
  return useMutation({
    mutationFn: async (heatmap: HeatmapInput) => (await api.create({ id: testId, body: { heatmap } })).data,
    onSuccess: refresh,
  });
}

export function useUpdateHeatmap(testId: number) {
  const refresh = useRefreshList(testId);
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: HeatmapInput }) =>
      (await api.update({ id: testId, hid: id, body: { heatmap: changes } })).data,
    onSuccess: refresh,
  });
}

export function useDeleteHeatmap(testId: number) {
  const refresh = useRefreshList(testId);
  return useMutation({
    mutationFn: (id: number) => api.delete({ id: testId, hid: id }),
    onSuccess: refresh,
  });
}

export function useCaptureHeatmap(testId: number) {
  const refresh = useRefreshList(testId);
  return useMutation({
    mutationFn: async (id: number) => (await api.capture({ id: testId, hid: id })).data,
    onSuccess: refresh,
  });
}

/** Uploads a screenshot (checked by its bytes on the server); answers the name to store. */
export async function uploadHeatmapScreenshot(testId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api.upload({ id: testId, form })).name;
}
