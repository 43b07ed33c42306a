import { useParams } from 'react-router';
import { SupportInboxThread } from '../features/support';
import { PageTitle } from '../ui';

/** /research/support/:id: one conversation of the support inbox. */
export function ResearchSupportThreadPage() {
  const id = Number(useParams().id);
  return (
    <>
      <PageTitle>Support conversation</PageTitle>
      <SupportInboxThread id={id} />
    </>
  );
}
