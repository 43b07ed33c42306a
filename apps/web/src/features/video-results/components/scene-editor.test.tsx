import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeVideoResults } from '../../../test/video-results';
import { SceneEditor } from './scene-editor';

const results = makeVideoResults({
  has_results: true,
  duration_ms: 30_000,
  video_participant_id: 90,
  timeline_start: 1_700_000_000_000,
});

describe('SceneEditor', () => {
  it('starts a new scene at the playhead, and asks for a name and mm:ss times before it sends anything', async () => {
    const fake = useFakeApi({});
    renderWithProviders(<SceneEditor results={results} testId={7} nowMs={12_000} />);
    const form = screen.getByRole('form', { name: 'New scene' });
    const user = userEvent.setup();
    expect(within(form).getByRole('textbox', { name: 'Start (mm:ss)' })).toHaveProperty('value', '00:12');
    expect(within(form).getByRole('textbox', { name: 'End (mm:ss)' })).toHaveProperty('value', '00:17');

    // the browser asks for an empty (required) name itself; a blank one reaches the form's check
    const name = within(form).getByRole('textbox', { name: 'Scene name' });
    await user.type(name, '  ');
    await user.click(within(form).getByRole('button', { name: 'Create scene' }));
    expect(within(form).getByRole('alert').textContent).toBe('Name the scene');

    await user.type(name, 'Logo');
    const end = within(form).getByRole('textbox', { name: 'End (mm:ss)' });
    await user.clear(end);
    await user.type(end, '17 s');
    await user.click(within(form).getByRole('button', { name: 'Create scene' }));
    expect(within(form).getByRole('alert').textContent).toBe('Write the times as mm:ss');
    expect(fake.calls).toEqual([]);
  });
});
