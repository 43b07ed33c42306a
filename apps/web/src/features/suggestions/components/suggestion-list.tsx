import { SUGGESTIONS_EMPTY } from '@limbus/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Empty, ErrorAlert, PageTitle, TableSkeleton } from '../../../ui';
import { useMoveSuggestion, useSuggestions } from '../api';
import { matchingSuggestions } from '../ranking';
import { SortableSuggestions } from './sortable-suggestions';

/** /test/{id}/suggestions: search, 'New suggestion' and the ranked list, reordered by dragging. */
export function SuggestionList({ testId, canEdit }: { testId: number; canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const suggestions = useSuggestions(testId);
  const move = useMoveSuggestion(testId);
  const shown = useMemo(
    () => matchingSuggestions(suggestions.data ?? [], search),
    [suggestions.data, search],
  );
  const isSearching = search.trim() !== '';

  return (
    <Stack gap="md">
      <PageTitle
        actions={
          canEdit ? (
            <Button
              component={Link}
              to={`/test/${testId}/suggestions/new`}
              leftSection={<IconPlus size={16} />}
            >
              New suggestion
            </Button>
          ) : null
        }
      >
        Suggestions
      </PageTitle>
      <TextInput
        aria-label="Search suggestions"
        placeholder="Search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {suggestions.isLoading ? <TableSkeleton /> : null}
      {suggestions.isError ? (
        <ErrorAlert error={suggestions.error} title="The suggestions could not be loaded" />
      ) : null}
      {move.isError ? <ErrorAlert error={move.error} title="The new order could not be saved" /> : null}
      {suggestions.data?.length === 0 ? <Empty title={SUGGESTIONS_EMPTY} /> : null}
      {suggestions.data && suggestions.data.length > 0 && shown.length === 0 ? (
        <Text c="dimmed">No suggestion matches this search.</Text>
      ) : null}
      {shown.length > 0 ? (
        <>
          {canEdit ? (
            <Group>
              <Text size="sm" c="dimmed">
                {isSearching
                  ? 'Clear the search to change the order.'
                  : 'Drag a suggestion by its handle, or focus the handle and use space and the arrow keys, to change its rank.'}
              </Text>
            </Group>
          ) : null}
          <SortableSuggestions
            testId={testId}
            suggestions={shown}
            canReorder={canEdit && !isSearching}
            onMove={(id, rank) => move.mutate({ id, rank })}
          />
        </>
      ) : null}
    </Stack>
  );
}
