import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { NewProjectModal } from './new-project-modal';

describe('NewProjectModal', () => {
  it('asks for a name before it makes the project, then opens it', async () => {
    const fake = useFakeApi({
      'POST /prediction_projects': { status: 201, body: { id: 12, name: 'Shop relaunch', description: '' } },
    });
    const { router } = renderWithProviders(<NewProjectModal opened onClose={() => {}} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create project' }));
    expect(screen.getByText('Give the project a name')).toBeTruthy();
    expect(fake.calls).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Shop relaunch ');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/predictions/projects/12'));
    expect(fake.calls[0]?.body).toEqual({ project: { name: 'Shop relaunch', description: '' } });
  });
});
