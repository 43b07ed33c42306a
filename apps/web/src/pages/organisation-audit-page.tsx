import { CompanyAdminOnly } from '../features/account';
import { AuditLog } from '../features/audit';

/** /organisation/audit: a company admin's view of the audit trail, about their own company only. */
export function OrganisationAuditPage() {
  return (
    <CompanyAdminOnly
      title="Audit log"
      refusal="The audit log of your organisation is for its company admins."
    >
      {(companyId) => <AuditLog companyId={companyId} />}
    </CompanyAdminOnly>
  );
}
