import {
  EMOTION_NAMES,
  firstErrorMessage,
  SHARE_LINK_MESSAGES,
  type SharedInsight,
  type SharedLink,
  type SharedOverview,
  writtenInsightText,
} from '@limbus/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../api';
import { BrandMark, EMOTION_TEXT_COLORS, formatDate, formatMinutesSeconds, PageLoader } from '../../../ui';
import { RichTextView } from '../../../ui/rich-text-view';
import {
  type SharedApi,
  useSharedApi,
  useSharedInsight,
  useSharedInsights,
  useSharedLink,
  useSharedOverview,
} from '../api';

/**
 * /s/{token}: what a share link shows a visitor without an account, in a light shell (no app
 * navigation, no account menu): the company, the test, who shared it and until when.
 */
export function SharedView({ token }: { token: string }) {
  const { sharedApi, unlocked, remember } = useSharedApi(token);
  const link = useSharedLink(sharedApi, token, unlocked);
  return (
    <Box maw={960} mx="auto" px="md" py="lg" component="main">
      <Group mb="lg">
        <BrandMark />
      </Group>
      {link.isLoading ? (
        <PageLoader label="Opening the link" />
      ) : link.isError || !link.data ? (
        <GoneOrError error={link.error} />
      ) : (
        <Stack gap="lg">
          <SharedHeader link={link.data} />
          {link.data.locked ? (
            <PasswordPrompt api={sharedApi} onUnlocked={remember} />
          ) : link.data.scope === 'test' ? (
            <SharedResults api={sharedApi} token={token} />
          ) : (
            <OneInsight api={sharedApi} token={token} number={link.data.insight_assigned_id} />
          )}
        </Stack>
      )}
    </Box>
  );
}

function GoneOrError({ error }: { error: unknown }) {
  const gone = isApiError(error) && error.status === 404;
  return (
    <Alert
      color={gone ? 'gray' : 'red'}
      variant="light"
      title={gone ? 'Link not available' : 'Something went wrong'}
    >
      {gone ? SHARE_LINK_MESSAGES.gone : isApiError(error) ? error.message : 'The link could not be opened.'}
    </Alert>
  );
}

function SharedHeader({ link }: { link: SharedLink }) {
  return (
    <Box component="header">
      <Text fw={600} c="dimmed">
        {link.company}
      </Text>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {link.test?.name ?? 'Shared results'}
      </Title>
      <Text size="sm" c="dimmed">
        {link.shared_by ? `shared by ${link.shared_by} · ` : ''}expires {formatDate(link.expires_at)}
      </Text>
    </Box>
  );
}

function PasswordPrompt({
  api,
  onUnlocked,
}: {
  api: SharedApi;
  onUnlocked: (answer: { unlock_token: string; expires_at: number }) => void;
}) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      onUnlocked(await api.unlock({ body: { password } }));
    } catch (error) {
      setFailure(isApiError(error) ? (firstErrorMessage(error.body) ?? error.message) : 'Please try again');
    } finally {
      setPending(false);
    }
  };
  return (
    <Card withBorder maw={420} component="form" onSubmit={submit}>
      <Stack gap="sm">
        <Text>This link is protected by a password.</Text>
        <PasswordInput
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={failure}
          autoComplete="current-password"
          data-autofocus
        />
        <Button type="submit" loading={pending} disabled={password === ''}>
          Open
        </Button>
      </Stack>
    </Card>
  );
}

function SharedResults({ api, token }: { api: SharedApi; token: string }) {
  const overview = useSharedOverview(api, token, true);
  const insights = useSharedInsights(api, token, true);
  if (overview.isLoading || insights.isLoading) return <PageLoader label="Loading the results" />;
  if (overview.isError || insights.isError) return <GoneOrError error={overview.error ?? insights.error} />;
  return (
    <Stack gap="lg">
      {overview.data && <OverviewCard overview={overview.data} />}
      <Title order={2} fz={20}>
        Insights
      </Title>
      {insights.data?.length === 0 && <Text c="dimmed">No insights yet.</Text>}
      {insights.data?.map((insight) => (
        <InsightCard key={insight.assigned_id} insight={insight} />
      ))}
    </Stack>
  );
}

function OverviewCard({ overview }: { overview: SharedOverview }) {
  const items = [
    { label: 'Participants', value: String(overview.participants) },
    {
      label: 'Average time',
      value: overview.average_seconds === null ? '—' : formatMinutesSeconds(overview.average_seconds * 1000),
    },
    { label: 'Insights', value: String(overview.insights) },
    { label: 'Test', value: overview.test_type === 'professional' ? 'Professional' : 'Essential' },
  ];
  return (
    <Card withBorder component="section" aria-label="Overview">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {items.map((item) => (
          <Box key={item.label}>
            <Text size="sm" c="dimmed">
              {item.label}
            </Text>
            <Text fw={700} fz={22}>
              {item.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {overview.left_out > 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          {overview.left_out === 1 ? '1 participant is' : `${overview.left_out} participants are`} left out:
          they did not consent to this report being shared.
        </Text>
      )}
      {overview.scenario && (
        <Text size="sm" mt="sm">
          {overview.scenario}
        </Text>
      )}
    </Card>
  );
}

function OneInsight({ api, token, number }: { api: SharedApi; token: string; number: number | null }) {
  const insight = useSharedInsight(api, token, number);
  if (insight.isLoading) return <PageLoader label="Loading the insight" />;
  if (insight.isError || !insight.data) return <GoneOrError error={insight.error} />;
  return <InsightCard insight={insight.data} />;
}

function InsightCard({ insight }: { insight: SharedInsight }) {
  const comments = [
    ['Behaviour', insight.behavior_comment],
    ['EEG', insight.eeg_comment],
    ['Eye tracking', insight.eye_tracking_comment],
    ['Touch and mouse', insight.touch_tracking_comment],
  ].filter(([, text]) => writtenInsightText(text ?? '').trim() !== '');
  return (
    <Card withBorder component="article" aria-label={`Insight ${insight.assigned_id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz={18}>
            Insight {insight.assigned_id}: {insight.title}
          </Title>
          <Badge variant="light">
            {insight.participants} {insight.participants === 1 ? 'participant' : 'participants'}
          </Badge>
        </Group>
        <RichTextView html={writtenInsightText(insight.summary)} empty="" />
        {insight.clip && (
          // the media fragment starts the clip 3 s before the moment and stops it 7 s later
          <video
            src={`${insight.clip.video}#t=${insight.clip.start},${insight.clip.end}`}
            controls
            muted
            preload="metadata"
            aria-label={`The highlighted moment of insight ${insight.assigned_id}`}
            style={{ width: '100%', maxWidth: 640, borderRadius: 8, background: '#000' }}
          />
        )}
        {writtenInsightText(insight.explanation) && (
          <RichTextView html={writtenInsightText(insight.explanation)} />
        )}
        {comments.map(([label, text]) => (
          <Text key={label} size="sm">
            <Text span fw={600}>
              {label}:{' '}
            </Text>
            {text}
          </Text>
        ))}
        {writtenInsightText(insight.suggestion) && (
          <Box>
            <Text fw={600} size="sm">
              Suggestion
            </Text>
            <RichTextView html={writtenInsightText(insight.suggestion)} />
          </Box>
        )}
        {insight.significant_points.length > 0 && (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {insight.significant_points.map((point) => (
              <Text
                component="li"
                key={`${point.participant}-${point.emotion}-${point.tags.join()}-${point.comment}`}
                size="sm"
              >
                <Text span fw={600}>
                  {point.participant}
                </Text>{' '}
                <Text span c={EMOTION_TEXT_COLORS[point.emotion]} fw={600}>
                  {EMOTION_NAMES[point.emotion]}
                </Text>
                {point.tags.length > 0 ? ` · ${point.tags.join(', ')}` : ''}
                {point.translation || point.comment ? ` · ${point.translation || point.comment}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
