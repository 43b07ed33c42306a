import { INSIGHT_NO_SUGGESTIONS } from '@limbus/contract';
import { Anchor, Card, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert, PageLoader } from '../../../ui';
import { useSuggestions } from '../api';

/** The suggestions made of one insight (its detail screen), each a link; none sends to the list. */
export function LinkedSuggestions({ testId, insightId }: { testId: number; insightId: number }) {
  const suggestions = useSuggestions(testId);
  const linked = (suggestions.data ?? []).filter((suggestion) => suggestion.insight_id === insightId);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="insight-suggestions">
      <Title order={2} fz="lg" mb="sm" id="insight-suggestions">
        Suggestions
      </Title>
      {suggestions.isLoading ? <PageLoader label="Loading the suggestions" /> : null}
      {suggestions.isError ? (
        <ErrorAlert error={suggestions.error} title="The suggestions could not be loaded" />
      ) : null}
      {suggestions.data && linked.length === 0 ? (
        <Anchor component={Link} to={`/test/${testId}/suggestions`} size="sm">
          {INSIGHT_NO_SUGGESTIONS}
        </Anchor>
      ) : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {linked.map((suggestion) => (
          <li key={suggestion.id}>
            <Anchor component={Link} to={`/test/${testId}/suggestions/${suggestion.id}`}>
              {suggestion.rank}. {suggestion.title}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
