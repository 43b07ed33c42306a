import { Anchor, Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { Empty, PageTitle } from '../ui';

type Placeholder = { title: string; description: string; to?: (testId: number) => string; action?: string };

/** Spec 2 names these research screens but gives them no content; each says where the work is done. */
const PLACEHOLDERS = {
  questionnaire: {
    title: 'Questionnaire',
    description:
      "Answers are entered per participant, on the Questionnaire tab of a video test's participant.",
    to: (testId) => `/research/test/${testId}/participants`,
    action: 'Open participants',
  },
  suggestions: {
    title: 'Suggestions',
    description: 'Suggestions are written and ranked on the test’s suggestions page.',
    to: (testId) => `/test/${testId}/suggestions`,
    action: 'Open suggestions',
  },
  files: {
    title: 'Files',
    description: 'There are no files for this test yet.',
  },
} satisfies Record<string, Placeholder>;

function ResearchPlaceholder({ screen }: { screen: keyof typeof PLACEHOLDERS }) {
  const testId = Number(useParams().id);
  const placeholder: Placeholder = PLACEHOLDERS[screen];
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={`/research/test/${testId}/test-setup`} size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        Back to the test setup
      </Anchor>
      <PageTitle>{placeholder.title}</PageTitle>
      <Empty
        title={`Nothing to show under ${placeholder.title}`}
        description={placeholder.description}
        action={
          placeholder.to && (
            <Button component={Link} to={placeholder.to(testId)} variant="light">
              {placeholder.action}
            </Button>
          )
        }
      />
    </Stack>
  );
}

/** /research/test/{id}/questionnaire */
export const ResearchQuestionnairePage = () => <ResearchPlaceholder screen="questionnaire" />;
/** /research/test/{id}/suggestions */
export const ResearchSuggestionsPage = () => <ResearchPlaceholder screen="suggestions" />;
/** /research/test/{id}/files */
export const ResearchFilesPage = () => <ResearchPlaceholder screen="files" />;
