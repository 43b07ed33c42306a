export { companyKeys, useCompanies, useCompany, useCompanyMembers } from './api';
export { OrganisationDetails } from './components/organisation-details';
