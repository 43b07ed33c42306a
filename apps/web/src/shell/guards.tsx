import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession, waitForToken } from '../api';
import { useCurrentUser } from '../features/account';
import { isInDemoCompany, usesAdminArea, usesResearchArea } from '../features/auth';
import { PageLoader } from '../ui/states';

/** How long a missing token is waited for (checked every TOKEN_WAIT_INTERVAL_MS) before /signup. */
export const TOKEN_WAIT_TIMEOUT_MS = 500;

/**
 * Signed-in area: with no stored token the guard keeps checking for one (a sign-in in another tab
 * or a login still being stored) and then sends the visitor to /signup.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { token } = useSession();
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (token) return;
    const controller = new AbortController();
    void waitForToken(TOKEN_WAIT_TIMEOUT_MS, { signal: controller.signal }).then((found) => {
      if (!found && !controller.signal.aborted) setGaveUp(true);
    });
    return () => controller.abort();
  }, [token]);

  if (token) return children ?? <Outlet />;
  if (gaveUp) return <Navigate to="/signup" replace />;
  return <PageLoader label="Checking your session" />;
}

type Licence = 'analysis' | 'research';

/** Admin routes need the admin area, research routes the research area (Super Admins have both); others go to /. */
export function RequireLicence({ licence, children }: { licence: Licence; children?: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  const allowed = licence === 'analysis' ? usesAdminArea(user) : usesResearchArea(user);
  if (!allowed) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** Organisation and Members are not pages of the demo company. */
export function BlockDemoCompany({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (isInDemoCompany(user)) return <Navigate to="/home" replace />;
  return children ?? <Outlet />;
}
