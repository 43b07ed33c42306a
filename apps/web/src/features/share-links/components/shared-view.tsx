import { firstErrorMessage, type SharedLink } from '@limbus/contract';
import { Box, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, Suspense, useState } from 'react';
import { isApiError } from '../../../api';
import { BrandMark, formatDate, PageLoader } from '../../../ui';
import { type SharedApi, useSharedApi, useSharedInsight, useSharedLink } from '../api';
import { SharedInsightCard } from './lazy-panels';
import { SharedError } from './shared-error';
import { SharedReel } from './shared-reel';
import { SharedResults } from './shared-results';

/**
 * /s/{token}: what a share link shows a visitor without an account, in a light shell (no app
 * navigation, no account menu): the company, the test, who shared it and until when; then the
 * results, one insight or one insight's evidence reel, as the link's scope says.
 */
export function SharedView({ token }: { token: string }) {
  const { sharedApi, unlocked, remember } = useSharedApi(token);
  const link = useSharedLink(sharedApi, token, unlocked);
  return (
    <Box maw={1200} mx="auto" px="md" py="lg" component="main">
      <Group mb="lg">
        <BrandMark />
      </Group>
      {link.isLoading ? (
        <PageLoader label="Opening the link" />
      ) : link.isError || !link.data ? (
        <SharedError error={link.error} />
      ) : (
        <Stack gap="lg">
          <SharedHeader link={link.data} />
          {link.data.locked ? (
            <PasswordPrompt api={sharedApi} onUnlocked={remember} />
          ) : link.data.scope === 'test' ? (
            <SharedResults
              api={sharedApi}
              token={token}
              testType={link.data.test?.test_type ?? 'essential'}
              cohorts={link.data.test?.cohorts ?? null}
            />
          ) : link.data.scope === 'reel' ? (
            <SharedReel api={sharedApi} token={token} />
          ) : (
            <OneInsight api={sharedApi} token={token} number={link.data.insight_assigned_id} />
          )}
        </Stack>
      )}
    </Box>
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

function OneInsight({ api, token, number }: { api: SharedApi; token: string; number: number | null }) {
  const insight = useSharedInsight(api, token, number);
  if (insight.isLoading) return <PageLoader label="Loading the insight" />;
  if (insight.isError || !insight.data) return <SharedError error={insight.error} />;
  return (
    <Suspense fallback={<PageLoader label="Loading the insight" />}>
      <SharedInsightCard insight={insight.data} />
    </Suspense>
  );
}
