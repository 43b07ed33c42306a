import type { ChangeEvent } from 'react';
import type { useForm } from '../../../ui';
import type { SetupFormValues } from '../setup-form';

/** The editor's form state, handed to each tab. */
export type SetupForm = ReturnType<typeof useForm<SetupFormValues>>;

type TextField = {
  [K in keyof SetupFormValues]: SetupFormValues[K] extends string ? K : never;
}[keyof SetupFormValues];

/** Props for a Textarea bound to a text field (getInputProps is typed for inputs). */
export const textareaProps = (form: SetupForm, field: TextField) => ({
  value: form.values[field],
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => form.setFieldValue(field, event.currentTarget.value),
  error: form.errors[field],
});
