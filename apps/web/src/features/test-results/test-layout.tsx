import type { TestDetail } from '@limbus/contract';
import { Box } from '@mantine/core';
import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { isFullWidthPath } from '../../ui/layout-constants';
import { PageLoader } from '../../ui/states';
import { useCurrentUser } from '../account';
import { CohortFilter } from '../cohorts';
import { useTest } from '../user-tests';
import { redirectOfResults } from './test-access';
import { TestHeader } from './test-header';
import { TestNav } from './test-nav';

/**
 * The results shell of /test/{id}/… and /video-test/{id}/…: loads the test (to /tests when it
 * cannot be loaded), applies the access redirects of spec 3 §2 and shows the test header.
 */
export function TestLayout() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { user, isLoading: userLoading } = useCurrentUser();
  const { data: loadedTest, isError } = useTest(id);
  // The results screens are large: React renders them in slices between the browser's own work
  // (a transition) instead of one long task that holds up input when the test arrives.
  const test = useDeferredValue(loadedTest);

  useEffect(() => {
    if (test) document.title = `${test.name} · Limbus`;
  }, [test]);

  if (isError) return <Navigate to="/tests" replace />;
  if (!test || userLoading || !user) return <PageLoader label="Loading the test" />;
  const redirect = redirectOfResults(test, user, pathname);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <>
      <Box px={isFullWidthPath(pathname) ? 'md' : 0} pt={isFullWidthPath(pathname) ? 'md' : 0}>
        <TestHeader test={test} user={user} />
        <TestNav test={test} />
        <CohortFilter test={test} />
      </Box>
      <Outlet context={test satisfies TestDetail} />
    </>
  );
}

/** The loaded test, inside a TestLayout. */
export function useLoadedTest(): TestDetail {
  return useOutletContext<TestDetail>();
}
