import { MESSAGES, TEST_MESSAGES } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { emptyValues, type TestFormValues } from './test-form-values';
import { formIssues } from './validation';
import { videoFileIssue } from './video-file';

const web = (change: Partial<TestFormValues> = {}): TestFormValues => ({ ...emptyValues('web'), ...change });

describe('formIssues', () => {
  it('checks only the name for a draft', () => {
    expect(formIssues(web(), 'draft')).toEqual({ name: MESSAGES.required });
    expect(formIssues(web({ name: 'Checkout' }), 'draft')).toEqual({});
  });

  it('requires name, purpose, scenario and end point to request a web test', () => {
    expect(formIssues(web(), 'requested')).toEqual({
      name: MESSAGES.required,
      purpose: MESSAGES.required,
      scenario: MESSAGES.required,
      stop_moment: MESSAGES.required,
    });
  });

  it('requires an area of focus for essential and the requirements of a custom group', () => {
    const complete = web({ name: 'A', purpose: 'B', scenario: 'C', stop_moment: 'D' });
    expect(formIssues(complete, 'requested')).toEqual({});
    // a focus element in a slot essential does not show does not count
    expect(
      formIssues({ ...complete, test_type: 'essential', focus_elements: ['', 'Menu', ''] }, 'requested'),
    ).toEqual({ focus_elements: TEST_MESSAGES.focusRequired });
    expect(formIssues({ ...complete, target_group: 'custom' }, 'requested')).toEqual({
      custom_target: TEST_MESSAGES.customTargetRequired,
    });
  });

  it('requires only name and purpose to request a video test', () => {
    expect(formIssues({ ...emptyValues('video'), name: 'Spot' }, 'requested')).toEqual({
      purpose: MESSAGES.required,
    });
  });

  it('keeps to the contract limits, naming the slot of a too long question', () => {
    const long = 'x'.repeat(501);
    const values = web({ name: 'n'.repeat(256) });
    values.associations[2] = { text: long };
    const issues = formIssues(values, 'draft');
    expect(issues.name).toMatch(/At most 255/);
    expect(issues['associations.2']).toMatch(/At most 500/);
  });
});

describe('videoFileIssue', () => {
  it('accepts MKV, MP4 and MOV by name, whatever the case', () => {
    for (const name of ['spot.mp4', 'SPOT.MOV', 'a.b.mkv'])
      expect(videoFileIssue({ name, size: 10 })).toBeUndefined();
  });

  it('refuses other files and files over the size limit', () => {
    expect(videoFileIssue({ name: 'notes.txt', size: 10 })).toBe(TEST_MESSAGES.notAVideo);
    expect(videoFileIssue({ name: 'spot.avi', size: 10 })).toBe(TEST_MESSAGES.notAVideo);
    expect(videoFileIssue({ name: 'spot.mp4', size: 3 * 1024 ** 3 })).toBe(TEST_MESSAGES.videoTooLarge);
  });
});
