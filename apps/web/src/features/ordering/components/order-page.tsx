import { TEST_MESSAGES, type TestDetail } from '@limbus/contract';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { isApiError } from '../../../api';
import { BlockSkeleton, ErrorAlert, PageTitle } from '../../../ui';
import { useCurrentUser } from '../../account';
import { useTest } from '../../user-tests';
import { canOrderTests } from '../permissions';
import { kindOfPlatform, type TestKind } from '../test-form-values';
import { TestForm, type TestFormMode } from './test-form';

const CREATE_TITLES: Record<TestKind, string> = { web: 'Create Website Test', video: 'Create Video Test' };
const TITLES: Record<Exclude<TestFormMode, 'create'>, string> = { edit: 'Edit Test', view: 'View Test' };

/** Demo users look around without ordering (the demo company is shared by everyone who signed up). */
export function DemoCannotOrder() {
  return (
    <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} maw={720}>
      {TEST_MESSAGES.demoCannotOrder}.{' '}
      <Anchor component={Link} to="/tests">
        See the demo tests
      </Anchor>
    </Alert>
  );
}

function Loading() {
  return (
    <Stack maw={880}>
      <BlockSkeleton height={260} />
      <BlockSkeleton height={200} />
    </Stack>
  );
}

/** /create-test/web and /create-test/video: a new test. */
export function NewTestOrder({ kind }: { kind: TestKind }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Loading />;
  return (
    <>
      <PageTitle>{CREATE_TITLES[kind]}</PageTitle>
      {canOrderTests(user) ? (
        <TestForm kind={kind} mode="create" companyId={user?.company_id ?? null} />
      ) : (
        <DemoCannotOrder />
      )}
    </>
  );
}

/** A draft is edited by who may order; any other test (or any test for a demo user) is only viewed. */
function modeOf(test: TestDetail, mayOrder: boolean): Exclude<TestFormMode, 'create'> {
  return test.state === 'draft' && mayOrder ? 'edit' : 'view';
}

/** /create-test/{kind}/{id}: edit a draft (Edit Test) or view a non-draft test (View Test). */
export function SavedTestOrder({ kind, id }: { kind: TestKind; id: string }) {
  const { user, isLoading } = useCurrentUser();
  const test = useTest(id);
  if (test.isError) {
    // a test that cannot be loaded sends the user to the list (spec 1 §2, route guards)
    if (isApiError(test.error) && [400, 403, 404].includes(test.error.status)) {
      return <Navigate to="/tests" replace />;
    }
    return <ErrorAlert error={test.error} title="This test could not be loaded" />;
  }
  if (isLoading || !test.data) return <Loading />;
  const actualKind = kindOfPlatform(test.data.platform);
  if (actualKind !== kind) return <Navigate to={`/create-test/${actualKind}/${test.data.id}`} replace />;
  const mode = modeOf(test.data, canOrderTests(user));
  return (
    <>
      <PageTitle>{TITLES[mode]}</PageTitle>
      {/* keyed by the test and its mode, so that the form starts again from what the server holds */}
      <TestForm
        key={`${test.data.id}-${mode}`}
        kind={kind}
        test={test.data}
        mode={mode}
        companyId={test.data.company_id}
      />
    </>
  );
}
