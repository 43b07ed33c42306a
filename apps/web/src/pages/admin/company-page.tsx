import { useParams } from 'react-router';
import { CompanyDetail } from '../../features/admin-companies';
import { NotFoundPage } from '../not-found-page';

export function CompanyPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <CompanyDetail key={id} companyId={id} />;
}
