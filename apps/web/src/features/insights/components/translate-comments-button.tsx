import { aiModelNeeded, aiRoutes, translationTarget } from '@limbus/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../../api';
import { insightKeys } from '../api';
import { useAiUsage } from '../wizard/wizard-api';

const aiApi = bindRoutes(aiRoutes);

type TranslatableTest = { id: number; translation: string; translation_language: string };

/**
 * Translates the test's comments and open answers that have none, a batch per click, when the test
 * has translation on; says how many were translated and how many remain. With the offline provider
 * (AI_PROVIDER=local), which cannot translate, the button is disabled and says so and what to set.
 */
export function TranslateCommentsButton({ test }: { test: TranslatableTest }) {
  const queryClient = useQueryClient();
  const usage = useAiUsage(test.id);
  const translate = useMutation({
    mutationFn: () => aiApi.translateComments({ id: test.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.all }),
  });
  const language = translationTarget(test);
  if (!language) return null;
  const result = translate.data;
  const offline = usage.data?.language_model === false;
  const noteId = `translate-note-${test.id}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconLanguage size={16} aria-hidden />}
        loading={translate.isPending}
        disabled={offline}
        aria-describedby={offline ? noteId : undefined}
        onClick={() => translate.mutate()}
      >
        Translate comments into {language}
      </Button>
      {offline ? (
        <Text id={noteId} size="xs" c="dimmed" maw={460}>
          {aiModelNeeded('translation')}
        </Text>
      ) : null}
      <Text size="sm" c={translate.isError ? 'red.8' : 'dimmed'} aria-live="polite">
        {translate.isError ? translate.error.message : null}
        {result
          ? `${result.translated} translated${result.remaining > 0 ? `, ${result.remaining} still without a translation` : ''}.`
          : null}
      </Text>
    </Group>
  );
}
