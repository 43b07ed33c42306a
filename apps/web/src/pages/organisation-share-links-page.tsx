import { CompanyAdminOnly } from '../features/account';
import { ShareLinksTable } from '../features/share-links';

/** /organisation/share-links: a company admin's share links with their views, and revoke. */
export function OrganisationShareLinksPage() {
  return (
    <CompanyAdminOnly
      title="Share links"
      refusal="The share links of your organisation are for its company admins."
    >
      {(companyId) => <ShareLinksTable companyId={companyId} />}
    </CompanyAdminOnly>
  );
}
