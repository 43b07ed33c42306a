import type { TestSummary } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { pickerOptions, testHref } from './test-links';

const test = (id: number, state: TestSummary['state'], platform: TestSummary['platform']): TestSummary => ({
  id,
  name: `Test ${id}`,
  state,
  platform,
  internal_state: null,
  test_type: 'professional',
  company_id: 1,
  company: { id: 1, name: 'Acme', licence_analysis: false },
  requester_id: null,
  requester: null,
  researcher_id: null,
  created_at: 0,
  updated_at: 0,
});

describe('test links', () => {
  it('links done tests to their results and others to the ordering flow', () => {
    expect(testHref(test(1, 'done', 'desktop'))).toBe('/test/1/overview/');
    expect(testHref(test(2, 'done', 'video'))).toBe('/video-test/2/summary/');
    expect(testHref(test(3, 'draft', 'mobile'))).toBe('/create-test/web/3');
    expect(testHref(test(4, 'requested', 'video'))).toBe('/create-test/video/4');
  });

  it('lists only done tests outside research, every test in research', () => {
    const tests = [test(1, 'done', 'desktop'), test(2, 'draft', 'desktop'), test(3, 'done', 'video')];
    expect(pickerOptions(tests, false).map((option) => option.href)).toEqual([
      '/test/1/overview/',
      '/video-test/3/summary/',
    ]);
    expect(pickerOptions(tests, true).map((option) => option.href)).toEqual([
      '/research/test/1/test-setup',
      '/research/test/2/test-setup',
      '/research/test/3/test-setup',
    ]);
  });
});
