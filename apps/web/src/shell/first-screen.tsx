import { type ReactNode, use } from 'react';
import { useLocation } from 'react-router';

let firstScreen: { pathname: string; data: Promise<void> } | null = null;

/** Remembers the data the app asked for its first screen as it started (prefetchDataOf). */
export function holdFirstScreenFor(pathname: string, data: Promise<void>): void {
  firstScreen = { pathname, data };
}

/**
 * Holds the first screen back, in the Suspense around it, until the data asked for it as the app
 * started has arrived. React then renders the screen once, complete and in slices (the retry of a
 * suspended boundary is not urgent work), instead of rendering it empty and then again for every
 * answer, each time in one long task. Later screens show their own loading states.
 */
export function FirstScreenData({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (firstScreen?.pathname === pathname) use(firstScreen.data);
  return children;
}
