import type { SupportThread } from '@limbus/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { openSupportChat, resetSupportChat } from '../support-chat-store';
import { MessageUsButton } from './message-us-button';
import { SupportLauncher } from './support-launcher';

const viewer = makeUser({ id: 10 });

function threadOf(
  messages: { id: number; body: string; is_staff?: boolean; author_id?: number }[],
): SupportThread {
  return {
    id: 7,
    company_id: 5,
    company_name: 'Acme',
    user_id: 10,
    starter_name: 'Ada Lovelace',
    subject: 'Upgrade Test 4',
    status: 'open',
    last_message_preview: messages.at(-1)?.body ?? '',
    last_message_at: 1_700_000_000,
    created_at: 1_700_000_000,
    messages: messages.map((message) => ({
      conversation_id: 7,
      author_name: message.is_staff ? 'Sam Staff' : 'Ada Lovelace',
      author_id: 10,
      is_staff: false,
      created_at: 1_700_000_000,
      ...message,
    })),
  };
}

afterEach(() => resetSupportChat());

describe('SupportLauncher', () => {
  it('opens the chat from the Message us button of the shell on the list of conversations', async () => {
    storeSession('jwt', viewer);
    useFakeApi({ 'GET /support/conversations': { body: [] }, 'GET /users/me': { body: viewer } });
    renderWithProviders(
      <>
        <MessageUsButton place="sidebar" />
        <SupportLauncher />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Message us' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(button);
    expect(await screen.findByRole('dialog', { name: 'Support chat' })).toBeTruthy();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });

  it('opens prefilled, sends with Enter, keeps Shift+Enter as a new line and shows the thread', async () => {
    storeSession('jwt', viewer);
    const fake = useFakeApi({
      'GET /users/me': { body: viewer },
      'GET /support/conversations': { body: [] },
      'POST /support/conversations': (call) => ({
        status: 201,
        body: threadOf([{ id: 1, body: (call.body as { message: string }).message }]),
      }),
      'GET /support/conversations/7': {
        body: threadOf([
          { id: 1, body: 'Please upgrade Test 4 of Acme' },
          { id: 2, body: 'Done!', is_staff: true, author_id: 99 },
        ]),
      },
    });
    renderWithProviders(<SupportLauncher />);
    act(() => openSupportChat({ message: 'Please upgrade Test 4 of Acme' }));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).value).toBe('Please upgrade Test 4 of Acme');
    const user = userEvent.setup();
    await user.click(box);
    await user.keyboard('{Shift>}{Enter}{/Shift}Thanks{Enter}');
    await vi.waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
        message: 'Please upgrade Test 4 of Acme\nThanks',
      }),
    );
    expect(await screen.findByText('Done!')).toBeTruthy();
    expect(screen.getByText(/Sam Staff \(Limbus support\)/)).toBeTruthy();
  });
});
