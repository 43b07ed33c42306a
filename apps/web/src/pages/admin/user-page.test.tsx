import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../api';
import { makeUser, useFakeApi } from '../../test/fake-api';
import { TestProviders } from '../../test/render';
import { UserPage } from './user-page';

describe('UserPage (/admin/users/{id})', () => {
  it('names the account by its e-mail and leads back to the users list', async () => {
    const staff = makeUser({ role: 'admin' });
    storeSession('jwt', staff);
    useFakeApi({
      'GET /users/me': { body: staff },
      'GET /users/31': { body: makeUser({ id: 31, email: 'claire@acme.test' }) },
      'GET /companies': { body: [] },
    });
    const router = createMemoryRouter(
      [
        { path: '/admin/users/:id', element: <UserPage /> },
        { path: '/admin/users', element: <p>Users list</p> },
      ],
      { initialEntries: ['/admin/users/31'] },
    );
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(await screen.findByRole('link', { name: 'claire@acme.test' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to users' }));
    expect(await screen.findByText('Users list')).toBeTruthy();
  });
});
