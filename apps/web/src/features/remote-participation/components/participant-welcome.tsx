import type { RemoteStudy } from '@limbus/contract';
import { Alert, Box, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { isApiError } from '../../../api';
import { BrandMark, formatDate, PageLoader } from '../../../ui';
import { useRemoteStudy } from '../api';
import { participantLanguage, WELCOME_TEXTS } from './welcome-texts';

/**
 * /p/{token}: the first screen of a remote cohort's participant, in a light shell (no app
 * navigation, no account menu), in the test's language. Taking part in the browser comes with
 * the next slice (docs/remote-studies.md), so the page says what will happen and that it is not
 * open yet, and offers no button that leads nowhere.
 */
export function ParticipantWelcome({ token }: { token: string }) {
  const study = useRemoteStudy(token);
  return (
    <Box maw={640} mx="auto" px="md" py="lg">
      <Group component="header" mb="lg">
        <BrandMark />
      </Group>
      {study.isLoading ? (
        <Box component="main" lang="en">
          <PageLoader label="Opening the study" />
        </Box>
      ) : study.data ? (
        <Welcome study={study.data} />
      ) : (
        <Refusal error={study.error} />
      )}
    </Box>
  );
}

function Welcome({ study }: { study: RemoteStudy }) {
  const language = participantLanguage(study.test.language);
  const texts = WELCOME_TEXTS[language];
  const stepsHeading = useId();
  return (
    <Stack component="main" lang={language} gap="lg">
      <Box>
        <Text c="dimmed">{texts.invitation}</Text>
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {study.test.name}
        </Title>
      </Box>
      <Box component="section" aria-labelledby={stepsHeading}>
        <Title order={2} id={stepsHeading} fz="lg" mb="xs">
          {texts.whatHappens}
        </Title>
        <List type="ordered" spacing="xs">
          {texts.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Box>
      <Text>{texts.onDevice}</Text>
      <Text>{texts.openUntil(formatDate(study.expires_at))}</Text>
      <Alert color="blue" variant="light">
        {texts.notOpenYet}
      </Alert>
    </Stack>
  );
}

/**
 * Why the link opens no study: the server's own message (unknown link, full, expired, closed,
 * too many tries), shown as it is. It comes before the study's language is known: English.
 */
function Refusal({ error }: { error: unknown }) {
  const isServerFault = !isApiError(error) || error.status >= 500;
  return (
    <Stack component="main" lang="en" gap="sm">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Study not available
      </Title>
      <Text>{isServerFault ? 'The study could not be opened. Try again in a moment.' : error.message}</Text>
    </Stack>
  );
}
