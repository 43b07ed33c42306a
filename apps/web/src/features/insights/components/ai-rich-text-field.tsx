import { type AiInsightField, aiOverwriteConfirm, INSIGHT_TEXT_PLACEHOLDER } from '@limbus/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../ui';
import { RichTextField } from '../../../ui/rich-text';
import { useGenerateInsightText } from '../api';

type Props = {
  testId: number;
  insightId: number;
  field: AiInsightField;
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** The hint of the empty field. */
  placeholder?: string;
};

/** Text a researcher wrote: anything but empty markup and the '...' a new insight starts with. */
function holdsText(html: string): boolean {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
  return text !== '' && text !== INSIGHT_TEXT_PLACEHOLDER;
}

/**
 * An insight's rich-text field with a button that has the server's AI write it from the saved
 * insight; existing text is replaced only after the spec's question (spec 2 §5).
 */
export function AiRichTextField({ testId, insightId, field, label, value, onChange, placeholder }: Props) {
  // The editor keeps its own state: a new key starts it again with the generated text.
  const [version, setVersion] = useState(0);
  const generate = useGenerateInsightText(testId, insightId);
  const fill = () =>
    generate.mutate(field, {
      onSuccess: ({ text }) => {
        onChange(text);
        setVersion((current) => current + 1);
      },
    });
  const handleGenerate = () => {
    if (!holdsText(value)) return fill();
    modals.openConfirmModal({
      title: 'Please confirm',
      centered: true,
      children: <Text size="sm">{aiOverwriteConfirm(field)}</Text>,
      labels: { confirm: 'Proceed', cancel: 'Cancel' },
      onConfirm: fill,
    });
  };

  return (
    <Stack gap={4}>
      <RichTextField
        key={version}
        label={label}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
      />
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconSparkles size={14} aria-hidden />}
          loading={generate.isPending}
          onClick={handleGenerate}
        >
          Generate {field}
        </Button>
        {generate.isPending ? (
          <Text size="xs" c="dimmed" role="status">
            Writing the {field} from the saved insight…
          </Text>
        ) : null}
      </Group>
      {generate.error ? (
        <ErrorAlert error={generate.error} title={`The ${field} could not be generated`} />
      ) : null}
    </Stack>
  );
}
