import type { Suggestion } from '@limbus/contract';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageLoader } from '../../../ui';
import { useInsights } from '../../insights';
import { useCompanyMembers } from '../../organisation';
import {
  useCreateSuggestion,
  useDeleteSuggestion,
  useSuggestion,
  useSuggestions,
  useUpdateSuggestion,
} from '../api';
import { neighboursOf } from '../ranking';
import { SuggestionDetail } from './suggestion-detail';
import { changesOf, SuggestionForm, type SuggestionFormValues } from './suggestion-form';

type ScreenProps = {
  testId: number;
  companyId: number;
  /** 'new' creates; a new suggestion opens in edit mode (spec 2 §2). */
  suggestionId: number | 'new';
  canEdit: boolean;
};

const listPath = (testId: number) => `/test/${testId}/suggestions`;

/** /test/{id}/suggestions/{suggestionId} and /new: view, create and edit one suggestion. */
export function SuggestionScreen({ testId, companyId, suggestionId, canEdit }: ScreenProps) {
  // Owners are the company's users; when they cannot be fetched the owner stays blank (spec 2 §8).
  const owners = useCompanyMembers(companyId).data ?? [];
  const insights = useInsights(testId).data ?? [];
  if (suggestionId === 'new')
    return canEdit ? (
      <NewSuggestion testId={testId} owners={owners} insights={insights} />
    ) : (
      <Navigate to={listPath(testId)} replace />
    );
  return (
    <ExistingSuggestion
      key={suggestionId}
      testId={testId}
      id={suggestionId}
      canEdit={canEdit}
      owners={owners}
      insights={insights}
    />
  );
}

type Related = Pick<Parameters<typeof SuggestionForm>[0], 'owners' | 'insights'>;

function BackToList({ testId }: { testId: number }) {
  return (
    <Anchor component={Link} to={listPath(testId)}>
      <Group gap={4}>
        <IconChevronLeft size={16} aria-hidden />
        Back to suggestions
      </Group>
    </Anchor>
  );
}

function NewSuggestion({ testId, owners, insights }: { testId: number } & Related) {
  const navigate = useNavigate();
  const create = useCreateSuggestion(testId);
  const handleSave = async (values: SuggestionFormValues) => {
    const created = await create.mutateAsync(changesOf(values));
    navigate(`${listPath(testId)}/${created.id}`, { replace: true });
  };
  return (
    <Stack gap="md">
      <BackToList testId={testId} />
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        New suggestion
      </Title>
      <SuggestionForm
        suggestion={null}
        owners={owners}
        insights={insights}
        isSaving={create.isPending}
        error={create.error}
        onSave={handleSave}
        onCancel={() => navigate(listPath(testId))}
      />
    </Stack>
  );
}

function ExistingSuggestion({
  testId,
  id,
  canEdit,
  owners,
  insights,
}: { testId: number; id: number; canEdit: boolean } & Related) {
  const navigate = useNavigate();
  const [isEditing, setIsEditing] = useState(false);
  const suggestion = useSuggestion(testId, id);
  const list = useSuggestions(testId);
  const update = useUpdateSuggestion(testId);
  const remove = useDeleteSuggestion(testId);

  // A suggestion that cannot be fetched falls back to the list (spec 2 §8).
  if (suggestion.isError) return <Navigate to={listPath(testId)} replace />;
  if (!suggestion.data) return <PageLoader label="Loading the suggestion" />;
  const current: Suggestion = suggestion.data;

  const handleSave = async (values: SuggestionFormValues) => {
    await update.mutateAsync({ id, changes: changesOf(values) });
    setIsEditing(false);
  };
  const handleToggleDone = () =>
    update.mutate(
      { id, changes: { done: !current.done } },
      {
        onError: (error) => notifications.show({ color: 'red', title: 'Not saved', message: error.message }),
      },
    );
  const handleDelete = () =>
    remove.mutate(id, {
      onSuccess: () => navigate(listPath(testId), { replace: true }),
      onError: (error) => notifications.show({ color: 'red', title: 'Not deleted', message: error.message }),
    });

  if (isEditing)
    return (
      <Stack gap="md">
        <BackToList testId={testId} />
        <SuggestionForm
          suggestion={current}
          owners={owners}
          insights={insights}
          isSaving={update.isPending}
          error={update.error}
          onSave={handleSave}
          onCancel={() => setIsEditing(false)}
        />
      </Stack>
    );
  const { previous, next } = neighboursOf(list.data ?? [], id);
  return (
    <SuggestionDetail
      testId={testId}
      suggestion={current}
      previous={previous}
      next={next}
      owners={owners}
      insights={insights}
      canEdit={canEdit}
      isTogglingDone={update.isPending}
      onToggleDone={handleToggleDone}
      onEdit={() => setIsEditing(true)}
      onDelete={handleDelete}
    />
  );
}
