import { ADDONS, TEST_TYPE_NAMES, type TestDetail } from '@limbus/contract';
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Detail, DetailList, formatDate, formatSurcharge } from '../../../ui';
import { platformLabel, stateLabel, TEST_STATE_COLORS } from '../../user-tests';
import type { TestKind } from '../test-form-values';
import { FormSection } from './form-section';
import { DEFAULT_TARGET_GROUP } from './target-group-section';

const NONE = 'None';

/** Text as the client wrote it, line breaks kept; a dash when it was left empty. */
function Prose({ text }: { text: string }) {
  if (!text.trim()) return <Text c="dimmed">—</Text>;
  return <Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>;
}

/** A labelled block of running text (scenario, purpose): too long for a grid cell. */
function Passage({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={2}>
      <Title order={3} fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
        {label}
      </Title>
      <Prose text={text} />
    </Stack>
  );
}

function ItemList({ items }: { items: string[] }) {
  if (items.length === 0) return <Text c="dimmed">{NONE}</Text>;
  return (
    <List spacing={4}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

function Heading({ test }: { test: TestDetail }) {
  const requester = test.requester
    ? `${test.requester.profile.first_name} ${test.requester.profile.last_name}`.trim()
    : '';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="header">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color={TEST_STATE_COLORS[test.state]} variant="light">
            {stateLabel(test.state)}
          </Badge>
          <Badge color="gray" variant="outline">
            {TEST_TYPE_NAMES[test.test_type]}
          </Badge>
          <Badge color="gray" variant="outline">
            {test.platform === 'mobile' && test.external_app ? 'Mobile app' : platformLabel(test.platform)}
          </Badge>
        </Group>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {test.name}
        </Title>
        <Text size="sm" c="dimmed">
          {test.company.name}
          {requester ? ` · requested by ${requester}` : ''} · updated {formatDate(test.updated_at)}
        </Text>
      </Stack>
    </Paper>
  );
}

function TaskSummary({ test }: { test: TestDetail }) {
  const items: Detail[] = [
    {
      label: 'Start URL',
      value: test.url ? (
        <Anchor href={test.url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
          {test.url}
        </Anchor>
      ) : (
        ''
      ),
    },
    { label: 'End point', value: test.stop_moment },
  ];
  return (
    <FormSection title="The task">
      <Passage label="Scenario" text={test.scenario} />
      <DetailList items={items} />
      <Stack gap={4}>
        <Title order={3} fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          {test.focus_elements.length === 1 ? 'Area of focus' : 'Areas of focus'}
        </Title>
        <ItemList items={test.focus_elements.filter((element) => element.trim())} />
      </Stack>
    </FormSection>
  );
}

function QuestionsSummary({ test }: { test: TestDetail }) {
  return (
    <FormSection title="Questions for participants">
      <Stack gap={4}>
        <Title order={3} fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          Associations
        </Title>
        {test.associations.length === 0 ? (
          <Text c="dimmed">{NONE}</Text>
        ) : (
          <Group gap="xs" role="list" aria-label="Associations">
            {test.associations.map((association) => (
              <Badge key={association.id} role="listitem" variant="light" size="lg" tt="none">
                {association.text}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          Open questions
        </Title>
        <ItemList items={test.open_questions.map((question) => question.text)} />
      </Stack>
    </FormSection>
  );
}

function ExtrasSummary({ test }: { test: TestDetail }) {
  const chosen = ADDONS.filter((addon) => test.addons.includes(addon.key));
  return (
    <FormSection title="Add-ons and planning">
      <Stack gap={4}>
        <Title order={3} fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          Add-ons
        </Title>
        {chosen.length === 0 ? (
          <Text c="dimmed">No add-ons</Text>
        ) : (
          <List spacing={4} aria-label="Add-ons">
            {chosen.map((addon) => (
              <List.Item key={addon.key}>
                {addon.label} ({addon.description}){' '}
                <Text span fw={600}>
                  {formatSurcharge(addon.price)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <DetailList items={[{ label: 'Preferred deadline', value: test.timing }]} />
      <Passage label="Comments" text={test.comments} />
    </FormSection>
  );
}

/**
 * View Test (spec 2 §2): a test that is no longer a draft, read as a summary rather than a form.
 * `video` is the video block of a video test (which can still take a missing video).
 */
export function TestSummary({ kind, test, video }: { kind: TestKind; test: TestDetail; video?: ReactNode }) {
  const about: Detail[] = [
    { label: 'Test type', value: TEST_TYPE_NAMES[test.test_type] },
    kind === 'video'
      ? { label: 'Brand name', value: test.brand_name }
      : {
          label: 'Platform',
          value:
            test.platform === 'mobile' && test.external_app
              ? 'Mobile, in an app'
              : platformLabel(test.platform),
        },
  ];
  return (
    <Stack gap="lg" maw={880}>
      <Heading test={test} />
      <FormSection title="About the test">
        <DetailList items={about} />
        <Passage label="Purpose" text={test.purpose} />
      </FormSection>
      {kind === 'web' ? <TaskSummary test={test} /> : video}
      <FormSection title="Target group">
        {test.target_group === 'custom' ? (
          <>
            <Text fw={500}>A custom target group</Text>
            <Passage label="Requirements of the target group" text={test.custom_target} />
          </>
        ) : (
          <Text fw={500}>{DEFAULT_TARGET_GROUP[kind]}</Text>
        )}
      </FormSection>
      <QuestionsSummary test={test} />
      <ExtrasSummary test={test} />
    </Stack>
  );
}
