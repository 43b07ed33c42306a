import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Empty } from '../../../ui';

/** What users who may not write the library see on the editor's addresses. */
export function ResourceAuthoringNotAllowed() {
  return (
    <Empty
      icon={<IconLock size={28} aria-hidden />}
      title="You cannot write resources"
      description="Only the Limbus team writes and publishes the articles of the library. You can read every published article."
      action={
        <Button component={Link} to="/resources">
          Back to resources
        </Button>
      }
    />
  );
}

/** A missing article, or a draft the user may not see: both are simply not there. */
export function ResourceNotFound() {
  return (
    <Empty
      title="This article was not found"
      description="It may have been removed or not be published yet."
      action={
        <Button component={Link} to="/resources">
          Back to resources
        </Button>
      }
    />
  );
}
