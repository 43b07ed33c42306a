import { TestKindChooser } from '../features/ordering';
import { PageTitle } from '../ui';

export function CreateTestPage() {
  return (
    <>
      <PageTitle>Create new test</PageTitle>
      <TestKindChooser />
    </>
  );
}
