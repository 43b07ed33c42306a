export { companyKeys, useCompany, useCompanyMembers } from './api';
export { OrganisationDetails } from './components/organisation-details';
