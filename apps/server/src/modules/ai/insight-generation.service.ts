import { type GenerateInsightRequest, type InsightGeneration, participantLabel } from '@limbus/contract';
import { loadFor } from '../../http/load-for.js';
import type { Actor } from '../../http/policy.js';
import { findTestAbout } from './ai.repository.js';
import { checkBudget } from './ai-budget.js';
import { enqueueInsightGeneration } from './insight-generation-job.js';
import { findGeneration, findRealIds, toInsightGeneration } from './insight-generations.repository.js';
import { type GenerationDeps, tagWithPoints } from './insight-proposal.js';

/**
 * Queues the generation of a proposal for one tag (the generate_insight job) and answers it,
 * queued. What can be refused now is refused now, as when the model was asked inside the request:
 * the test's access, a tag of another test or without points (400), a used-up budget (429).
 */
export async function requestInsightGeneration(
  deps: GenerationDeps,
  actor: Actor,
  testId: number,
  request: GenerateInsightRequest,
): Promise<InsightGeneration> {
  const test = await loadFor(actor, 'insight.manage', 'The test', findTestAbout(deps.db, testId));
  const { tag } = await tagWithPoints(deps, testId, request.tag_id);
  await checkBudget(deps.db, test.companyId, deps.clock());
  const row = await enqueueInsightGeneration(deps, {
    testId,
    requesterId: actor.id,
    tagId: tag.id,
    focusPoint: request.focus_point ?? '',
  });
  return toInsightGeneration(row);
}

/** A generation of the test, for the user who asked it and provider staff (404 under another test). */
export async function readInsightGeneration(
  deps: GenerationDeps,
  actor: Actor,
  testId: number,
  generationId: number,
): Promise<InsightGeneration> {
  await loadFor(actor, 'insight.manage', 'The test', findTestAbout(deps.db, testId));
  const row = await loadFor(
    actor,
    'insight_generation.read',
    'The insight generation',
    findGeneration(deps.db, testId, generationId),
  );
  return withParticipantLabels(deps, toInsightGeneration(row));
}

/**
 * A proposal stored before its points carried participant_label (issue 26) gets the labels its
 * participants have now, so that the wizard names them as every screen does and the answer keeps
 * its schema.
 */
async function withParticipantLabels(
  deps: GenerationDeps,
  generation: InsightGeneration,
): Promise<InsightGeneration> {
  const points = generation.result?.points ?? [];
  const unlabelled = points.filter((point) => typeof point.participant_label !== 'string');
  if (!generation.result || unlabelled.length === 0) return generation;
  const realIds = await findRealIds(deps.db, [...new Set(unlabelled.map((point) => point.participant_id))]);
  return {
    ...generation,
    result: {
      ...generation.result,
      points: points.map((point) =>
        typeof point.participant_label === 'string'
          ? point
          : {
              ...point,
              participant_label: participantLabel({ real_id: realIds.get(point.participant_id) ?? '' }),
            },
      ),
    },
  };
}
