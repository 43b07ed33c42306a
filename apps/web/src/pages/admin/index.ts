export { AdminSection } from './admin-tabs';
export { AuditPage } from './audit-page';
export { CompaniesPage } from './companies-page';
export { CompanyPage } from './company-page';
export { NewCompanyPage } from './new-company-page';
export { NewUserPage } from './new-user-page';
export { UserPage } from './user-page';
export { UsersPage } from './users-page';
