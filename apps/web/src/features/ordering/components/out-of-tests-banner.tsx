import { TEST_MESSAGES, type TestType } from '@limbus/contract';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Shown instead of the Request button when no test of the chosen type is left (spec 2 §2). */
export function OutOfTestsBanner({ type }: { type: TestType }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title={TEST_MESSAGES.outOfTestsTitle(type)}
      icon={<IconInfoCircle size={18} aria-hidden />}
    >
      {TEST_MESSAGES.outOfTests(type)}
    </Alert>
  );
}
