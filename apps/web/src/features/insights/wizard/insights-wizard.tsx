import { type GeneratedInsight, INSIGHTS_WIZARD_REDIRECT_MS } from '@limbus/contract';
import { Alert, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../ui';
import { useTags } from '../../annotations';
import { AiUsageLine } from './ai-usage-line';
import { GenerationProgress, type TagRun } from './generation-progress';
import { ProposalReview } from './proposal-review';
import { TagChoice } from './tag-choice';
import { type ReviewedProposal, useGenerateProposal, useSaveProposals } from './wizard-api';

const errorText = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message
    : 'The proposal could not be written. Try again, or write the insight yourself.';

/**
 * Writes the proposals of the chosen tags one after the other, reporting each tag's state: the
 * server queues each as a job and the wizard follows it (queued, writing, ready or failed).
 */
function useGeneration(testId: number) {
  const generate = useGenerateProposal(testId);
  const [runs, setRuns] = useState<TagRun[]>([]);
  const [proposals, setProposals] = useState<Record<number, ReviewedProposal>>({});
  const stopped = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    stopped.current = controller;
    return () => controller.abort();
  }, []);
  const mark = (tagId: number, change: Partial<TagRun>) =>
    setRuns((list) => list.map((run) => (run.tagId === tagId ? { ...run, ...change } : run)));
  const runOne = async (tagId: number, focusPoint: string) => {
    mark(tagId, { status: 'writing', phase: 'queued', startedAt: Date.now(), attempts: 0, error: undefined });
    try {
      const answer = await generate(
        { tag_id: tagId, ...(focusPoint.trim() ? { focus_point: focusPoint.trim() } : {}) },
        (generation) => {
          if (generation.state === 'queued' || generation.state === 'running')
            mark(tagId, { phase: generation.state, attempts: generation.attempts });
        },
        stopped.current.signal,
      );
      setProposals((all) => ({ ...all, [tagId]: { proposal: answer.proposal, context: answer } }));
      mark(tagId, { status: 'ready' });
    } catch (error) {
      if (stopped.current.signal.aborted) return; // the wizard was left
      mark(tagId, { status: 'failed', error: errorText(error) });
    }
  };
  const start = async (tags: { id: number; name: string }[], focusPoint: string) => {
    setRuns(tags.map((tag) => ({ tagId: tag.id, name: tag.name, status: 'waiting' })));
    setProposals({});
    for (const tag of tags) await runOne(tag.id, focusPoint);
  };
  return { runs, proposals, setProposals, start, retry: runOne };
}

/** Spec 3 §2's insights wizard: choose tags, generate, review beside the evidence, save. */
export function InsightsWizard({ testId }: { testId: number }) {
  const navigate = useNavigate();
  const tags = useTags(testId);
  const [step, setStep] = useState(0);
  const [chosenTags, setChosenTags] = useState<number[]>([]);
  const [focusPoint, setFocusPoint] = useState('');
  const generation = useGeneration(testId);
  const [leftOut, setLeftOut] = useState<Set<number>>(new Set());
  const save = useSaveProposals(testId);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const handleGenerate = () => {
    const list = (tags.data ?? []).filter((tag) => chosenTags.includes(tag.id));
    setStep(1);
    setLeftOut(new Set());
    void generation.start(list, focusPoint);
  };
  const reviewed = generation.runs.flatMap((run) => {
    const proposal = generation.proposals[run.tagId];
    return proposal ? [{ tagId: run.tagId, ...proposal }] : [];
  });
  const chosen = reviewed.filter((item) => !leftOut.has(item.tagId));
  const handleSave = () =>
    save.mutate(chosen, {
      onSuccess: () => {
        redirect.current = window.setTimeout(
          () => navigate(`/research/test/${testId}/insights`),
          INSIGHTS_WIZARD_REDIRECT_MS,
        );
      },
    });
  const setProposal = (tagId: number) => (proposal: GeneratedInsight) =>
    generation.setProposals((all) => {
      const current = all[tagId];
      return current ? { ...all, [tagId]: { ...current, proposal } } : all;
    });
  const choose = (tagId: number) => (isChosen: boolean) =>
    setLeftOut((set) => {
      const next = new Set(set);
      if (isChosen) next.delete(tagId);
      else next.add(tagId);
      return next;
    });

  return (
    <Stack gap="md">
      <AiUsageLine testId={testId} />
      <Stepper
        active={step}
        onStepClick={(index) => (index < step && !save.isPending ? setStep(index) : undefined)}
      >
        <Stepper.Step label="Choose tags" description="and a focus point">
          <TagChoice
            tags={{ data: tags.data, isLoading: tags.isLoading, error: tags.error }}
            chosen={chosenTags}
            onChoose={setChosenTags}
            focusPoint={focusPoint}
            onFocusPoint={setFocusPoint}
            onGenerate={handleGenerate}
          />
        </Stepper.Step>
        <Stepper.Step label="Generate" description="one insight per tag">
          <GenerationProgress
            runs={generation.runs}
            onRetry={(tagId) => void generation.retry(tagId, focusPoint)}
            onReview={() => setStep(2)}
          />
        </Stepper.Step>
        <Stepper.Step label="Review and save" description="beside the evidence">
          <Stack gap="lg">
            {reviewed.map((item) => (
              <ProposalReview
                key={item.tagId}
                testId={testId}
                reviewed={item}
                isChosen={!leftOut.has(item.tagId)}
                onChosen={choose(item.tagId)}
                onChange={setProposal(item.tagId)}
              />
            ))}
            {save.isError ? (
              <ErrorAlert error={save.error} title="The insights could not all be saved" />
            ) : null}
            {save.isSuccess ? (
              <Alert color="teal" variant="light" role="status">
                Saved {save.data === 1 ? 'the insight' : `${save.data} insights`}. Back to the insights…
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {chosen.length} of {reviewed.length} chosen
              </Text>
              <Button
                onClick={handleSave}
                loading={save.isPending}
                disabled={chosen.length === 0 || save.isSuccess}
              >
                Save {chosen.length === 1 ? 'the insight' : `${chosen.length} insights`}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}
