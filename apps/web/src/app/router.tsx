import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { BlockDemoCompany, RequireAuth, RequireLicence } from '../shell/guards';
import { PageLoader } from '../ui/states';

/**
 * Every screen is its own chunk: the first load carries the framework, the guards and one page.
 * The server names the chunks of an address's screens in the page it answers, read from this
 * table at build time (build/route-preloads.ts): keep screens declared as `lazyPage` here.
 */
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
const OrganisationAuditPage = lazyPage(
  () => import('../pages/organisation-audit-page'),
  'OrganisationAuditPage',
);
const OrganisationRecordPage = lazyPage(
  () => import('../pages/organisation-record-page'),
  'OrganisationRecordPage',
);
const OrganisationShareLinksPage = lazyPage(
  () => import('../pages/organisation-share-links-page'),
  'OrganisationShareLinksPage',
);
const SharedPage = lazyPage(() => import('../pages/shared-page'), 'SharedPage');
const ParticipantPage = lazyPage(() => import('../pages/participant-page'), 'ParticipantPage');
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
const loadResearchTestPages = () => import('../pages/research-test-pages');
const ResearchQuestionnairePage = lazyPage(loadResearchTestPages, 'ResearchQuestionnairePage');
const ResearchSuggestionsPage = lazyPage(loadResearchTestPages, 'ResearchSuggestionsPage');
const ResearchFilesPage = lazyPage(loadResearchTestPages, 'ResearchFilesPage');
const ResearchConsentPage = lazyPage(loadResearchTestPages, 'ResearchConsentPage');
const ResearchRemoteCohortsPage = lazyPage(loadResearchTestPages, 'ResearchRemoteCohortsPage');
const loadResearchAnnotations = () => import('../pages/research-test-annotations-page');
const ResearchPagesPage = lazyPage(loadResearchAnnotations, 'ResearchPagesPage');
const ResearchTagsPage = lazyPage(loadResearchAnnotations, 'ResearchTagsPage');
const ResearchParticipantsPage = lazyPage(
  () => import('../pages/research-participants-page'),
  'ResearchParticipantsPage',
);
const ResearchParticipantPage = lazyPage(
  () => import('../pages/research-participant-page'),
  'ResearchParticipantPage',
);
const ResearchInsightsPage = lazyPage(
  () => import('../pages/research-insights-page'),
  'ResearchInsightsPage',
);
const ResearchInsightsWizardPage = lazyPage(
  () => import('../pages/research-insights-wizard-page'),
  'ResearchInsightsWizardPage',
);
const ResearchSupportPage = lazyPage(() => import('../pages/research-support-page'), 'ResearchSupportPage');
const ResearchSupportThreadPage = lazyPage(
  () => import('../pages/research-support-thread-page'),
  'ResearchSupportThreadPage',
);
const PredictionsPage = lazyPage(() => import('../pages/predictions-page'), 'PredictionsPage');
const PredictionHeatmapsPage = lazyPage(
  () => import('../pages/prediction-heatmaps-page'),
  'PredictionHeatmapsPage',
);
const PredictionProjectsPage = lazyPage(
  () => import('../pages/prediction-projects-page'),
  'PredictionProjectsPage',
);
const PredictionProjectPage = lazyPage(
  () => import('../pages/prediction-project-page'),
  'PredictionProjectPage',
);
const PredictionProjectHeatmapPage = lazyPage(
  () => import('../pages/prediction-project-heatmap-page'),
  'PredictionProjectHeatmapPage',
);
const PredictionComparePage = lazyPage(
  () => import('../pages/prediction-compare-page'),
  'PredictionComparePage',
);
const PredictionHeatmapPage = lazyPage(
  () => import('../pages/prediction-heatmap-page'),
  'PredictionHeatmapPage',
);
const NotFoundPage = lazyPage(() => import('../pages/not-found-page'), 'NotFoundPage');
const ResourcesPage = lazyPage(() => import('../pages/resources-page'), 'ResourcesPage');
const ResourcePage = lazyPage(() => import('../pages/resource-page'), 'ResourcePage');
const ResourceEditorPage = lazyPage(() => import('../pages/resource-editor-page'), 'ResourceEditorPage');
// the results shell is a chunk of its own: a results screen's first load carries no other screen
const TestLayout = lazyPage(() => import('../pages/test-layout-page'), 'TestLayout');
const IntroductionPage = lazyPage(() => import('../pages/introduction-page'), 'IntroductionPage');
const LockedPage = lazyPage(() => import('../pages/locked-page'), 'LockedPage');
const loadInsightScreens = () => import('../pages/insight-screens-pages');
const PageInsightsScreen = lazyPage(loadInsightScreens, 'PageInsightsScreen');
const TagsScreen = lazyPage(loadInsightScreens, 'TagsScreen');
const SectionsScreen = lazyPage(loadInsightScreens, 'SectionsScreen');
const OverviewPage = lazyPage(() => import('../pages/overview-page'), 'OverviewPage');
const loadInsightsPages = () => import('../pages/insights-pages');
const InsightsPage = lazyPage(loadInsightsPages, 'InsightsPage');
const InsightPage = lazyPage(loadInsightsPages, 'InsightPage');
const ParticipantsPage = lazyPage(() => import('../pages/participants-page'), 'ParticipantsPage');
const SuggestionsPage = lazyPage(() => import('../pages/suggestions-page'), 'SuggestionsPage');
const loadVideoResults = () => import('../pages/video-results-pages');
const VideoSummaryPage = lazyPage(loadVideoResults, 'VideoSummaryPage');
const VideoScenesPage = lazyPage(loadVideoResults, 'VideoScenesPage');
const VideoDynamicAnalysisPage = lazyPage(loadVideoResults, 'VideoDynamicAnalysisPage');
const VideoMomentsPage = lazyPage(loadVideoResults, 'VideoMomentsPage');
const VideoQualitativeFeedbackPage = lazyPage(loadVideoResults, 'VideoQualitativeFeedbackPage');
const VideoParticipantsPage = lazyPage(loadVideoResults, 'VideoParticipantsPage');
const VideoParticipantPage = lazyPage(loadVideoResults, 'VideoParticipantPage');
const loadHeatmapsPages = () => import('../pages/heatmaps-page');
const HeatmapsPage = lazyPage(loadHeatmapsPages, 'HeatmapsPage');
const ParticipantHeatmapPage = lazyPage(loadHeatmapsPages, 'ParticipantHeatmapPage');
const loadRecordingPages = () => import('../pages/recording-page');
const RecordingPage = lazyPage(loadRecordingPages, 'RecordingPage');
const ParticipantVideoPage = lazyPage(loadRecordingPages, 'ParticipantVideoPage');
const SectionVideoPage = lazyPage(loadRecordingPages, 'SectionVideoPage');
const ResearchHeatmapsPage = lazyPage(
  () => import('../pages/research-heatmaps-page'),
  'ResearchHeatmapsPage',
);
const JourneyPage = lazyPage(() => import('../pages/journey-page'), 'JourneyPage');
const BenchmarkPage = lazyPage(() => import('../pages/benchmark-page'), 'BenchmarkPage');
const SuggestionPage = lazyPage(() => import('../pages/suggestion-page'), 'SuggestionPage');
// the admin area is one chunk
const loadAdmin = () => import('../pages/admin');
const AdminSection = lazyPage(loadAdmin, 'AdminSection');
const CompaniesPage = lazyPage(loadAdmin, 'CompaniesPage');
const AuditPage = lazyPage(loadAdmin, 'AuditPage');
const NewCompanyPage = lazyPage(loadAdmin, 'NewCompanyPage');
const CompanyPage = lazyPage(loadAdmin, 'CompanyPage');
const CompanyRecordPage = lazyPage(loadAdmin, 'CompanyRecordPage');
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
      // a share link's visitor, without an account (docs/decisions/share-links.md)
      { path: '/s/:token', element: <SharedPage /> },
      // a remote cohort's participant, with the link's token (docs/remote-studies.md)
      { path: '/p/:token', element: <ParticipantPage /> },
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
          // predictions (spec 3 'Predictions')
          { path: 'predictions', element: <PredictionsPage /> },
          { path: 'predictions/projects', element: <PredictionProjectsPage /> },
          { path: 'predictions/projects/:id', element: <PredictionProjectPage /> },
          {
            path: 'predictions/projects/:projectId/heatmaps/:heatmapId',
            element: <PredictionProjectHeatmapPage />,
          },
          { path: 'predictions/heatmaps', element: <PredictionHeatmapsPage /> },
          { path: 'predictions/heatmaps/:id', element: <PredictionHeatmapPage /> },
          { path: 'predictions/heatmaps/:id/compare', element: <PredictionComparePage /> },
          {
            element: <BlockDemoCompany />,
            children: [
              { path: 'organisation', element: <OrganisationPage /> },
              { path: 'organisation/audit', element: <OrganisationAuditPage /> },
              { path: 'organisation/record-of-processing', element: <OrganisationRecordPage /> },
              { path: 'organisation/share-links', element: <OrganisationShareLinksPage /> },
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
              { path: 'companies/:id/record-of-processing', element: <CompanyRecordPage /> },
              { path: 'users', element: <UsersPage /> },
              { path: 'users/new', element: <NewUserPage /> },
              { path: 'users/:id', element: <UserPage /> },
              { path: 'audit', element: <AuditPage /> },
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
              { path: 'test/:id/insights', element: <ResearchInsightsPage /> },
              { path: 'test/:id/insights-wizard', element: <ResearchInsightsWizardPage /> },
              { path: 'test/:id/questionnaire', element: <ResearchQuestionnairePage /> },
              { path: 'test/:id/suggestions', element: <ResearchSuggestionsPage /> },
              { path: 'test/:id/files', element: <ResearchFilesPage /> },
              { path: 'test/:id/consent', element: <ResearchConsentPage /> },
              { path: 'test/:id/remote-cohorts', element: <ResearchRemoteCohortsPage /> },
              { path: 'test/:id/pages', element: <ResearchPagesPage /> },
              { path: 'test/:id/tags', element: <ResearchTagsPage /> },
              { path: 'test/:id/heatmaps', element: <ResearchHeatmapsPage /> },
              { path: 'test/:id/participants/:participantId', element: <ResearchParticipantPage /> },
              {
                path: 'test/:id',
                element: <TestLayout />,
                children: [
                  { path: 'scenes', element: <VideoScenesPage /> },
                  { path: 'qualitative-feedback', element: <VideoQualitativeFeedbackPage /> },
                  { path: 'dynamic-analysis', element: <VideoDynamicAnalysisPage /> },
                  { path: 'moments', element: <VideoMomentsPage /> },
                ],
              },
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
              { index: true, element: <OverviewPage /> },
              { path: 'overview', element: <OverviewPage /> },
              { path: 'insights', element: <InsightsPage /> },
              { path: 'insights/:insightId', element: <InsightPage /> },
              { path: 'demo', element: <IntroductionPage /> },
              { path: 'locked', element: <LockedPage /> },
              { path: 'page-insights', element: <PageInsightsScreen /> },
              { path: 'tags/:tagId?', element: <TagsScreen /> },
              { path: 'sections', element: <SectionsScreen /> },
              { path: 'suggestions', element: <SuggestionsPage /> },
              { path: 'suggestions/:suggestionId', element: <SuggestionPage /> },
              { path: 'heatmaps', element: <HeatmapsPage /> },
              { path: 'participant/:participantId/heatmap', element: <ParticipantHeatmapPage /> },
              { path: 'participant/:participantId/recording', element: <RecordingPage /> },
              { path: 'participant/:participantId/video', element: <ParticipantVideoPage /> },
              { path: 'section-video', element: <SectionVideoPage /> },
              { path: 'participants', element: <ParticipantsPage /> },
              { path: 'journey', element: <JourneyPage /> },
              { path: 'benchmark', element: <BenchmarkPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'video-test/:id',
            element: <TestLayout />,
            // spec 3's video screens; the research area's twins are under research/test/:id above
            children: [
              { index: true, element: <Navigate to="summary" replace /> },
              { path: 'summary', element: <VideoSummaryPage /> },
              { path: 'overview', element: <VideoSummaryPage /> },
              { path: 'scenes', element: <VideoScenesPage /> },
              { path: 'dynamic-analysis', element: <VideoDynamicAnalysisPage /> },
              { path: 'moments', element: <VideoMomentsPage /> },
              { path: 'qualitative-feedback', element: <VideoQualitativeFeedbackPage /> },
              { path: 'participant', element: <VideoParticipantsPage /> },
              { path: 'participant/:participantId', element: <VideoParticipantPage /> },
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
