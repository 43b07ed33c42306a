import type { Suggestion } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SuggestionScreen } from './suggestion-screen';

function suggestionOf(overrides: Partial<Suggestion>): Suggestion {
  return {
    id: 7,
    test_id: 4,
    title: 'Move the button',
    suggestion: '<p>Put it <strong>higher</strong></p><img src=x onerror="window.hacked=1">',
    additional_info: '',
    rank: 2,
    effort: 1,
    impact: 3,
    next_step: 2,
    owner_id: 10,
    author_id: 10,
    insight_id: null,
    done: false,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...overrides,
  };
}

const list = [
  suggestionOf({ id: 6, rank: 1, title: 'First' }),
  suggestionOf({}),
  suggestionOf({ id: 8, rank: 3, title: 'Third' }),
];
const onList = [{ path: '/test/4/suggestions', element: <p>The list</p> }];

function renderScreen(suggestionId: number | 'new', canEdit = true) {
  return renderWithProviders(
    <SuggestionScreen testId={4} companyId={5} suggestionId={suggestionId} canEdit={canEdit} />,
    { path: `/test/4/suggestions/${suggestionId}`, routes: onList },
  );
}

const baseRoutes = {
  'GET /tests/4/suggestions': { body: { data: { suggestions: list } } },
  'GET /tests/4/insights': { body: { data: { insights: [] } } },
  'GET /companies/5/users/': { body: [makeUser({ id: 10 })] },
};

describe('SuggestionScreen', () => {
  it('shows the suggestion with its scales, owner and sanitized text, and arrows to its neighbours', async () => {
    useFakeApi({ ...baseRoutes, 'GET /tests/4/suggestions/7': { body: { data: suggestionOf({}) } } });
    const { container } = renderScreen(7);
    expect(await screen.findByRole('heading', { level: 1, name: 'Move the button' })).toBeTruthy();
    expect(screen.getByText('Low')).toBeTruthy();
    expect(screen.getByText('High')).toBeTruthy();
    expect(screen.getByText('A/B test')).toBeTruthy();
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('higher').tagName).toBe('STRONG');
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((await screen.findByRole('link', { name: 'Previous suggestion' })).getAttribute('href')).toBe(
      '/test/4/suggestions/6',
    );
    expect(screen.getByRole('link', { name: 'Next suggestion' }).getAttribute('href')).toBe(
      '/test/4/suggestions/8',
    );
  });

  it('leaves the owner blank when the company’s users cannot be fetched', async () => {
    useFakeApi({
      ...baseRoutes,
      'GET /companies/5/users/': { status: 403, body: { code: 'forbidden', message: 'No' } },
      'GET /tests/4/suggestions/7': { body: { data: suggestionOf({}) } },
    });
    renderScreen(7);
    expect(await screen.findByRole('heading', { level: 1, name: 'Move the button' })).toBeTruthy();
    const owner = screen.getByText('Owner').nextElementSibling;
    expect(owner?.textContent).toBe('—');
  });

  it('falls back to the list when the suggestion cannot be fetched', async () => {
    useFakeApi({
      ...baseRoutes,
      'GET /tests/4/suggestions/7': { status: 404, body: { code: 'not_found', message: 'Gone' } },
    });
    renderScreen(7);
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('saves done at once when the check button is pressed', async () => {
    const fake = useFakeApi({
      ...baseRoutes,
      'GET /tests/4/suggestions/7': { body: { data: suggestionOf({}) } },
      'PATCH /tests/4/suggestions/7': (call: FakeCall) => ({
        body: {
          data: suggestionOf({ done: (call.body as { suggestion: { done: boolean } }).suggestion.done }),
        },
      }),
    });
    renderScreen(7);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark as done' }));
    expect((await screen.findByRole('button', { name: 'Done' })).getAttribute('aria-pressed')).toBe('true');
    expect(fake.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ suggestion: { done: true } });
  });

  it('opens a new suggestion in edit mode and needs a title', async () => {
    const fake = useFakeApi({ ...baseRoutes });
    renderScreen('new');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'New suggestion' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers no writing to those who may only read', async () => {
    useFakeApi({ ...baseRoutes, 'GET /tests/4/suggestions/7': { body: { data: suggestionOf({}) } } });
    renderScreen(7, false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Move the button' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Mark as done' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
