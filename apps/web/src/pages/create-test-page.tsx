import { useCurrentUser } from '../features/account';
import { canOrderTests, DemoCannotOrder, TestKindChooser } from '../features/ordering';
import { PageLoader, PageTitle } from '../ui';

export function CreateTestPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  return (
    <>
      <PageTitle>Create new test</PageTitle>
      {canOrderTests(user) ? <TestKindChooser /> : <DemoCannotOrder />}
    </>
  );
}
