import { Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../features/account';
import { hasCompanySummary } from '../features/auth';
import { Articles, CompanySummary, Promos, RecentTests } from '../features/home';
import { PageLoader, PageTitle } from '../ui';

export function HomePage() {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  const name = user.profile.first_name;
  return (
    <Stack gap="xl">
      <div>
        <PageTitle>{name ? `Hello, ${name}` : 'Hello'}</PageTitle>
        <Text c="dimmed" mt={-12}>
          Here is what is happening with your usability tests.
        </Text>
      </div>
      {hasCompanySummary(user) ? <CompanySummary user={user} /> : null}
      <RecentTests />
      <Articles />
      <Promos />
    </Stack>
  );
}
