import { Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { openSupportChat } from '../support';
import { upgradeMessage } from './test-access';
import { useLoadedTest } from './test-layout';

const PROFESSIONAL_FEATURES = ['Pages', 'Tags', 'Three extra consultant findings', 'Consultant presentation'];

/** /test/{id}/locked 'Upgrade to Professional': where Essential tests land on Professional pages. */
export function LockedPage() {
  const test = useLoadedTest();
  return (
    <Card p="xl" maw={640} component="section" aria-labelledby="locked-title">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconLock size={26} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz={24} id="locked-title">
          Upgrade to Professional
        </Title>
        <Text c="dimmed">This is an Essential test. Professional adds:</Text>
        <List spacing="xs" aria-label="Professional features">
          {PROFESSIONAL_FEATURES.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button onClick={() => openSupportChat({ message: upgradeMessage(test) })}>Upgrade</Button>
      </Stack>
    </Card>
  );
}
