import { TEST_SLOTS } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { makeTestDetail } from '../../test/test-detail';
import { setupFormValues, toTestWrite } from './setup-form';

describe('setupFormValues', () => {
  it('fills empty slots up to 3 focus elements, 3 open questions and 5 extra associations', () => {
    const values = setupFormValues(makeTestDetail());
    expect(values.focus_elements).toEqual(['Delivery options', '', '']);
    expect(values.open_questions).toHaveLength(TEST_SLOTS.open_questions);
    expect(values.open_questions[0]).toEqual({ id: 11, text: 'What did you miss?', isDefault: false });
    // one default association plus 5 extra slots, one of them taken
    expect(values.associations).toHaveLength(1 + TEST_SLOTS.associations);
    expect(values.associations.filter((slot) => slot.isDefault)).toHaveLength(1);
  });
});

describe('toTestWrite (save rules)', () => {
  it('sends the untouched empty slots as nothing', () => {
    const write = toTestWrite(setupFormValues(makeTestDetail()));
    expect(write.focus_elements).toEqual(['Delivery options']);
    expect(write.open_questions).toEqual([{ id: 11, text: 'What did you miss?' }]);
    expect(write.associations).toEqual([
      { id: 1, text: 'Trustworthy' },
      { id: 2, text: 'Fast' },
    ]);
  });

  it('drops new rows with empty text, destroys emptied extra associations and removes empty focus elements', () => {
    const values = setupFormValues(makeTestDetail());
    values.focus_elements = ['', '  ', 'Price'];
    values.associations = values.associations.map((slot) => (slot.id === 2 ? { ...slot, text: '  ' } : slot));
    values.associations[3] = { text: 'Friendly', isDefault: false };
    values.open_questions[1] = { text: '   ', isDefault: false };
    values.open_questions[2] = { text: 'Would you return?', isDefault: false };

    const write = toTestWrite(values);
    expect(write.focus_elements).toEqual(['Price']);
    expect(write.associations).toEqual([
      { id: 1, text: 'Trustworthy' },
      { id: 2, _destroy: true },
      { text: 'Friendly' },
    ]);
    expect(write.open_questions).toEqual([
      { id: 11, text: 'What did you miss?' },
      { text: 'Would you return?' },
    ]);
  });

  it('destroys an existing open question left blank', () => {
    const values = setupFormValues(makeTestDetail());
    values.open_questions[0] = { id: 11, text: '', isDefault: false };
    expect(toTestWrite(values).open_questions).toEqual([{ id: 11, _destroy: true }]);
  });

  it('sends every other field, with external_app only for mobile tests', () => {
    const values = {
      ...setupFormValues(makeTestDetail()),
      state: 'in-progress' as const,
      external_app: true,
    };
    expect(toTestWrite(values)).toMatchObject({
      state: 'in-progress',
      external_app: false,
      requester_id: 30,
    });
    expect(toTestWrite({ ...values, platform: 'mobile' }).external_app).toBe(true);
  });
});
