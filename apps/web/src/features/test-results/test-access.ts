import type { TestDetail } from '@limbus/contract';

/** The report button of the results header: a preview until the test is done. */
export function reportLabel(test: Pick<TestDetail, 'state'>): string {
  return test.state === 'done' ? 'View report' : 'Preview report';
}

/** The prefilled support message of the locked screen's Upgrade button. */
export function upgradeMessage(test: Pick<TestDetail, 'name' | 'company'>): string {
  return `I would like to upgrade the test “${test.name}” of ${test.company.name} to Professional.`;
}
