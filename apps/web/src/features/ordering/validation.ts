import { draftIssues, requestIssues, testWriteFields } from '@limbus/contract';
import { type OrderState, toTestWrite } from './test-body';
import { focusSlotCount, type TestFormValues } from './test-form-values';

/**
 * Messages by field of the form: `name`, `focus_elements` (the group) and `focus_elements.0`,
 * `associations.2` and so on for one slot.
 */
export type FormIssues = Record<string, string>;

/** A field of the form from the path of a zod issue: the list and slot for questions and focus elements. */
function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  const [field, index] = path;
  return typeof index === 'number' ? `${String(field)}.${index}` : String(field);
}

/**
 * What stops the chosen action (spec 2 §5): a draft needs only its name, a request the whole form;
 * both keep to the contract's limits (lengths, slots) so that the server accepts what the form sends.
 */
export function formIssues(values: TestFormValues, state: OrderState): FormIssues {
  const issues: FormIssues = {};
  const parsed = testWriteFields.safeParse(toTestWrite(values, state));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues[fieldOf(issue.path)] ??= issue.message;
  }
  const rules =
    state === 'draft'
      ? draftIssues(values)
      : requestIssues({
          ...values,
          focus_elements: values.focus_elements.slice(0, focusSlotCount(values.test_type)),
        });
  return { ...issues, ...rules };
}
