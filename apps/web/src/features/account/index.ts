export { currentUserQuery, useCurrentUser, userKeys } from './api';
export { AccountForm } from './components/account-form';
