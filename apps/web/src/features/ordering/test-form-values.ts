import {
  type AddonKey,
  type Platform,
  TEST_SLOTS,
  type TestDetail,
  type TestQuestion,
  type TestType,
} from '@limbus/contract';

/** The two forms of /create-test: website & apps, and videos. */
export type TestKind = 'web' | 'video';

/** One association or open question slot; `id` once the server has it. */
export type QuestionSlot = { id?: number; text: string };

export type TestFormValues = {
  name: string;
  test_type: TestType;
  platform: Platform;
  external_app: boolean;
  purpose: string;
  url: string;
  scenario: string;
  stop_moment: string;
  focus_elements: string[];
  target_group: 'default' | 'custom';
  custom_target: string;
  brand_name: string;
  associations: QuestionSlot[];
  open_questions: QuestionSlot[];
  addons: AddonKey[];
  timing: string;
  comments: string;
};

export const kindOfPlatform = (platform: Platform): TestKind => (platform === 'video' ? 'video' : 'web');

/** An essential test has one area of focus, a professional test up to three (spec 2 §3). */
export const focusSlotCount = (type: TestType) => (type === 'essential' ? 1 : TEST_SLOTS.focus_elements);

/** `items` padded with blanks up to `count` slots; more items than slots (set by staff) are all kept. */
function padded<T>(items: readonly T[], count: number, blank: () => T): T[] {
  return [...items, ...Array.from({ length: Math.max(0, count - items.length) }, blank)];
}

const questionSlots = (questions: readonly TestQuestion[], count: number): QuestionSlot[] =>
  padded(
    questions.map(({ id, text }) => ({ id, text })),
    count,
    () => ({ text: '' }),
  );

export function emptyValues(kind: TestKind): TestFormValues {
  return {
    name: '',
    test_type: 'professional',
    platform: kind === 'video' ? 'video' : 'desktop',
    external_app: false,
    purpose: '',
    url: '',
    scenario: '',
    stop_moment: '',
    focus_elements: padded([], TEST_SLOTS.focus_elements, () => ''),
    target_group: 'default',
    custom_target: '',
    brand_name: '',
    associations: questionSlots([], TEST_SLOTS.associations),
    open_questions: questionSlots([], TEST_SLOTS.open_questions),
    addons: [],
    timing: '',
    comments: '',
  };
}

/** The form's values for a saved test, with its slots padded to the spec's counts. */
export function valuesFromTest(test: TestDetail): TestFormValues {
  return {
    name: test.name,
    test_type: test.test_type,
    platform: test.platform,
    external_app: test.external_app,
    purpose: test.purpose,
    url: test.url,
    scenario: test.scenario,
    stop_moment: test.stop_moment,
    focus_elements: padded(test.focus_elements, TEST_SLOTS.focus_elements, () => ''),
    target_group: test.target_group,
    custom_target: test.custom_target,
    brand_name: test.brand_name,
    associations: questionSlots(test.associations, TEST_SLOTS.associations),
    open_questions: questionSlots(test.open_questions, TEST_SLOTS.open_questions),
    addons: [...test.addons],
    timing: test.timing,
    comments: test.comments,
  };
}
