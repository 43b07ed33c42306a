import {
  type AreaOfInterestChanges,
  type NewAreaOfInterest,
  type NewPredictionProject,
  type Prediction,
  type PredictionCapture,
  type PredictionProjectChanges,
  predictionRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes, type UploadOptions } from '../../api';

export const predictionKeys = {
  all: ['predictions'] as const,
  list: () => [...predictionKeys.all, 'list'] as const,
  detail: (id: number) => [...predictionKeys.all, 'detail', id] as const,
  projects: () => [...predictionKeys.all, 'projects'] as const,
  project: (id: number) => [...predictionKeys.all, 'projects', id] as const,
  page: (testId: number, heatmapId: number) => [...predictionKeys.all, 'page', testId, heatmapId] as const,
};

const api = bindRoutes(predictionRoutes);

/** The company's predictions, newest first. */
export function usePredictions() {
  return useQuery({
    queryKey: predictionKeys.list(),
    queryFn: ({ signal }) => api.list({ signal }),
  });
}

/** One prediction; asked again every GENERATION_POLL_MS while its generation is queued or running. */
export function usePrediction(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: predictionKeys.detail(id),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<Prediction>(predictionKeys.detail(id));
      const prediction = await api.get({ id, signal });
      // A generation that just ended changes the cards of the lists too.
      if (isPending(before) && !isPending(prediction))
        void queryClient.invalidateQueries({ queryKey: predictionKeys.list() });
      return prediction;
    },
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    refetchInterval: (query) => (isPending(query.state.data) ? GENERATION_POLL_MS : false),
  });
}

/** One screenshot to predict: an image file, or a page the server captures. */
export type UploadSource =
  | { kind: 'file'; file: File }
  | { kind: 'capture'; capture: Omit<PredictionCapture, 'title' | 'project_id'> };

export type UploadStep = 'creating' | 'generating' | 'updating' | 'done';

/** How often the screens ask how a queued generation is getting on. */
export const GENERATION_POLL_MS = 1000;

const isPending = (prediction: Prediction | undefined) =>
  prediction?.generation?.state === 'queued' || prediction?.generation?.state === 'running';

/** A generation job that failed, with the server's reason. */
export class GenerationFailedError extends Error {}

/** Asks until the prediction's generation job is done (answers it) or failed (throws its reason). */
async function waitForGeneration(
  queued: Prediction,
  onGeneration: (progress: number) => void,
): Promise<Prediction> {
  let prediction = queued;
  while (isPending(prediction)) {
    onGeneration(prediction.generation?.progress ?? 0);
    await new Promise((resolve) => setTimeout(resolve, GENERATION_POLL_MS));
    prediction = await api.get({ id: prediction.id });
  }
  if (prediction.generation?.state === 'failed')
    throw new GenerationFailedError(prediction.generation.message ?? 'The prediction could not be made');
  return prediction;
}

/**
 * Spec 3 'Upload': create (upload the file, or capture the page on the server), generate (a job
 * on the server, asked after until its images exist), then update the lists, in sequence;
 * `onStep` tells which step runs, `onProgress` the share sent and `onGeneration` the job's
 * progress. With `createdId` (a retry after a failed generation) the create step is skipped.
 */
export function useUploadPrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      source,
      title,
      projectId,
      createdId,
      onStep,
      onProgress,
      onCreated,
      onGeneration,
    }: {
      source: UploadSource;
      title: string;
      projectId: number | null;
      createdId: number | null;
      onStep: (step: UploadStep) => void;
      onCreated: (id: number) => void;
      onGeneration: (progress: number) => void;
    } & Pick<UploadOptions, 'onProgress'>) => {
      let id = createdId;
      if (id === null) {
        onStep('creating');
        id = (await createFrom(source, title, projectId, onProgress)).id;
        onCreated(id);
      }
      onStep('generating');
      const generated = await waitForGeneration(await api.generate({ id }), onGeneration);
      onStep('updating');
      queryClient.setQueryData(predictionKeys.detail(generated.id), generated);
      await queryClient.invalidateQueries({ queryKey: predictionKeys.all });
      onStep('done');
      return generated;
    },
  });
}

function createFrom(
  source: UploadSource,
  title: string,
  projectId: number | null,
  onProgress: UploadOptions['onProgress'],
): Promise<Prediction> {
  if (source.kind === 'capture')
    return api.capture({ body: { prediction: { ...source.capture, title, project_id: projectId } } });
  const form = new FormData();
  form.append('title', title);
  if (projectId !== null) form.append('project_id', String(projectId));
  form.append('file', source.file);
  return api.create({ form, onProgress });
}

/** A company's prediction projects, newest first. */
export function useProjects() {
  return useQuery({
    queryKey: predictionKeys.projects(),
    queryFn: ({ signal }) => api.listProjects({ signal }),
  });
}

/** One project with its heatmaps. */
export function useProject(id: number) {
  return useQuery({
    queryKey: predictionKeys.project(id),
    queryFn: ({ signal }) => api.getProject({ id, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: NewPredictionProject) => api.createProject({ body: { project } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: predictionKeys.projects() }),
  });
}

export function useUpdateProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: PredictionProjectChanges) => api.updateProject({ id, body: { project } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: predictionKeys.projects() }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteProject({ id }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: predictionKeys.project(id) });
      void queryClient.invalidateQueries({ queryKey: predictionKeys.all });
    },
  });
}

export function useGeneratePrediction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.generate({ id }),
    onSuccess: (prediction) => {
      queryClient.setQueryData(predictionKeys.detail(id), prediction);
      void queryClient.invalidateQueries({ queryKey: predictionKeys.list() });
    },
  });
}

export function useDeletePrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete({ id }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: predictionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: predictionKeys.list() });
    },
  });
}

/** After a change of its boxes the prediction is fetched again. */
function useAreaMutation<V, T>(id: number, call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: predictionKeys.detail(id) }),
  });
}

export const useCreateArea = (id: number) =>
  useAreaMutation(id, (area: NewAreaOfInterest) => api.createArea({ id, body: { area_of_interest: area } }));

export const useUpdateArea = (id: number) =>
  useAreaMutation(id, ({ aid, changes }: { aid: number; changes: AreaOfInterestChanges }) =>
    api.updateArea({ id, aid, body: { area_of_interest: changes } }),
  );

export const useDeleteArea = (id: number) =>
  useAreaMutation(id, (aid: number) => api.deleteArea({ id, aid }));

/** Spec 3 'Predictions': only entries with an image and a title are shown; search by title. */
export function filterPredictions(predictions: Prediction[], search: string): Prediction[] {
  const needle = search.trim().toLowerCase();
  return predictions.filter(
    (prediction) =>
      prediction.title.trim() !== '' &&
      prediction.image !== '' &&
      prediction.title.toLowerCase().includes(needle),
  );
}

/** The newest prediction of a test's heatmap page; null while there is none. */
export function usePagePrediction(testId: number, heatmapId: number) {
  return useQuery({
    queryKey: predictionKeys.page(testId, heatmapId),
    queryFn: async ({ signal }) =>
      (await api.pagePrediction({ id: testId, hid: heatmapId, signal })).prediction,
  });
}

/** Predicts a heatmap page's screenshot (a new prediction of the test's company). */
export function usePredictPage(testId: number, heatmapId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.predictPage({ id: testId, hid: heatmapId }),
    onSuccess: (prediction) => {
      queryClient.setQueryData(predictionKeys.page(testId, heatmapId), prediction);
      void queryClient.invalidateQueries({ queryKey: predictionKeys.list() });
    },
  });
}
