import {
  type AddonKey,
  type Platform,
  type TARGET_GROUPS,
  TEST_SLOTS,
  type TestDetail,
  type TestState,
  type TestType,
  type testWriteFields,
} from '@limbus/contract';
import type { z } from 'zod';

/** What a PATCH /tests/{id} sends (the contract's input form: text of a destroyed row may be left out). */
export type TestWriteInput = z.input<typeof testWriteFields>;

type TargetGroup = (typeof TARGET_GROUPS)[number];

/** One question row of the editor; rows without id are new. */
export type QuestionSlot = { id?: number; text: string; isDefault: boolean };

/** Every field the setup editor edits (spec 2 §2 Test setup editor). */
export type SetupFormValues = {
  name: string;
  company_id: number;
  requester_id: number | null;
  researcher_id: number | null;
  state: TestState;
  platform: Platform;
  external_app: boolean;
  test_type: TestType;
  target_group: TargetGroup;
  custom_target: string;
  category_id: number | null;
  flow_id: number | null;
  scenario: string;
  url: string;
  stop_moment: string;
  comments: string;
  brand_name: string;
  delivery_date: string;
  minimum_participants_for_metrics: number;
  translation_language: string;
  purpose: string;
  focus_elements: string[];
  open_questions: QuestionSlot[];
  associations: QuestionSlot[];
  addons: AddonKey[];
};

const blankSlots = (count: number): QuestionSlot[] =>
  Array.from({ length: Math.max(0, count) }, () => ({ text: '', isDefault: false }));

const toSlot = (question: TestDetail['open_questions'][number]): QuestionSlot => ({
  id: question.id,
  text: question.text,
  isDefault: question.default,
});

/** The test as editor values, with empty slots up to 3 focus elements, 3 open questions and 5 extra associations. */
export function setupFormValues(test: TestDetail): SetupFormValues {
  const extraAssociations = test.associations.filter((association) => !association.default);
  const focus = [...test.focus_elements];
  return {
    name: test.name,
    company_id: test.company_id,
    requester_id: test.requester_id,
    researcher_id: test.researcher_id,
    state: test.state,
    platform: test.platform,
    external_app: test.external_app,
    test_type: test.test_type,
    target_group: test.target_group,
    custom_target: test.custom_target,
    category_id: test.category_id,
    flow_id: test.flow_id,
    scenario: test.scenario,
    url: test.url,
    stop_moment: test.stop_moment,
    comments: test.comments,
    brand_name: test.brand_name,
    delivery_date: test.delivery_date,
    minimum_participants_for_metrics: test.minimum_participants_for_metrics,
    translation_language: test.translation_language,
    purpose: test.purpose,
    focus_elements: [
      ...focus,
      ...Array<string>(Math.max(0, TEST_SLOTS.focus_elements - focus.length)).fill(''),
    ],
    open_questions: [
      ...test.open_questions.map(toSlot),
      ...blankSlots(TEST_SLOTS.open_questions - test.open_questions.length),
    ],
    associations: [
      ...test.associations.map(toSlot),
      ...blankSlots(TEST_SLOTS.associations - extraAssociations.length),
    ],
    addons: [...test.addons],
  };
}

type QuestionRow = NonNullable<TestWriteInput['open_questions']>[number];

/**
 * Save rules of the editor: a new row with empty text is dropped; an existing non-default row with
 * empty text is sent with _destroy (an existing question left blank means "remove it", as in the
 * ordering form); default associations are kept as they are.
 */
function questionRows(slots: readonly QuestionSlot[]): QuestionRow[] {
  return slots.flatMap((slot): QuestionRow[] => {
    const text = slot.text.trim();
    if (slot.id === undefined) return text ? [{ text }] : [];
    if (!text && !slot.isDefault) return [{ id: slot.id, _destroy: true }];
    return [{ id: slot.id, text }];
  });
}

/** The PATCH body of a save; empty focus elements are removed. */
export function toTestWrite(values: SetupFormValues): TestWriteInput {
  const { focus_elements, open_questions, associations, external_app, ...fields } = values;
  return {
    ...fields,
    // only a mobile test runs in an external app
    external_app: values.platform === 'mobile' && external_app,
    focus_elements: focus_elements.map((element) => element.trim()).filter(Boolean),
    open_questions: questionRows(open_questions),
    associations: questionRows(associations),
  };
}
