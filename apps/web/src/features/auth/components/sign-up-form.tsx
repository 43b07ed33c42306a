import { MESSAGES } from '@limbus/contract';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { PasswordField, pickFieldErrors } from '../../../ui';
import { useSignUp } from '../api';
import { type SignUpValues, signUpSchema, validateWithPasswordMatch } from '../schemas';

export const TERMS_URL = import.meta.env.VITE_TERMS_URL ?? 'https://limbus.test/terms';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password2', 'newsletter'] as const;

/** The Sign up form; after success it is replaced by the validation-sent message. */
export function SignUpForm() {
  const signUp = useSignUp();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password2: '',
      newsletter: false,
    },
    validate: validateWithPasswordMatch(signUpSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    setNotice(null);
    signUp.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        password2: values.password2,
        profile: {
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          newsletter: values.newsletter,
        },
      },
      {
        onError: (error) => {
          if (!isApiError(error)) return;
          const found = pickFieldErrors<SignUpValues>(error.fieldErrors(), FIELDS);
          form.setErrors(found);
          if (Object.keys(found).length === 0) setNotice(error.message);
        },
      },
    );
  });

  if (signUp.isSuccess) {
    return (
      <Stack gap="md" aria-live="polite">
        <Title order={2} fz={22}>
          Check your inbox
        </Title>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden />}>
          {MESSAGES.signupSent}
        </Alert>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="sign-up-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="sign-up-title" fz={22}>
            Sign up
          </Title>
          <Text size="sm" c="dimmed">
            Create a free demo account and explore example results.
          </Text>
        </div>
        {notice ? (
          <Alert color="red" variant="light" role="alert">
            {notice}
          </Alert>
        ) : null}
        <Group grow align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label="First name"
            autoComplete="given-name"
            miw={160}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            miw={160}
            {...form.getInputProps('last_name')}
          />
        </Group>
        <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField
          label="Password"
          description="At least six characters"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Re-enter password"
          autoComplete="new-password"
          {...form.getInputProps('password2')}
        />
        <Checkbox
          label="Send me the newsletter with research tips"
          {...form.getInputProps('newsletter', { type: 'checkbox' })}
        />
        <Text size="xs" c="dimmed">
          By signing up you agree to our{' '}
          <Anchor href={TERMS_URL} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
            terms and conditions
          </Anchor>
          .
        </Text>
        <Button type="submit" variant="light" loading={signUp.isPending}>
          Sign up
        </Button>
      </Stack>
    </form>
  );
}
