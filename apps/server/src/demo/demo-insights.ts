import type { AiSuggestion } from '@limbus/contract';
import { DEMO_INSIGHT_TOPICS, type Effort, type Platform } from '@limbus/demo-data';
import type { Deps } from '../deps.js';
import type { Actor } from '../http/policy.js';
import { writeInsightField } from '../modules/ai/ai.service.js';
import { escapeHtml } from '../modules/ai/html-text.js';
import { createLocalProvider } from '../modules/ai/local-provider.js';
import { createInsight, updateInsight } from '../modules/insights/insights.service.js';
import { createSuggestion } from '../modules/suggestions/suggestions.service.js';
import { insightDataComments, ranked } from './demo-insight-data.js';
import { loadPointContexts, type PointContext } from './demo-point-context.js';

type Topic = (typeof DEMO_INSIGHT_TOPICS)[number];
/** The points of a test that show one finding (a topic tag), strongest first. */
export type Finding = { topic: Topic; points: PointContext[] };

type DemoTest = { id: number; platform: Platform; suggestionOwnerId: number };

/**
 * The insights of a done web test as a researcher writes them: the test's significant points
 * grouped by finding, strongest first (numbered 1 to n by the insights service), each with the
 * Data comments from the recordings, the strongest commented point as its highlight, and
 * summary, explanation and suggestion written by the local AI provider from the saved insight.
 * Findings that are not a pleasure get a suggestion on the test's list, ranked in that order.
 */
export async function seedDemoInsights(
  deps: Pick<Deps, 'db' | 'files'>,
  researcher: Actor,
  test: DemoTest,
): Promise<void> {
  const { participants, points } = await loadPointContexts(deps, test.id, test.platform);
  for (const finding of groupFindings(points)) {
    await writeFinding(deps, researcher, test, finding, participants);
  }
}

/** The points grouped by the first topic tag they carry, by participants reached and then total score. */
export function groupFindings(points: readonly PointContext[]): Finding[] {
  const findings = new Map<Topic, PointContext[]>();
  for (const point of points) {
    const topic = DEMO_INSIGHT_TOPICS.find((candidate) => point.tags.includes(candidate.tag));
    if (topic) findings.set(topic, [...(findings.get(topic) ?? []), point]);
  }
  const strength = (finding: Finding) => ({
    participants: new Set(finding.points.map((point) => point.participantId)).size,
    score: finding.points.reduce((sum, point) => sum + point.score, 0),
  });
  return [...findings]
    .map(([topic, found]) => ({ topic, points: [...found].sort((a, b) => b.score - a.score) }))
    .sort((a, b) => {
      const [first, second] = [strength(a), strength(b)];
      return second.participants - first.participants || second.score - first.score;
    });
}

async function writeFinding(
  deps: Pick<Deps, 'db'>,
  researcher: Actor,
  test: DemoTest,
  finding: Finding,
  participants: number,
): Promise<void> {
  const { topic, points } = finding;
  const focusPoint = ranked(points.flatMap((point) => (point.gazeRegion ? [point.gazeRegion] : [])))[0];
  const created = await createInsight(deps, researcher, test.id, {
    title: topic.title,
    focus_point: focusPoint?.value ?? '',
    ...insightDataComments(points, participants, test.platform),
  });
  const highlight = points.find((point) => point.comment !== '') ?? points[0];
  await updateInsight(deps, researcher, test.id, created.id, {
    significant_points_ids: points.map((point) => point.id),
    highlight_id: highlight?.id ?? null,
  });
  const provider = createLocalProvider();
  const write = (field: 'summary' | 'explanation' | 'suggestion') =>
    writeInsightField(deps, provider, researcher, { testId: test.id, insightId: created.id, field });
  const summary = await write('summary');
  const explanation = await write('explanation');
  const suggestion = await write('suggestion');
  await updateInsight(deps, researcher, test.id, created.id, {
    summary: summary.text,
    explanation: explanation.text,
    suggestion: suggestion.text,
  });
  const advice = suggestion.suggestions?.find((item) => item.title.endsWith(topic.tag));
  if (advice && ranked(points.map((point) => point.emotion))[0]?.value !== 'joy')
    await suggest(deps, researcher, test, { insightId: created.id, finding, participants, advice });
}

/** A suggestion on the test's list from the AI's advice on the finding's own tag. */
async function suggest(
  deps: Pick<Deps, 'db'>,
  researcher: Actor,
  test: DemoTest,
  input: { insightId: number; finding: Finding; participants: number; advice: AiSuggestion },
): Promise<void> {
  const { topic, points } = input.finding;
  const reached = new Set(points.map((point) => point.participantId)).size;
  const impact = impactOf(reached, input.participants);
  await createSuggestion(deps, researcher, test.id, {
    title: input.advice.title,
    suggestion: input.advice.description,
    additional_info: `<p>${escapeHtml(`From the insight “${topic.title}”: ${points.length === 1 ? '1 moment' : `${points.length} moments`} of ${reached} of ${input.participants} participants.`)}</p>`,
    effort: topic.effort,
    impact,
    next_step: nextStepOf(topic.effort, impact),
    owner_id: test.suggestionOwnerId,
    insight_id: input.insightId,
  });
}

/** Impact on the suggestions' 1–3 scale by the share of participants the finding reached. */
export function impactOf(reached: number, participants: number): 1 | 2 | 3 {
  const share = participants === 0 ? 0 : reached / participants;
  return share >= 1 / 3 ? 3 : share >= 1 / 6 ? 2 : 1;
}

/**
 * What to do next (1 implement, 2 A/B test, 3 research): a finding of few participants needs
 * more research first; one worth more than it costs is implemented; otherwise A/B tested.
 */
export function nextStepOf(effort: Effort, impact: 1 | 2 | 3): 1 | 2 | 3 {
  if (impact === 1) return 3;
  return effort < impact ? 1 : 2;
}
