import {
  LANGUAGES,
  languageOfCode,
  ROLE_NAMES,
  readerLanguage,
  readerLanguageField,
  requiredText,
  type User,
} from '@limbus/contract';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { zodValidate } from '../../../ui';
import { useLogout } from '../../auth';
import { useUpdateOwnProfile } from '../api';
import { browserLanguages } from '../reader-language';

/** The select's value for "no choice": the browser's language decides (stored as ''). */
const BROWSER = 'browser';

const accountSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  language: z.union([z.literal(BROWSER), readerLanguageField]),
});
type AccountValues = z.input<typeof accountSchema>;

/** The reader's language choices: the browser's first, then every language by its English name. */
function readerLanguageOptions(): { value: string; label: string }[] {
  const browser = languageOfCode(readerLanguage('', browserLanguages()))?.name ?? 'English';
  return [
    { value: BROWSER, label: `Your browser’s language (${browser})` },
    ...LANGUAGES.map((language) => ({
      value: language.code,
      label:
        language.nativeName === language.name ? language.name : `${language.name} (${language.nativeName})`,
    })),
  ];
}

/** My account: names editable, e-mail and role read only, Save and Log out. */
export function AccountForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateOwnProfile(user);
  const logout = useLogout();
  const form = useForm<AccountValues>({
    initialValues: {
      first_name: user.profile.first_name,
      last_name: user.profile.last_name,
      language: user.profile.language || BROWSER,
    },
    validate: zodValidate(accountSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        language: values.language === BROWSER ? '' : values.language,
      },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: 'Your account has been saved.' }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  });

  const handleLogout = () =>
    logout.mutate(undefined, { onSettled: () => void navigate('/signup', { replace: true }) });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={handleSubmit} noValidate aria-label="My account">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
            <TextInput label="E-mail" value={user.email} disabled readOnly />
            <TextInput label="Role" value={ROLE_NAMES[user.role]} disabled readOnly />
          </SimpleGrid>
          <Select
            label="Language of participants’ words"
            description="Comments and open answers that have a translation are shown in this language first; a toggle shows the original."
            data={readerLanguageOptions()}
            searchable
            allowDeselect={false}
            maw={{ base: '100%', sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
            {...form.getInputProps('language')}
          />
          <Group justify="space-between" mt="sm">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={handleLogout}
              loading={logout.isPending}
            >
              Log out
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
