import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { api } from '../api';
import { holdFirstScreenFor } from './first-screen';
import { prefetchDataOf } from './prefetch';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

const queryClient = createQueryClient();
holdFirstScreenFor(window.location.pathname, prefetchDataOf(queryClient, window.location.pathname));
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
