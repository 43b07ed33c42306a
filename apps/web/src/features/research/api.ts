import {
  type ScreenGeometryInput,
  testRoutes,
  testSetupRoutes,
  userRoutes,
  videoTestRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes, isApiError } from '../../api';
import { companyKeys } from '../organisation/api';
import { testKeys } from '../tests/api';
import type { TestWriteInput } from './setup-form';

/** How often the setup panel and the setups page ask for fresh heartbeats. */
export const SETUP_STATUS_POLL_MS = 10_000;

export const testSetupKeys = { all: ['test-setups'] as const };

const testApi = bindRoutes(testRoutes);
const testSetupApi = bindRoutes(testSetupRoutes);
const videoTestApi = bindRoutes(videoTestRoutes);

/** Every test (staff see every company's), with requester names. */
export function useResearchTests() {
  return useQuery({
    queryKey: testKeys.list(),
    queryFn: ({ signal }) => testApi.list({ signal }),
  });
}

/** Deletes a test; the whole test list is fetched again (spec 2 §7). */
export function useDeleteTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => testApi.delete({ id }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: testKeys.detail(String(id)) });
      return queryClient.invalidateQueries({ queryKey: testKeys.all });
    },
  });
}

/** The lab recorders with their live status; `isPolling` keeps asking while a panel shows them. */
export function useTestSetups({ isPolling = false }: { isPolling?: boolean } = {}) {
  return useQuery({
    queryKey: testSetupKeys.all,
    queryFn: async ({ signal }) => (await testSetupApi.list({ signal })).data.test_setups,
    refetchInterval: isPolling ? SETUP_STATUS_POLL_MS : false,
  });
}

export function useCreateTestSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setup: { name: string; ip: string }) => testSetupApi.create({ body: setup }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testSetupKeys.all }),
  });
}

/** Changes a setup's screen geometry (null: the documented default). */
export function useUpdateTestSetupGeometry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, geometry }: { id: number; geometry: ScreenGeometryInput | null }) =>
      testSetupApi.update({ id, body: { geometry } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testSetupKeys.all }),
  });
}

/** A new key for a setup; the old one stops working. */
export function useRotateTestSetupKey() {
  return useMutation({
    mutationFn: (id: number) => testSetupApi.rotateKey({ id }),
  });
}

export function useDeleteTestSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => testSetupApi.delete({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testSetupKeys.all }),
  });
}

/** Categories and flows change with a deploy, not during a session. */
const REFERENCE_STALE_MS = 10 * 60_000;

export const referenceKeys = { categories: ['categories'] as const, flows: ['flows'] as const };

export function useCategories() {
  return useQuery({
    queryKey: referenceKeys.categories,
    queryFn: ({ signal }) => testApi.categories({ signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useFlows() {
  return useQuery({
    queryKey: referenceKeys.flows,
    queryFn: ({ signal }) => testApi.flows({ signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

const userApi = bindRoutes(userRoutes);

/** Every user of a company (the requester picker). */
export function useCompanyUsers(companyId: number | null) {
  return useQuery({
    queryKey: [...companyKeys.detail(companyId ?? 0), 'users'],
    queryFn: ({ signal }) => userApi.ofCompany({ id: companyId ?? 0, signal }),
    enabled: companyId !== null && companyId > 0,
  });
}

/** The users a test's researcher may be (the server keeps analysis staff). */
export function useResearchers() {
  return useQuery({
    queryKey: ['researchers'],
    queryFn: ({ signal }) => userApi.researchers({ signal }),
  });
}

/** Saves the setup editor; the test and the test lists are fetched again. */
export function useUpdateTest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (test: TestWriteInput) => testApi.update({ id, body: { test } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(testKeys.detail(String(id)), saved);
      return queryClient.invalidateQueries({ queryKey: testKeys.list() });
    },
  });
}

export const videoParticipantKey = (testId: number) => ['participants', 'video', testId] as const;

/** The result of video processing (a participant of type video_heatmap); null when there is none. */
export function useVideoParticipant(testId: number) {
  return useQuery({
    queryKey: videoParticipantKey(testId),
    queryFn: async ({ signal }) => {
      try {
        return await videoTestApi.participant({ query: { test_id: testId }, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export const testFileKeys = { list: (testId: number) => ['test-files', testId] as const };

/** The test's files for the research area (recordings, sample streams, video, report). */
export function useTestFiles(testId: number) {
  return useQuery({
    queryKey: testFileKeys.list(testId),
    queryFn: async ({ signal }) => (await testApi.files({ id: testId, signal })).files,
  });
}
