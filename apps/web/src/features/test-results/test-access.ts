import { readerOfUser, resultsRedirect, type TestDetail, type User } from '@limbus/contract';
import { hasSeenIntroduction } from './introduction-seen';

/**
 * Where a results address sends this user instead (spec 3 §2: /tests, the introduction, /locked),
 * or null when it shows its own screen: the results shell follows it, the start's prefetch asks for
 * a screen's data only when it is null.
 */
export function redirectOfResults(test: TestDetail, user: User, pathname: string): string | null {
  return resultsRedirect(test, readerOfUser(user), pathname, hasSeenIntroduction(test.id));
}

/** The report button of the results header: a preview until the test is done. */
export function reportLabel(test: Pick<TestDetail, 'state'>): string {
  return test.state === 'done' ? 'View report' : 'Preview report';
}

/** The prefilled support message of the locked screen's Upgrade button. */
export function upgradeMessage(test: Pick<TestDetail, 'name' | 'company'>): string {
  return `I would like to upgrade the test “${test.name}” of ${test.company.name} to Professional.`;
}
