import {
  AI_GENERATION_POLL_MS,
  aiRoutes,
  type GeneratedInsight,
  type InsightGeneration,
  type InsightProposal,
  insightRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes, isApiError, NETWORK_ERROR_STATUS } from '../../../api';
import { insightKeys } from '../api';
import { insightOfProposal } from './proposal-to-insight';

const aiApi = bindRoutes(aiRoutes);
const insightsApi = bindRoutes(insightRoutes);

export const aiUsageKey = (testId: number) => ['ai-usage', testId] as const;

/** This month's AI tokens of the test's company beside its budget. */
export function useAiUsage(testId: number) {
  return useQuery({
    queryKey: aiUsageKey(testId),
    queryFn: ({ signal }) => aiApi.usage({ id: testId, signal }),
  });
}

/** A generation that failed, with the server's reason (which says what to do). */
export class GenerationFailedError extends Error {}

/** The first look comes sooner: with jobs in the server's process the local provider takes milliseconds. */
const FIRST_POLL_MS = 250;
/** Polls in a row that may fail (server restarting, network) before the wizard gives up on a tag. */
const POLL_FAILURES_ALLOWED = 10;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

const isTransient = (error: unknown) =>
  isApiError(error) && (error.status === NETWORK_ERROR_STATUS || error.status >= 500);

/**
 * Queues one tag's proposal (the server's job asks the AI provider; nothing is saved) and asks
 * about it every AI_GENERATION_POLL_MS until it is done (answers the proposal) or failed (throws
 * its reason); `onState` hears every state on the way. A failed poll is asked again on the next
 * tick, up to POLL_FAILURES_ALLOWED in a row.
 */
async function generateProposal(
  testId: number,
  request: { tag_id: number; focus_point?: string },
  onState: (generation: InsightGeneration) => void,
  signal?: AbortSignal,
): Promise<InsightProposal> {
  let generation = await aiApi.generateInsight({ id: testId, body: request, signal });
  let failures = 0;
  let wait = FIRST_POLL_MS;
  while (generation.state === 'queued' || generation.state === 'running') {
    onState(generation);
    await pause(wait, signal);
    wait = AI_GENERATION_POLL_MS;
    try {
      generation = await aiApi.insightGeneration({
        id: testId,
        gid: generation.id,
        signal,
        handlesServerError: true,
      });
      failures = 0;
    } catch (error) {
      if (!isTransient(error) || ++failures > POLL_FAILURES_ALLOWED) throw error;
    }
  }
  onState(generation);
  if (generation.state === 'failed' || !generation.result)
    throw new GenerationFailedError(
      generation.error?.message ??
        'The proposal could not be written. Try again, or write the insight yourself.',
    );
  return generation.result;
}

/** One tag's proposal through the server's generation job; the usage line follows its answer. */
export function useGenerateProposal(testId: number) {
  const queryClient = useQueryClient();
  return async (
    request: { tag_id: number; focus_point?: string },
    onState: (generation: InsightGeneration) => void,
    signal?: AbortSignal,
  ): Promise<InsightProposal> => {
    try {
      const answer = await generateProposal(testId, request, onState, signal);
      queryClient.setQueryData(aiUsageKey(testId), answer.usage);
      return answer;
    } catch (error) {
      // A failure may have been the budget: show this month's use as it is now.
      void queryClient.invalidateQueries({ queryKey: aiUsageKey(testId) });
      throw error;
    }
  };
}

export type ReviewedProposal = { proposal: GeneratedInsight; context: InsightProposal };

/** Saves the chosen proposals one after the other, so that their numbers follow the test's last. */
export function useSaveProposals(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (chosen: ReviewedProposal[]) => {
      for (const { proposal, context } of chosen) {
        const { insight, links } = insightOfProposal(proposal, context);
        const created = await insightsApi.create({ id: testId, body: { insight } });
        await insightsApi.update({ id: testId, iid: created.data.id, body: { insight: links } });
      }
      return chosen.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: insightKeys.list(testId) }),
  });
}
