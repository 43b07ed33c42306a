import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitlesManager, TagsManager } from '../features/annotations';
import { PageTitle } from '../ui';

function ResearchTestScreen({ title, children }: { title: string; children: ReactNode }) {
  const testId = Number(useParams().id);
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={`/research/test/${testId}/test-setup`} size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        Back to the test setup
      </Anchor>
      <PageTitle>{title}</PageTitle>
      {children}
    </Stack>
  );
}

/** /research/test/{id}/pages */
export function ResearchPagesPage() {
  const testId = Number(useParams().id);
  return (
    <ResearchTestScreen title="Pages">
      <PageTitlesManager testId={testId} />
    </ResearchTestScreen>
  );
}

/** /research/test/{id}/tags */
export function ResearchTagsPage() {
  const testId = Number(useParams().id);
  return (
    <ResearchTestScreen title="Tags">
      <TagsManager testId={testId} />
    </ResearchTestScreen>
  );
}
