import { aiRoutes, type GeneratedInsight, type InsightProposal, insightRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../../api';
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

/** One tag's proposal, written by the server's AI provider; nothing is saved. */
export function useGenerateProposal(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { tag_id: number; focus_point?: string }) =>
      aiApi.generateInsight({ id: testId, body: request }),
    onSuccess: (answer) => queryClient.setQueryData(aiUsageKey(testId), answer.usage),
  });
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
