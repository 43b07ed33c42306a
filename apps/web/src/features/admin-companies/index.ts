export { CompaniesList } from './components/companies-list';
export { CompanyDetail } from './components/company-detail';
export { isCompanyComplete, NewCompanyForm } from './components/new-company-form';
export { adminOptions, CREATE_NEW_USER, staffOptions } from './user-options';
