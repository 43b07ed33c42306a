import { ADDONS, readerOfUser, readsIndividualParticipants, type TestDetail } from '@limbus/contract';
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { formatMoney } from '../../../ui/format';
import { useCurrentUser } from '../../account';
import { openSupportChat } from '../../support';

const INDIVIDUAL = ADDONS.find((addon) => addon.key === 'individual_participant');

/** Whether the signed-in user sees this video test's individual participants (the add-on, or staff). */
export function useSeesIndividualParticipants(test: TestDetail): boolean {
  const { user } = useCurrentUser();
  return user !== null && readsIndividualParticipants(readerOfUser(user), test);
}

/** The upgrade tile of the add-on 'Individual participant data'. */
export function IndividualParticipantsLock({ test }: { test: TestDetail }) {
  return (
    <Card withBorder p="xl" maw={640} component="section" aria-labelledby="individual-locked">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconLock size={26} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz={24} id="individual-locked">
          {INDIVIDUAL?.label}
        </Title>
        <Text>
          Watch each participant with their emotion chart and answers: {INDIVIDUAL?.description}, for{' '}
          {formatMoney(INDIVIDUAL?.price ?? 0)}.
        </Text>
        <Button
          onClick={() =>
            openSupportChat({
              message: `I would like to add ${INDIVIDUAL?.label ?? 'Individual participant data'} to the test “${test.name}” of ${test.company.name}.`,
            })
          }
        >
          Upgrade
        </Button>
      </Stack>
    </Card>
  );
}
