import { SuccessMessage } from '../features/ordering';
import { PageTitle } from '../ui';

export function SuccessPage() {
  return (
    <>
      <PageTitle>Thank you</PageTitle>
      <SuccessMessage />
    </>
  );
}
