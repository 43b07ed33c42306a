import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { BlockDemoCompany, RequireAuth, RequireLicence } from '../shell/guards';
import { PageLoader } from '../ui/states';

/** Every screen is its own chunk: the first load carries the framework, the guards and one page. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

const AppLayout = lazyPage(() => import('../shell/app-layout'), 'AppLayout');
const SignupPage = lazyPage(() => import('../pages/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyPage(() => import('../pages/forgot-password-page'), 'ForgotPasswordPage');
const NewPasswordPage = lazyPage(() => import('../pages/new-password-page'), 'NewPasswordPage');
const ActivatePage = lazyPage(() => import('../pages/activate-page'), 'ActivatePage');
const VerifyPage = lazyPage(() => import('../pages/verify-page'), 'VerifyPage');
const ServerErrorPage = lazyPage(() => import('../pages/server-error-page'), 'ServerErrorPage');
const HomePage = lazyPage(() => import('../pages/home-page'), 'HomePage');
const DemoPage = lazyPage(() => import('../pages/demo-page'), 'DemoPage');
const TestsPage = lazyPage(() => import('../pages/tests-page'), 'TestsPage');
const CreateTestPage = lazyPage(() => import('../pages/create-test-page'), 'CreateTestPage');
const SuccessPage = lazyPage(() => import('../pages/success-page'), 'SuccessPage');
const loadTestOrder = () => import('../pages/test-order-page');
const WebTestOrderPage = lazyPage(loadTestOrder, 'WebTestOrderPage');
const VideoTestOrderPage = lazyPage(loadTestOrder, 'VideoTestOrderPage');
const AccountPage = lazyPage(() => import('../pages/account-page'), 'AccountPage');
const OrganisationPage = lazyPage(() => import('../pages/organisation-page'), 'OrganisationPage');
const MembersPage = lazyPage(() => import('../pages/members-page'), 'MembersPage');
const AddMemberPage = lazyPage(() => import('../pages/add-member-page'), 'AddMemberPage');
const EditMemberPage = lazyPage(() => import('../pages/edit-member-page'), 'EditMemberPage');
const ResearchPage = lazyPage(() => import('../pages/research-page'), 'ResearchPage');
const ResearchTestSetupsPage = lazyPage(
  () => import('../pages/research-test-setups-page'),
  'ResearchTestSetupsPage',
);
const ResearchTestSetupPage = lazyPage(
  () => import('../pages/research-test-setup-page'),
  'ResearchTestSetupPage',
);
const loadResearchPlaceholders = () => import('../pages/research-placeholder-page');
const ResearchQuestionnairePage = lazyPage(loadResearchPlaceholders, 'ResearchQuestionnairePage');
const ResearchSuggestionsPage = lazyPage(loadResearchPlaceholders, 'ResearchSuggestionsPage');
const ResearchFilesPage = lazyPage(loadResearchPlaceholders, 'ResearchFilesPage');
const ResearchParticipantsPage = lazyPage(
  () => import('../pages/research-participants-page'),
  'ResearchParticipantsPage',
);
const ResearchParticipantPage = lazyPage(
  () => import('../pages/research-participant-page'),
  'ResearchParticipantPage',
);
const ResearchSupportPage = lazyPage(() => import('../pages/research-support-page'), 'ResearchSupportPage');
const ResearchSupportThreadPage = lazyPage(
  () => import('../pages/research-support-thread-page'),
  'ResearchSupportThreadPage',
);
const NotFoundPage = lazyPage(() => import('../pages/not-found-page'), 'NotFoundPage');
const ResourcesPage = lazyPage(() => import('../pages/resources-page'), 'ResourcesPage');
const ResourcePage = lazyPage(() => import('../pages/resource-page'), 'ResourcePage');
const ResourceEditorPage = lazyPage(() => import('../pages/resource-editor-page'), 'ResourceEditorPage');
// the results shell and its screens are one chunk
const loadResults = () => import('../features/test-results');
const TestLayout = lazyPage(loadResults, 'TestLayout');
const IntroductionPage = lazyPage(loadResults, 'IntroductionPage');
const LockedPage = lazyPage(loadResults, 'LockedPage');
const SuggestionsPage = lazyPage(() => import('../pages/suggestions-page'), 'SuggestionsPage');
const SuggestionPage = lazyPage(() => import('../pages/suggestion-page'), 'SuggestionPage');
// the admin area is one chunk
const loadAdmin = () => import('../pages/admin');
const AdminSection = lazyPage(loadAdmin, 'AdminSection');
const CompaniesPage = lazyPage(loadAdmin, 'CompaniesPage');
const NewCompanyPage = lazyPage(loadAdmin, 'NewCompanyPage');
const CompanyPage = lazyPage(loadAdmin, 'CompanyPage');
const UsersPage = lazyPage(loadAdmin, 'UsersPage');
const NewUserPage = lazyPage(loadAdmin, 'NewUserPage');
const UserPage = lazyPage(loadAdmin, 'UserPage');

function Loading({ children }: { children?: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>;
}

/** The one route table of the web client, mirroring spec 1 §2. */
export const routes: RouteObject[] = [
  {
    element: <Loading />,
    children: [
      // public
      { path: '/signup', element: <SignupPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/new-password', element: <NewPasswordPage /> },
      { path: '/activate', element: <ActivatePage /> },
      { path: '/verify', element: <VerifyPage /> },
      { path: '/500', element: <ServerErrorPage /> },
      // signed in
      {
        path: '/',
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home', element: <HomePage /> },
          { path: 'demo', element: <DemoPage /> },
          { path: 'tests', element: <TestsPage /> },
          // ordering (spec 2 §2)
          { path: 'create-test', element: <CreateTestPage /> },
          { path: 'create-test/web/:id?', element: <WebTestOrderPage /> },
          { path: 'create-test/video/:id?', element: <VideoTestOrderPage /> },
          { path: 'success', element: <SuccessPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'resources', element: <ResourcesPage /> },
          { path: 'resources/new', element: <ResourceEditorPage /> },
          { path: 'resources/:id', element: <ResourcePage /> },
          { path: 'resources/:id/edit', element: <ResourceEditorPage /> },
          {
            element: <BlockDemoCompany />,
            children: [
              { path: 'organisation', element: <OrganisationPage /> },
              { path: 'members', element: <MembersPage /> },
              { path: 'add-member', element: <AddMemberPage /> },
              { path: 'edit-member/:id', element: <EditMemberPage /> },
            ],
          },
          {
            path: 'admin',
            element: (
              <RequireLicence licence="analysis">
                <AdminSection />
              </RequireLicence>
            ),
            children: [
              { index: true, element: <Navigate to="/admin/companies" replace /> },
              { path: 'companies', element: <CompaniesPage /> },
              { path: 'companies/new', element: <NewCompanyPage /> },
              { path: 'companies/:id', element: <CompanyPage /> },
              { path: 'users', element: <UsersPage /> },
              { path: 'users/new', element: <NewUserPage /> },
              { path: 'users/:id', element: <UserPage /> },
            ],
          },
          {
            path: 'research',
            element: <RequireLicence licence="research" />,
            children: [
              { index: true, element: <ResearchPage /> },
              { path: 'testsetups', element: <ResearchTestSetupsPage /> },
              { path: 'test/:id/test-setup', element: <ResearchTestSetupPage /> },
              { path: 'test/:id/participants', element: <ResearchParticipantsPage /> },
              { path: 'test/:id/questionnaire', element: <ResearchQuestionnairePage /> },
              { path: 'test/:id/suggestions', element: <ResearchSuggestionsPage /> },
              { path: 'test/:id/files', element: <ResearchFilesPage /> },
              { path: 'test/:id/participants/:participantId', element: <ResearchParticipantPage /> },
              { path: 'support', element: <ResearchSupportPage /> },
              { path: 'support/:id', element: <ResearchSupportThreadPage /> },
              { path: '*', element: <ResearchPage /> },
            ],
          },
          // results (spec 3 §2); screens not built yet show the 404 page inside the test layout
          {
            path: 'test/:id',
            element: <TestLayout />,
            children: [
              { index: true, element: <NotFoundPage /> },
              { path: 'demo', element: <IntroductionPage /> },
              { path: 'locked', element: <LockedPage /> },
              { path: 'suggestions', element: <SuggestionsPage /> },
              { path: 'suggestions/:suggestionId', element: <SuggestionPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'video-test/:id',
            element: <TestLayout />,
            children: [
              { index: true, element: <NotFoundPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
