import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import type { z } from 'zod';

export type FormErrors<V> = Partial<Record<keyof V & string, string>>;
type KeysOfType<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export type UseFormOptions<V> = {
  initialValues: V;
  validate?: (values: V) => FormErrors<V>;
};

/**
 * A small form state for Mantine inputs: values, per-field errors (cleared when the field changes),
 * validation on submit. Server errors are set with setErrors.
 */
export function useForm<V extends object>({ initialValues, validate }: UseFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});

  const setFieldValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }, []);

  const setFieldError = useCallback((field: keyof V & string, message: string | undefined) => {
    setErrors((current) => ({ ...current, [field]: message }));
  }, []);

  const runValidation = (): boolean => {
    const found = validate?.(values) ?? {};
    setErrors(found);
    return Object.values(found).every((message) => !message);
  };

  return {
    values,
    errors,
    setValues,
    setErrors,
    setFieldValue,
    setFieldError,
    reset: () => {
      setValues(initialValues);
      setErrors({});
    },
    validate: runValidation,
    /** Props for a text-like input bound to a string field. */
    getInputProps: (field: KeysOfType<V, string>) => ({
      value: values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setFieldValue(field, event.currentTarget.value as V[typeof field]),
      error: errors[field],
    }),
    /** Props for a checkbox bound to a boolean field. */
    getCheckboxProps: (field: KeysOfType<V, boolean>) => ({
      checked: values[field] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setFieldValue(field, event.currentTarget.checked as V[typeof field]),
      error: errors[field],
    }),
    /** Submit handler: validates first and calls `handler` only when the values are valid. */
    onSubmit: (handler: (values: V) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      if (runValidation()) handler(values);
    },
  };
}

/** Validation from a zod schema: the first message of each field (by the issue's first path key). */
export function zodValidate<V extends object>(schema: z.ZodType<unknown, V>) {
  return (values: V): FormErrors<V> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const found: FormErrors<V> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && found[key as keyof V & string] === undefined) {
        found[key as keyof V & string] = issue.message;
      }
    }
    return found;
  };
}

/** Maps server field errors (already joined per field) onto the fields a form knows. */
export function pickFieldErrors<V extends object>(
  fieldErrors: Record<string, string>,
  fields: ReadonlyArray<keyof V & string>,
): FormErrors<V> {
  const found: FormErrors<V> = {};
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) found[field] = message;
  }
  return found;
}
