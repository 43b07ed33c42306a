import { SupportInbox } from '../features/support';
import { PageTitle } from '../ui';

/** /research/support: the staff inbox of the support chat. */
export function ResearchSupportPage() {
  return (
    <>
      <PageTitle>Support inbox</PageTitle>
      <SupportInbox />
    </>
  );
}
