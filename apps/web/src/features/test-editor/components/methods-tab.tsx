import { ADDONS, type AddonKey, TEST_SLOTS } from '@limbus/contract';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { formatSurcharge } from '../../../ui';
import type { QuestionSlot } from '../setup-form';
import type { SetupForm } from './setup-form-types';

function FocusElements({ form }: { form: SetupForm }) {
  const elements = form.values.focus_elements;
  const setElement = (index: number, text: string) =>
    form.setFieldValue(
      'focus_elements',
      elements.map((element, at) => (at === index ? text : element)),
    );
  return (
    <Stack gap="xs" role="group" aria-labelledby="focus-elements-title">
      <Text size="sm" fw={500} id="focus-elements-title">
        Areas of focus (at most {TEST_SLOTS.focus_elements})
      </Text>
      {elements.map((element, index) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions, not items
          key={index}
          aria-label={`Area of focus ${index + 1}`}
          value={element}
          onChange={(event) => setElement(index, event.currentTarget.value)}
        />
      ))}
    </Stack>
  );
}

/** Editable question slots; default associations are shown but belong to every test. */
function QuestionSlots({
  form,
  field,
  title,
  itemLabel,
}: {
  form: SetupForm;
  field: 'open_questions' | 'associations';
  title: string;
  itemLabel: string;
}) {
  const slots = form.values[field];
  const setText = (index: number, text: string) =>
    form.setFieldValue(
      field,
      slots.map((slot, at): QuestionSlot => (at === index ? { ...slot, text } : slot)),
    );
  const defaults = slots.filter((slot) => slot.isDefault);
  let extraNumber = 0;

  return (
    <Stack gap="xs" role="group" aria-labelledby={`${field}-title`}>
      <Text size="sm" fw={500} id={`${field}-title`}>
        {title}
      </Text>
      {defaults.length > 0 ? (
        <Group gap="xs" aria-label="Default associations" role="list">
          {defaults.map((slot) => (
            <Badge key={slot.id} variant="light" role="listitem">
              {slot.text}
            </Badge>
          ))}
        </Group>
      ) : null}
      {slots.map((slot, index) => {
        if (slot.isDefault) return null;
        extraNumber += 1;
        return (
          <TextInput
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions, not items
            key={index}
            aria-label={`${itemLabel} ${extraNumber}`}
            value={slot.text}
            onChange={(event) => setText(index, event.currentTarget.value)}
          />
        );
      })}
    </Stack>
  );
}

function UpgradeTile({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconLock size={20} aria-hidden />
          <div>
            <Text fw={600}>Upgrade</Text>
            <Text size="sm" c="dimmed">
              Open questions and associations are part of Professional tests.
            </Text>
          </div>
        </Group>
        <Button variant="light" onClick={onUpgrade}>
          Make it Professional
        </Button>
      </Group>
    </Paper>
  );
}

function Addons({ form }: { form: SetupForm }) {
  return (
    <Checkbox.Group
      label="Add-ons"
      value={form.values.addons}
      onChange={(keys) => form.setFieldValue('addons', keys as AddonKey[])}
    >
      <Stack gap="xs" mt="xs">
        {ADDONS.map((addon) => (
          <Checkbox
            key={addon.key}
            value={addon.key}
            label={`${addon.label} ${formatSurcharge(addon.price)}`}
            description={addon.description}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The Methods tab: purpose, areas of focus, questions, associations and add-ons. */
export function MethodsTab({ form }: { form: SetupForm }) {
  const isEssential = form.values.test_type === 'essential';
  return (
    <Stack gap="lg">
      <Textarea label="Purpose" autosize minRows={3} {...form.getInputProps('purpose')} />
      <FocusElements form={form} />
      <Title order={3} size="h5">
        Questionnaire
      </Title>
      {isEssential ? (
        <UpgradeTile onUpgrade={() => form.setFieldValue('test_type', 'professional')} />
      ) : (
        <>
          <QuestionSlots
            form={form}
            field="open_questions"
            title={`Open questions (at most ${TEST_SLOTS.open_questions})`}
            itemLabel="Open question"
          />
          <QuestionSlots
            form={form}
            field="associations"
            title={`Associations (at most ${TEST_SLOTS.associations} extra)`}
            itemLabel="Association"
          />
        </>
      )}
      <Addons form={form} />
    </Stack>
  );
}
