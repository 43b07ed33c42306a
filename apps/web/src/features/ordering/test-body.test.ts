import { testWriteBody } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { toMultipart, toTestWrite } from './test-body';
import { emptyValues, type TestFormValues } from './test-form-values';

const webTest = (change: Partial<TestFormValues> = {}): TestFormValues => ({
  ...emptyValues('web'),
  name: ' Checkout ',
  purpose: 'Find the hesitation',
  scenario: 'Buy shoes',
  stop_moment: 'Confirmation page',
  ...change,
});

describe('toTestWrite', () => {
  it('sends blank question slots with the destroy flag, keeping the ids of saved ones', () => {
    const write = toTestWrite(
      webTest({
        associations: [
          { id: 7, text: 'Trustworthy ' },
          { id: 8, text: '  ' },
          { text: 'Fast' },
          { text: '' },
        ],
        open_questions: [{ text: 'What did you miss?' }, { text: '' }, { text: '' }],
      }),
      'draft',
    );
    expect(write.associations).toEqual([
      { id: 7, text: 'Trustworthy' },
      { id: 8, text: '', _destroy: true },
      { text: 'Fast' },
      { text: '', _destroy: true },
    ]);
    expect(write.open_questions).toEqual([
      { text: 'What did you miss?' },
      { text: '', _destroy: true },
      { text: '', _destroy: true },
    ]);
    expect(write).toMatchObject({ name: 'Checkout', state: 'draft', platform: 'desktop' });
  });

  it('keeps one area of focus for essential, drops blank ones, and the custom group only when custom', () => {
    const values = webTest({ focus_elements: ['Menu', '', 'Footer'], custom_target: 'Runners over 40' });
    expect(toTestWrite(values, 'requested').focus_elements).toEqual(['Menu', 'Footer']);
    expect(toTestWrite({ ...values, test_type: 'essential' }, 'requested').focus_elements).toEqual(['Menu']);
    expect(toTestWrite(values, 'requested').custom_target).toBe('');
    expect(toTestWrite({ ...values, target_group: 'custom' }, 'requested').custom_target).toBe(
      'Runners over 40',
    );
  });

  it('writes only the fields of its kind: no web task for a video, external_app only on mobile', () => {
    const video = toTestWrite(
      { ...emptyValues('video'), name: 'Spot', brand_name: 'Acme', url: 'x' },
      'draft',
    );
    expect(video).toMatchObject({ platform: 'video', brand_name: 'Acme' });
    expect(video).not.toHaveProperty('url');
    expect(video).not.toHaveProperty('focus_elements');
    expect(toTestWrite(webTest({ external_app: true }), 'draft').external_app).toBe(false);
    expect(toTestWrite(webTest({ platform: 'mobile', external_app: true }), 'draft').external_app).toBe(true);
  });

  it('is a body the contract accepts', () => {
    const write = toTestWrite(
      webTest({ addons: ['tagon'], associations: [{ id: 3, text: '' }] }),
      'requested',
    );
    expect(testWriteBody.safeParse({ test: write }).success).toBe(true);
  });
});

describe('toMultipart', () => {
  it('uses test[field] keys, [] for lists, [i][key] for questions and test[video] for the file', () => {
    const write = toTestWrite(
      webTest({
        addons: ['tagon', 'individual_participant'],
        focus_elements: ['', '', ''],
        associations: [{ id: 4, text: '' }],
        open_questions: [{ text: 'Why?' }],
      }),
      'requested',
    );
    const video = new File(['fake'], 'spot.mp4', { type: 'video/mp4' });
    const form = toMultipart(write, video);

    expect(form.get('test[name]')).toBe('Checkout');
    expect(form.get('test[state]')).toBe('requested');
    expect(form.get('test[external_app]')).toBe('false');
    expect(form.getAll('test[addons][]')).toEqual(['tagon', 'individual_participant']);
    // an emptied list is still sent, as one blank entry the server drops
    expect(form.getAll('test[focus_elements][]')).toEqual(['']);
    expect(form.get('test[associations][0][id]')).toBe('4');
    expect(form.get('test[associations][0][_destroy]')).toBe('true');
    expect(form.get('test[associations][0][text]')).toBe('');
    expect(form.get('test[open_questions][0][text]')).toBe('Why?');
    expect(form.has('test[open_questions][0][id]')).toBe(false);
    const sent = form.get('test[video]');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('spot.mp4');
  });

  it('sends only the video for a video-only update', () => {
    const form = toMultipart({}, new File(['x'], 'a.mov'));
    expect([...form.keys()]).toEqual(['test[video]']);
  });
});
