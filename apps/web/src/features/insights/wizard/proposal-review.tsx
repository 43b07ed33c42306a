import type { GeneratedInsight } from '@limbus/contract';
import { Button, Card, Checkbox, Grid, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type Claim, EvidencePanel, ParticipantShare } from './evidence-panel';
import { citedPointIds } from './proposal-to-insight';
import type { ReviewedProposal } from './wizard-api';

type ReviewProps = {
  testId: number;
  reviewed: ReviewedProposal;
  isChosen: boolean;
  onChosen: (isChosen: boolean) => void;
  onChange: (proposal: GeneratedInsight) => void;
};

type Factor = GeneratedInsight['common_factors'][number];
type Suggestion = GeneratedInsight['suggestions'][number];

/** One tag's proposal, every field editable, beside the points its claims rest on. */
export function ProposalReview({ testId, reviewed, isChosen, onChosen, onChange }: ReviewProps) {
  const { proposal, context } = reviewed;
  const whole: Claim = {
    label: `the whole insight (${context.tag.name})`,
    pointIds: citedPointIds(proposal),
  };
  const [claim, setClaim] = useState<Claim>(whole);
  const set = (changes: Partial<GeneratedInsight>) => onChange({ ...proposal, ...changes });
  const setFactor = (index: number, changes: Partial<Factor>) =>
    set({
      common_factors: proposal.common_factors.map((factor, at) =>
        at === index ? { ...factor, ...changes } : factor,
      ),
    });
  const setSuggestion = (index: number, changes: Partial<Suggestion>) =>
    set({
      suggestions: proposal.suggestions.map((item, at) => (at === index ? { ...item, ...changes } : item)),
    });
  const showEvidence = (label: string, pointIds: number[]) => () => setClaim({ label, pointIds });
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={`Proposal for ${context.tag.name}`}
    >
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Tag {context.tag.name}
          </Text>
          <ParticipantShare context={context} pointIds={whole.pointIds} />
        </div>
        <Checkbox
          label="Save as insight"
          checked={isChosen}
          onChange={(event) => onChosen(event.currentTarget.checked)}
        />
      </Group>
      {context.left_out_message ? (
        <Text size="sm" c="dimmed" mb="sm" role="note">
          {context.left_out_message}
        </Text>
      ) : null}
      {context.dropped_claims > 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          {context.dropped_claims} generated {context.dropped_claims === 1 ? 'claim was' : 'claims were'} left
          out: {context.dropped_claims === 1 ? 'it cited' : 'they cited'} no significant point of this tag.
        </Text>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <TextInput
              label="Title"
              value={proposal.title}
              onChange={(e) => set({ title: e.currentTarget.value })}
            />
            <Text size="sm">
              <Text span fw={600}>
                Main emotions:
              </Text>{' '}
              {proposal.main_emotions.join(', ') || '–'}
            </Text>
            <Textarea
              label="Summary"
              autosize
              minRows={2}
              value={proposal.summary}
              onChange={(e) => set({ summary: e.currentTarget.value })}
            />
            <Textarea
              label="Answer to the research question"
              autosize
              minRows={2}
              value={proposal.answer_to_research_question}
              onChange={(e) => set({ answer_to_research_question: e.currentTarget.value })}
            />
            <Title order={4} size="h5" mt="xs">
              Common factors
            </Title>
            {proposal.common_factors.length === 0 ? (
              <Text size="sm" c="dimmed">
                No factor rests on the tag's points.
              </Text>
            ) : null}
            {proposal.common_factors.map((factor, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: controlled fields without state of their own; a claim has no id
              <Card key={`factor-${index}`} withBorder padding="sm" radius="sm">
                <Stack gap={6}>
                  <TextInput
                    label="Factor"
                    value={factor.factor}
                    onChange={(e) => setFactor(index, { factor: e.currentTarget.value })}
                  />
                  <Textarea
                    label="User feedback"
                    autosize
                    value={factor.user_feedback}
                    onChange={(e) => setFactor(index, { user_feedback: e.currentTarget.value })}
                  />
                  <Textarea
                    label="Behaviour"
                    autosize
                    value={factor.behavior_explanation}
                    onChange={(e) => setFactor(index, { behavior_explanation: e.currentTarget.value })}
                  />
                  <Textarea
                    label="Psychological theory"
                    autosize
                    value={factor.psychological_theory}
                    onChange={(e) => setFactor(index, { psychological_theory: e.currentTarget.value })}
                  />
                  <ClaimActions
                    context={reviewed.context}
                    pointIds={factor.point_ids}
                    onEvidence={showEvidence(factor.factor, factor.point_ids)}
                    onRemove={() =>
                      set({ common_factors: proposal.common_factors.filter((_, at) => at !== index) })
                    }
                  />
                </Stack>
              </Card>
            ))}
            <Title order={4} size="h5" mt="xs">
              Suggestions
            </Title>
            {proposal.suggestions.map((suggestion, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: controlled fields without state of their own; a claim has no id
              <Card key={`suggestion-${index}`} withBorder padding="sm" radius="sm">
                <Stack gap={6}>
                  <TextInput
                    label="Suggestion"
                    value={suggestion.suggestion_title}
                    onChange={(e) => setSuggestion(index, { suggestion_title: e.currentTarget.value })}
                  />
                  <Textarea
                    label="Description"
                    autosize
                    value={suggestion.suggestion_description}
                    onChange={(e) => setSuggestion(index, { suggestion_description: e.currentTarget.value })}
                  />
                  <ClaimActions
                    context={reviewed.context}
                    pointIds={suggestion.point_ids}
                    onEvidence={showEvidence(suggestion.suggestion_title, suggestion.point_ids)}
                    onRemove={() =>
                      set({ suggestions: proposal.suggestions.filter((_, at) => at !== index) })
                    }
                  />
                </Stack>
              </Card>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <EvidencePanel key={claim.label} testId={testId} context={context} claim={claim} />
            {claim.label !== whole.label ? (
              <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setClaim(whole)}>
                Show all evidence
              </Button>
            ) : null}
          </div>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

type ClaimActionsProps = {
  context: ReviewedProposal['context'];
  pointIds: number[];
  onEvidence: () => void;
  onRemove: () => void;
};

function ClaimActions({ context, pointIds, onEvidence, onRemove }: ClaimActionsProps) {
  return (
    <Group gap="xs" justify="space-between">
      <ParticipantShare context={context} pointIds={pointIds} />
      <Group gap={4}>
        <Button size="compact-sm" variant="light" onClick={onEvidence}>
          Evidence
        </Button>
        <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove}>
          Leave out
        </Button>
      </Group>
    </Group>
  );
}
