export { currentUserQuery, useCurrentUser, userKeys } from './api';
export { AccountForm } from './components/account-form';
export { CompanyAdminOnly } from './components/company-admin-only';
export {
  browserLanguages,
  type CommentVersionChoice,
  CommentVersionToggle,
  pointsIn,
  pointWords,
  useCommentVersion,
  useReaderLanguage,
  type Words,
} from './reader-language';
