export { useLogout } from './api';
export { Activation } from './components/activation';
export { AuthFrame } from './components/auth-frame';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { NewPasswordForm } from './components/new-password-form';
export { SignInForm } from './components/sign-in-form';
export { SignUpForm } from './components/sign-up-form';
export { VerifyForm } from './components/verify-form';
export { WelcomeHeader } from './components/welcome-header';
export {
  canManageMembers,
  displayName,
  hasCompanySummary,
  homePathFor,
  isDemoUser,
  isInDemoCompany,
  roleOptions,
  usesAdminArea,
  usesResearchArea,
} from './permissions';
