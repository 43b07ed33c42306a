import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * PasswordInput that also marks its field invalid and points it at the error text for screen
 * readers (Mantine's PasswordInput leaves aria-invalid and aria-describedby off the field).
 */
export function PasswordField({ id, error, description, ...props }: PasswordInputProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : null, description ? `${fieldId}-description` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      id={fieldId}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...props}
    />
  );
}
