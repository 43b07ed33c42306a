import { TEST_MESSAGES, type TestSetup, type TestSummary } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ResearchList } from './research-list';

const companies = ['Acme Retail', 'Globex'] as const;

function summary(id: number, overrides: Partial<TestSummary> = {}): TestSummary {
  const company = companies[id % 2] ?? 'Acme Retail';
  return {
    id,
    name: `Study ${id}`,
    test_type: 'professional',
    platform: 'desktop',
    state: 'requested',
    internal_state: null,
    company_id: id % 2,
    company: { id: id % 2, name: company, licence_analysis: false },
    requester_id: 1,
    requester: { email: 'c@acme.test', profile: { first_name: 'Claire', last_name: 'Mendes' } },
    researcher_id: null,
    updated_at: 1_700_000_000 + id,
    created_at: 1_690_000_000,
    ...overrides,
  };
}

const setup = (overrides: Partial<TestSetup>): TestSetup => ({
  id: 1,
  name: 'Lab 1',
  ip: '10.0.0.5',
  status: { eeg: true, eye: true, mouse: true, tapp: false, recorder: true, redis: true },
  updated_at: 1_700_000_000,
  is_online: true,
  geometry: null,
  ...overrides,
});

const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('ResearchList', () => {
  afterEach(() => vi.restoreAllMocks());

  it('pages by 10 and shows company, title, status, platform, requester and the date', async () => {
    const tests = Array.from({ length: 12 }, (_, index) => summary(index + 1));
    useFakeApi({ 'GET /tests': { body: tests } });
    renderWithProviders(<ResearchList />);

    const first = (await screen.findByText('Study 1')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Globex')).toBeTruthy();
    expect(within(first).getByText('Requested')).toBeTruthy();
    expect(within(first).getByText('Desktop')).toBeTruthy();
    expect(within(first).getByText('Claire Mendes')).toBeTruthy();
    // the one date format of the app (docs/decisions/formats.md 'Formats'), not DD/MM/YY
    expect(within(first).getByText(/^1[45] Nov 2023$/)).toBeTruthy();
    expect(titles()).toHaveLength(10);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Page 2' }));
    expect(titles()).toEqual(['Study 11', 'Study 12']);
  });

  it('shows the tests as cards on a phone, every column as text and the actions at hand', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    useFakeApi({ 'GET /tests': { body: [summary(1)] }, 'GET /test_setups': { body: [] } });
    renderWithProviders(<ResearchList />);

    const card = within(await screen.findByRole('listitem', { name: 'Study 1' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.getByText('Requested')).toBeTruthy();
    expect(card.getByText(/^Globex · Desktop · updated 1[45] Nov 2023$/)).toBeTruthy();
    expect(card.getByText('Requested by Claire Mendes')).toBeTruthy();
    expect(card.getByRole('link', { name: 'View Study 1' })).toBeTruthy();
    await userEvent
      .setup({ delay: null })
      .click(card.getByRole('button', { name: 'Choose Setup for Study 1' }));
    expect(card.getByRole('button', { name: 'Choose Setup for Study 1' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('searches test, company and requester names and filters by platform and state', async () => {
    const tests = [
      summary(1, { name: 'Checkout', platform: 'desktop', state: 'done' }),
      summary(2, { name: 'App tour', platform: 'mobile', state: 'draft' }),
      summary(3, {
        name: 'Campaign',
        platform: 'video',
        state: 'in-progress',
        requester: { email: 'o@globex.test', profile: { first_name: 'Olivia', last_name: 'Grant' } },
      }),
    ];
    useFakeApi({ 'GET /tests': { body: tests } });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ResearchList />);
    await screen.findByText('Checkout');

    const search = screen.getByRole('textbox', { name: 'Search tests' });
    await user.type(search, 'grant');
    expect(titles()).toEqual(['Campaign']);
    await user.clear(search);
    await user.type(search, 'globex');
    expect(titles()).toEqual(['Checkout', 'Campaign']);
    await user.clear(search);
    await user.type(search, 'app t');
    expect(titles()).toEqual(['App tour']);
    await user.clear(search);

    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(await screen.findByRole('option', { name: 'Video' }));
    expect(titles()).toEqual(['Campaign']);
    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));

    await user.click(screen.getByRole('checkbox', { name: 'Done' }));
    expect(titles()).toEqual(['Checkout']);
    await user.click(screen.getByRole('checkbox', { name: 'Draft' }));
    expect(titles()).toEqual(['Checkout', 'App tour']);
    await user.click(screen.getByRole('checkbox', { name: 'Done' }));
    await user.click(screen.getByRole('checkbox', { name: 'Draft' }));
    expect(titles()).toHaveLength(3);
  });

  it('links View to the video summary or the overview', async () => {
    useFakeApi({ 'GET /tests': { body: [summary(1), summary(2, { platform: 'video' })] } });
    renderWithProviders(<ResearchList />);
    expect((await screen.findByRole('link', { name: 'View Study 1' })).getAttribute('href')).toBe(
      '/test/1/overview',
    );
    expect(screen.getByRole('link', { name: 'View Study 2' }).getAttribute('href')).toBe(
      '/video-test/2/summary',
    );
  });

  it('asks before deleting, then deletes and fetches the list again', async () => {
    let tests = [summary(1), summary(2)];
    const fake = useFakeApi({
      'GET /tests': () => ({ body: tests }),
      'DELETE /tests/2': () => {
        tests = tests.filter((test) => test.id !== 2);
        return { body: { message: 'The test has been removed' } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ResearchList />);

    await user.click(await screen.findByRole('button', { name: 'Delete Study 2' }));
    expect(await screen.findByText(TEST_MESSAGES.confirmRemove)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('Study 2')).toBeNull());
    expect(fake.calls.filter((call) => call.method === 'GET' && call.path === '/tests')).toHaveLength(2);
  });

  it('toggles the setup panel; Start Test opens the setup on port 8080, Select leads to the editor', async () => {
    useFakeApi({
      'GET /tests': { body: [summary(4)] },
      'GET /test_setups': {
        body: {
          data: {
            test_setups: [
              setup({ id: 1, name: 'Lab 1', ip: '10.0.0.5' }),
              setup({
                id: 2,
                name: 'Lab 2',
                ip: '10.0.0.6:9000',
                is_online: false,
                status: { eeg: true, eye: true, mouse: true, tapp: true, recorder: true, redis: true },
              }),
            ],
          },
        },
      },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ResearchList />);

    const toggle = await screen.findByRole('button', { name: 'Choose Setup for Study 4' });
    await user.click(toggle);
    const panel = await screen.findByRole('region', { name: 'Test setups for Study 4' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(panel).findByText('Lab 1')).toBeTruthy();
    expect(within(panel).getByLabelText('Tapp: not working')).toBeTruthy();
    expect(within(panel).queryByText('There are no active test setups')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Start Test on Lab 1' }));
    expect(open).toHaveBeenCalledWith('http://10.0.0.5:8080/?testId=4', '_blank', 'noopener');
    await user.click(within(panel).getByRole('button', { name: 'Start Test on Lab 2' }));
    expect(open).toHaveBeenLastCalledWith('http://10.0.0.6:9000/?testId=4', '_blank', 'noopener');
    expect(within(panel).getByRole('link', { name: 'Select Study 4' }).getAttribute('href')).toBe(
      '/research/test/4/test-setup',
    );

    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Test setups for Study 4' })).toBeNull();
    open.mockRestore();
  });

  it('says so when no setup is active', async () => {
    useFakeApi({
      'GET /tests': { body: [summary(4)] },
      'GET /test_setups': { body: { data: { test_setups: [setup({ is_online: false })] } } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ResearchList />);
    await user.click(await screen.findByRole('button', { name: 'Choose Setup for Study 4' }));
    expect(await screen.findByText('There are no active test setups')).toBeTruthy();
  });
});
