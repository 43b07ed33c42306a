import { MESSAGES } from '@limbus/contract';
import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSession } from '../api';
import { AuthFrame } from '../features/auth';
import { openSupportChat, SUPPORT_URL, SupportChat } from '../features/support';

/**
 * /500: something failed on the server; offers support and the way back to work. Signed in,
 * "Message us!" opens the support chat; signed out, the external support link.
 */
export function ServerErrorPage() {
  const { token } = useSession();
  const isSignedIn = token !== null;
  const [opened, { open, close }] = useDisclosure(false);
  useEffect(() => {
    document.title = 'Error · Limbus';
  }, []);
  const handleMessageUs = () => {
    if (isSignedIn) openSupportChat({ message: 'I got an error (500) on Limbus. What I was doing: ' });
    else open();
  };
  return (
    <AuthFrame>
      <Stack gap="lg" align="flex-start">
        <Title order={1} fz={28}>
          {MESSAGES.error500}
        </Title>
        <Text c="dimmed">
          Something went wrong on our side and the error has been logged. Try again in a moment, or tell us
          what you were doing so that we can help you further.
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
            onClick={handleMessageUs}
            aria-haspopup="dialog"
          >
            Message us!
          </Button>
          <Button component={Link} to="/tests/">
            Back to work!
          </Button>
        </Group>
      </Stack>
      {isSignedIn ? <SupportChat /> : null}
      <Modal opened={opened} onClose={close} title="Contact support" centered>
        <Stack gap="sm">
          <Text size="sm">
            Tell us what you were doing when the error appeared and, if you can, the address of the page. Our
            support team answers on working days, usually within a few hours.
          </Text>
          <Anchor href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
            Open support ({SUPPORT_URL.replace(/^mailto:/, '')})
          </Anchor>
        </Stack>
      </Modal>
    </AuthFrame>
  );
}
