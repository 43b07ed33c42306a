import { emailField, MESSAGES, passwordField, requiredText } from '@limbus/contract';
import { z } from 'zod';
import { type FormErrors, zodValidate } from '../../ui';

/** Form rules of the public screens, built from the contract's fields (spec 1 §5). */

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, MESSAGES.required),
});
export type SignInValues = z.input<typeof signInSchema>;

const passwordPair = {
  password: passwordField,
  password2: z.string().min(1, MESSAGES.required),
};

export const signUpSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailField,
  ...passwordPair,
  newsletter: z.boolean(),
});
export type SignUpValues = z.input<typeof signUpSchema>;

export const newPasswordSchema = z.object(passwordPair);
export type NewPasswordValues = z.input<typeof newPasswordSchema>;

export const verifySchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  ...passwordPair,
});
export type VerifyValues = z.input<typeof verifySchema>;

type PasswordPair = { password: string; password2: string };

/**
 * Field rules plus the confirmation check. The mismatch shows on the re-enter field even while
 * other fields are still wrong, and blocks the submit.
 */
export function validateWithPasswordMatch<V extends PasswordPair>(schema: z.ZodType<unknown, V>) {
  const validateFields = zodValidate(schema);
  return (values: V): FormErrors<V> => {
    const errors = validateFields(values);
    const key = 'password2' as keyof V & string;
    if (!errors[key] && values.password2 !== values.password) errors[key] = MESSAGES.passwordMismatch;
    return errors;
  };
}
