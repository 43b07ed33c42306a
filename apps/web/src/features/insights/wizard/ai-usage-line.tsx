import { Text } from '@mantine/core';
import { formatCount, formatMonth } from '../../../ui';
import { useAiUsage } from './wizard-api';

/** This month's AI tokens of the test's company beside its budget, so researchers see the cost. */
export function AiUsageLine({ testId }: { testId: number }) {
  const usage = useAiUsage(testId);
  if (!usage.data) return null;
  const { used_tokens: used, budget_tokens: budget, month, insight_language: language } = usage.data;
  const isOver = used >= budget;
  return (
    <Text size="sm" c={isOver ? 'red.8' : 'dimmed'} data-testid="ai-usage">
      AI use in {formatMonth(month)}: {formatCount(used)} of {formatCount(budget)} tokens
      {isOver ? ' (budget used up)' : ''} · insights are written in {language}
    </Text>
  );
}
