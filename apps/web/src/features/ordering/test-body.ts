import type { testWriteFields } from '@limbus/contract';
import type { z } from 'zod';
import { focusSlotCount, type QuestionSlot, type TestFormValues } from './test-form-values';

/** The `test` of POST and PATCH /tests as the client sends it (the contract's input form). */
export type TestWriteInput = z.input<typeof testWriteFields>;
type QuestionWriteInput = NonNullable<TestWriteInput['associations']>[number];

/** The states a client gives a test: Save as draft or Request test. */
export type OrderState = 'draft' | 'requested';

/** Blank slots are sent with a destroy flag (spec 2 §5): a saved question is removed, a new one ignored. */
function toQuestionWrites(slots: readonly QuestionSlot[]): QuestionWriteInput[] {
  return slots.map(({ id, text }) => {
    const trimmed = text.trim();
    const withId = id === undefined ? {} : { id };
    return trimmed ? { ...withId, text: trimmed } : { ...withId, text: '', _destroy: true };
  });
}

/** The fields of a web or video test the ordering form writes, with the state of the chosen action. */
export function toTestWrite(values: TestFormValues, state: OrderState): TestWriteInput {
  const common: TestWriteInput = {
    name: values.name.trim(),
    test_type: values.test_type,
    platform: values.platform,
    state,
    purpose: values.purpose.trim(),
    target_group: values.target_group,
    // the requirements belong to a custom group only; switching back to the default drops them
    custom_target: values.target_group === 'custom' ? values.custom_target.trim() : '',
    associations: toQuestionWrites(values.associations),
    open_questions: toQuestionWrites(values.open_questions),
    addons: [...values.addons],
    timing: values.timing.trim(),
    comments: values.comments.trim(),
  };
  if (values.platform === 'video') return { ...common, brand_name: values.brand_name.trim() };
  return {
    ...common,
    external_app: values.platform === 'mobile' && values.external_app,
    url: values.url.trim(),
    scenario: values.scenario.trim(),
    stop_moment: values.stop_moment.trim(),
    focus_elements: values.focus_elements
      .slice(0, focusSlotCount(values.test_type))
      .map((element) => element.trim())
      .filter(Boolean),
  };
}

type FieldValue = string | number | boolean | null;

function appendArray(form: FormData, key: string, items: ReadonlyArray<FieldValue | object>): void {
  // an empty list still has to reach the server, which drops the blank entry
  if (items.length === 0) form.append(`test[${key}][]`, '');
  items.forEach((item, index) => {
    if (item !== null && typeof item === 'object') {
      for (const [field, value] of Object.entries(item)) {
        if (value !== undefined) form.append(`test[${key}][${index}][${field}]`, String(value));
      }
    } else {
      form.append(`test[${key}][]`, item === null ? '' : String(item));
    }
  });
}

/**
 * The multipart form of a test write (spec 2 §7): `test[field]` keys, lists as `test[addons][]`,
 * questions as `test[open_questions][i][text]`, `[id]` and `[_destroy]`, the video as `test[video]`.
 */
export function toMultipart(write: TestWriteInput, video?: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(write)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) appendArray(form, key, value);
    else form.append(`test[${key}]`, value === null ? '' : String(value));
  }
  if (video) form.append('test[video]', video, video.name);
  return form;
}
