import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FirstScreenData, holdFirstScreenFor } from './first-screen';

/** Rendered in an awaited act: React keeps the retry of a screen that suspended in a sync act. */
async function renderAt(path: string) {
  const screens = ['/test/7/heatmaps', '/tests'].map((route) => ({
    path: route,
    element: (
      <Suspense fallback={<p>Loading</p>}>
        <FirstScreenData>
          <p>Screen at {route}</p>
        </FirstScreenData>
      </Suspense>
    ),
  }));
  await act(async () => {
    render(<RouterProvider router={createMemoryRouter(screens, { initialEntries: [path] })} />);
  });
}

const pending = () => {
  let arrive = () => {};
  const data = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { data, arrive };
};

describe('FirstScreenData', () => {
  it('shows the first screen once the data asked for it as the app started has come', async () => {
    const { data, arrive } = pending();
    holdFirstScreenFor('/test/7/heatmaps', data);
    await renderAt('/test/7/heatmaps');
    expect(await screen.findByText('Loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('Screen at /test/7/heatmaps')).toBeTruthy();
  });

  it('holds no other address back', async () => {
    holdFirstScreenFor('/test/7/heatmaps', pending().data);
    await renderAt('/tests');
    expect(await screen.findByText('Screen at /tests')).toBeTruthy();
  });
});
