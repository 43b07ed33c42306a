import { translationTarget } from '@limbus/contract';
import { useParticipants } from '../participants';
import { useInsights, useParticipantPoints } from './api';
import { useAiUsage } from './wizard/wizard-api';

type InsightsTest = { id: number; translation: string; translation_language: string };

/**
 * Whether the research insights screen's first view has its answers: the AI usage (the translate
 * button's note), the participants, the first participant's feedback and the insights. The screen
 * shows its loader until then, so that nothing moves as each answer arrives: on a phone every part
 * pushed the next one down (CLS 0.15). A failed answer counts as in: its part shows the error.
 */
export function useInsightsFirstViewLoaded(test: InsightsTest): boolean {
  const usage = useAiUsage(test.id);
  const participants = useParticipants(test.id);
  const firstPoints = useParticipantPoints(test.id, participants.data?.[0]?.id);
  const insights = useInsights(test.id);
  const translates = translationTarget(test) !== null;
  return (
    !(translates && usage.isLoading) &&
    !participants.isLoading &&
    !firstPoints.isLoading &&
    !insights.isLoading
  );
}
