import { Anchor, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../features/account';
import { QuestionnaireAnswers } from '../features/answers';
import { ConsentTermsScreen } from '../features/consent';
import { RemoteCohortsSection } from '../features/remote-cohorts';
import { canEditSuggestions, SuggestionList } from '../features/suggestions';
import { TestFiles } from '../features/test-files';
import { useTest } from '../features/user-tests';
import { PageTitle } from '../ui';

/** The frame of a research screen of one test: back to its setup, the test's name, the title. */
function ResearchTestScreen({
  title,
  children,
}: {
  title?: string;
  children: (testId: number) => ReactNode;
}) {
  const testId = Number(useParams().id);
  const test = useTest(String(testId));
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/research/test/${testId}/test-setup`} size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        Back to the test setup
      </Anchor>
      {test.data ? (
        <Text size="sm" c="dimmed" mb={-8}>
          {test.data.name}
        </Text>
      ) : null}
      {title ? <PageTitle>{title}</PageTitle> : null}
      {children(testId)}
    </Stack>
  );
}

/** /research/test/{id}/questionnaire: the test's questions with every participant's answers. */
export function ResearchQuestionnairePage() {
  return (
    <ResearchTestScreen title="Questionnaire">
      {(testId) => <QuestionnaireAnswers testId={testId} />}
    </ResearchTestScreen>
  );
}

/** /research/test/{id}/suggestions: the test's suggestions editor (the list has its own title). */
export function ResearchSuggestionsPage() {
  return <ResearchTestScreen>{(testId) => <ResearchSuggestions testId={testId} />}</ResearchTestScreen>;
}

/** The suggestions feature's list; its New and detail links open the editor under /test/{id}/suggestions. */
function ResearchSuggestions({ testId }: { testId: number }) {
  const { user } = useCurrentUser();
  const test = useTest(String(testId));
  return <SuggestionList testId={testId} canEdit={test.data ? canEditSuggestions(user, test.data) : false} />;
}

/** /research/test/{id}/files: recordings, uploads and exports with size, date and download. */
export function ResearchFilesPage() {
  return <ResearchTestScreen title="Files">{(testId) => <TestFiles testId={testId} />}</ResearchTestScreen>;
}

/** /research/test/{id}/consent: the versions of the test's consent terms, and a new version. */
export function ResearchConsentPage() {
  return (
    <ResearchTestScreen title="Consent terms">
      {(testId) => <ConsentTermsScreen testId={testId} />}
    </ResearchTestScreen>
  );
}

/** /research/test/{id}/remote-cohorts: the test's participant links for panels, opened and closed. */
export function ResearchRemoteCohortsPage() {
  return (
    <ResearchTestScreen title="Remote cohorts">
      {(testId) => <RemoteCohortsSection testId={testId} />}
    </ResearchTestScreen>
  );
}
