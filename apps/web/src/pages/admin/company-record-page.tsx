import { useParams } from 'react-router';
import { ProcessingRecordDocument } from '../../features/processing-record';
import { BackLink } from '../../ui';
import { NotFoundPage } from '../not-found-page';

/** /admin/companies/{id}/record-of-processing: a company's record of processing (Art. 30), for staff. */
export function CompanyRecordPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <ProcessingRecordDocument
      key={id}
      companyId={id}
      back={<BackLink to={`/admin/companies/${id}`}>Back to the company</BackLink>}
    />
  );
}
