import type { RemoteStudy } from '@limbus/contract';
import { Box, Button, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatDate } from '../../../ui';
import type { ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';

/** What will happen, how long it takes, that the camera video stays on the device; then Start. */
export function WelcomeStep({
  study,
  texts,
  onStart,
}: {
  study: RemoteStudy;
  texts: ParticipantTexts['welcome'];
  onStart: () => void;
}) {
  const stepsHeading = useId();
  return (
    <Stack gap="lg">
      <StepHeading kicker={texts.invitation} title={study.test.name} />
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
      <Text>{texts.duration}</Text>
      <Text>{texts.onDevice}</Text>
      <Text c="dimmed">{texts.openUntil(formatDate(study.expires_at))}</Text>
      <Box>
        <Button size="md" onClick={onStart}>
          {texts.start}
        </Button>
      </Box>
    </Stack>
  );
}
