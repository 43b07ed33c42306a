import { SUPPORT_MESSAGE_MAX } from '@limbus/contract';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { isApiError } from '../../../api';

/** The message box of a thread: Enter sends, Shift+Enter makes a new line. */
export function MessageComposer({
  onSend,
  isSending,
  error,
  initialValue = '',
  label = 'Message',
  placeholder = 'Write a message…',
  autoFocus = false,
}: {
  /** Resolves once the message is stored; the box is then emptied. */
  onSend: (message: string) => Promise<unknown>;
  isSending: boolean;
  error?: unknown;
  initialValue?: string;
  label?: string;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const [value, setValue] = useState(initialValue);
  useEffect(() => setValue(initialValue), [initialValue]);
  const trimmed = value.trim();
  const isTooLong = trimmed.length > SUPPORT_MESSAGE_MAX;

  const handleSend = async () => {
    if (!trimmed || isTooLong || isSending) return;
    try {
      await onSend(trimmed);
      setValue('');
    } catch {
      // the error is shown below the box; the text stays to try again
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void handleSend();
    }
  };

  const errorText = isTooLong
    ? `At most ${SUPPORT_MESSAGE_MAX} characters are allowed`
    : error
      ? isApiError(error)
        ? error.message
        : 'The message could not be sent. Please try again.'
      : undefined;

  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        rows={3}
        resize="vertical"
        error={errorText}
        data-autofocus={autoFocus || undefined}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Enter to send, Shift+Enter for a new line
        </Text>
        <Button
          size="sm"
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() => void handleSend()}
          loading={isSending}
          disabled={!trimmed || isTooLong}
        >
          Send
        </Button>
      </Group>
    </Stack>
  );
}
