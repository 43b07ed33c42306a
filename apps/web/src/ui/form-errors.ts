import type { z } from 'zod';

/**
 * Forms are Mantine forms (`useForm` of @mantine/form, DESIGN §3) validated with the contract's
 * zod schemas: these helpers turn schema issues and the server's field errors into its errors.
 */
export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

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
