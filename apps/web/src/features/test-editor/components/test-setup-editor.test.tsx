import type { TestDetail } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeCall, makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { TestSetupEditor } from './test-setup-editor';

const provider = {
  id: 2,
  name: 'Limbus',
  licence_analysis: true,
  licence_research: true,
  is_demo: false,
  is_provider: true,
};
const researcher = makeUser({
  id: 40,
  company_id: 2,
  company: provider,
  profile: { first_name: 'Ruben', last_name: 'Jansen', newsletter: false, language: '' },
});
const client = makeUser({
  id: 30,
  profile: { first_name: 'Claire', last_name: 'Mendes', newsletter: false, language: '' },
});

/** The server's answer to a PATCH: the body applied to the test, new questions numbered from 100. */
function applyPatch(test: TestDetail, call: FakeCall): TestDetail {
  const write = (call.body as { test: Record<string, unknown> }).test;
  let nextId = 100;
  const rows = (list: unknown) =>
    (list as Array<{ id?: number; text?: string; _destroy?: boolean }>)
      .filter((row) => !row._destroy)
      .map((row) => ({ id: row.id ?? nextId++, text: row.text ?? '', default: row.id === 1, answers: [] }));
  return {
    ...test,
    ...(write as Partial<TestDetail>),
    associations: rows(write.associations),
    open_questions: rows(write.open_questions),
  };
}

function renderEditor(test: TestDetail) {
  const patches: FakeCall[] = [];
  let current = test;
  // biome-ignore lint/correctness/useHookAtTopLevel: useFakeApi installs a fake fetch; it is not a React hook.
  const fake = useFakeApi({
    'GET /companies': {
      body: [
        { id: 3, name: 'Acme Retail' },
        { id: 2, name: 'Limbus' },
      ],
    },
    'GET /companies/3/users/': { body: [client] },
    'GET /researchers': { body: [researcher] },
    'GET /categories': { body: [{ id: 1, name: 'E-commerce' }] },
    'GET /flows': { body: [{ id: 1, name: 'Checkout' }] },
    'PATCH /tests/7': (call) => {
      patches.push(call);
      current = applyPatch(current, call);
      return { body: current };
    },
  });
  renderWithProviders(<TestSetupEditor test={test} />);
  return {
    fake,
    patches,
    body: (index: number) =>
      (patches[index]?.body as { test: Record<string, unknown> } | undefined)?.test ?? {},
  };
}

async function choose(label: string, option: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('TestSetupEditor', () => {
  it('saves any state with the empty slots left out, shows the saved check for 500 ms, and keeps new ids', async () => {
    const { patches, body } = renderEditor(makeTestDetail());
    const user = userEvent.setup({ delay: null });

    await choose('State', 'In progress');
    await choose('Researcher', 'Ruben Jansen');
    await user.click(screen.getByRole('tab', { name: 'Methods' }));
    await user.clear(screen.getByRole('textbox', { name: 'Association 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Association 2' }), 'Friendly');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const saved = await screen.findByRole('status', { name: 'Saved' });
    expect(patches).toHaveLength(1);
    expect(body(0)).toMatchObject({
      state: 'in-progress',
      researcher_id: 40,
      requester_id: 30,
      focus_elements: ['Delivery options'],
      open_questions: [{ id: 11, text: 'What did you miss?' }],
      associations: [{ id: 1, text: 'Trustworthy' }, { id: 2, _destroy: true }, { text: 'Friendly' }],
    });
    await vi.waitFor(() => expect(saved.isConnected).toBe(false), { timeout: 2000 });

    // the new association now has its id: a second save updates it instead of adding it again
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches).toHaveLength(2));
    expect(body(1).associations).toEqual([
      { id: 1, text: 'Trustworthy' },
      { id: 100, text: 'Friendly' },
    ]);
    // the whole editor re-renders per keystroke: slow on a loaded machine
  }, 40_000);

  it('shows platform-specific fields and custom target only where they apply', async () => {
    renderEditor(makeTestDetail());
    expect(screen.queryByRole('switch', { name: 'Runs in an external app' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Brand name' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Target group requirements' })).toBeNull();
    await choose('Platform', 'Mobile');
    expect(screen.getByRole('switch', { name: 'Runs in an external app' })).toBeTruthy();
    await choose('Platform', 'Video');
    expect(screen.getByRole('textbox', { name: 'Brand name' })).toBeTruthy();
    await choose('Target group', 'Custom');
    expect(screen.getByRole('textbox', { name: 'Target group requirements' })).toBeTruthy();
  });

  it('needs a name, and clears the requester when the company changes', async () => {
    const { patches, body } = renderEditor(makeTestDetail());
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('tab', { name: 'Methods' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Setup' }).getAttribute('aria-selected')).toBe('true');
    expect(patches).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Renamed');
    await choose('Company', 'Limbus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    expect(body(0)).toMatchObject({ name: 'Renamed', company_id: 2, requester_id: null });
  });

  it('offers the languages with English and native names and sends the English name', async () => {
    const { patches, body } = renderEditor(makeTestDetail());
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('combobox', { name: 'Translation language' }), 'Neder');
    await user.click(await screen.findByRole('option', { name: 'Dutch (Nederlands)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    expect(body(0).translation_language).toBe('Dutch');
    expect(within(screen.getByRole('form', { name: 'Test setup' })).getByText('No report yet')).toBeTruthy();
  });
});
