import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { api } from '../api';
import { holdFirstScreenFor } from '../shell/first-screen';
import { prefetchDataOf } from './prefetch';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

/**
 * Lets the browser run what waits (the preloads' answers, a paint) before the next step. The start
 * is three tasks instead of one: on Lighthouse's phone the one was 500–600 ms of blocking time
 * (the modules' evaluation, the requests, and react-router ranking some 130 routes).
 */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

const queryClient = createQueryClient();
holdFirstScreenFor(window.location.pathname, prefetchDataOf(queryClient, window.location));
await yieldToBrowser();
const router = createRouter();

api.configure({
  onSessionExpired: () => {
    queryClient.clear();
    void router.navigate('/signup', { replace: true });
  },
  onServerError: () => {
    void router.navigate('/500');
  },
});

await yieldToBrowser();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const reactRoot = createRoot(root);
// the first render as a transition: React renders the app in slices instead of one long task
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
