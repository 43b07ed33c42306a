import { describe, expect, it } from 'vitest';
import { reportLabel, upgradeMessage } from './test-access';

describe('results header and locked screen', () => {
  it('labels the report button by state and names test and company in the upgrade request', () => {
    expect(reportLabel({ state: 'done' })).toBe('View report');
    expect(reportLabel({ state: 'draft' })).toBe('Preview report');
    expect(upgradeMessage({ name: 'Shop', company: { id: 5, name: 'Acme', licence_analysis: false } })).toBe(
      'I would like to upgrade the test “Shop” of Acme to Professional.',
    );
  });
});
