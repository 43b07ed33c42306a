export { useUsers } from './api';
export { UserForm } from './components/user-form';
export { UsersList } from './components/users-list';
export { chooseCompany, chooseRole, demoCompanyId, type RoleAndCompany } from './role-company';
