import { AuditLog } from '../../features/audit';
import { PageTitle } from '../../ui';

/** /admin/audit: the whole audit trail for provider staff, with the check of its hash chain. */
export function AuditPage() {
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <AuditLog companyId={null} />
    </>
  );
}
