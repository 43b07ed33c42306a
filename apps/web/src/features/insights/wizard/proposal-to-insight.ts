import {
  type GeneratedInsight,
  INSIGHT_TITLE_MAX,
  type InsightChanges,
  type InsightProposal,
  type NewInsight,
} from '@limbus/contract';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const paragraph = (text: string) => (text.trim() ? `<p>${escapeHtml(text.trim())}</p>` : '');
const labelled = (label: string, text: string) =>
  text.trim() ? `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(text.trim())}</li>` : '';

/** The significant points a proposal's claims cite, each once, in the order they are cited. */
export function citedPointIds(proposal: GeneratedInsight): number[] {
  const ids = [
    ...proposal.common_factors.flatMap((factor) => factor.point_ids),
    ...proposal.suggestions.flatMap((suggestion) => suggestion.point_ids),
  ];
  return [...new Set(ids)];
}

/** How many participants the given points come from: the n of 'n of N participants'. */
export function participantsOf(proposal: Pick<InsightProposal, 'points'>, pointIds: number[]): number {
  const wanted = new Set(pointIds);
  return new Set(proposal.points.filter((point) => wanted.has(point.id)).map((point) => point.participant_id))
    .size;
}

function explanationOf(proposal: GeneratedInsight): string {
  const parts = [
    proposal.answer_to_research_question.trim()
      ? `<p><strong>Answer to the research question:</strong> ${escapeHtml(proposal.answer_to_research_question.trim())}</p>`
      : '',
    proposal.main_emotions.length > 0
      ? `<p><strong>Main emotions:</strong> ${escapeHtml(proposal.main_emotions.join(', '))}</p>`
      : '',
    ...proposal.common_factors.map(
      (factor) =>
        `<p><strong>${escapeHtml(factor.factor)}</strong></p><ul>${[
          labelled('User feedback', factor.user_feedback),
          labelled('Behaviour', factor.behavior_explanation),
          labelled('Psychology', factor.psychological_theory),
        ].join('')}</ul>`,
    ),
  ];
  return parts.join('');
}

const suggestionOf = (proposal: GeneratedInsight) =>
  proposal.suggestions
    .map(
      (suggestion) =>
        `<p><strong>${escapeHtml(suggestion.suggestion_title)}</strong></p>${paragraph(suggestion.suggestion_description)}`,
    )
    .join('');

/**
 * A reviewed proposal as an insight: title, summary, an explanation holding the answer to the
 * research question, the main emotions and the common factors, the suggestions; then its cited
 * points linked, the first commented one as highlight.
 */
export function insightOfProposal(
  proposal: GeneratedInsight,
  context: Pick<InsightProposal, 'points' | 'focus_point'>,
): { insight: NewInsight; links: InsightChanges } {
  const cited = citedPointIds(proposal);
  const highlight =
    context.points.find((point) => cited.includes(point.id) && point.comment.trim() !== '') ??
    context.points.find((point) => cited.includes(point.id));
  return {
    insight: {
      title: proposal.title.trim().slice(0, INSIGHT_TITLE_MAX) || 'Generated insight',
      summary: paragraph(proposal.summary),
      explanation: explanationOf(proposal),
      suggestion: suggestionOf(proposal),
      focus_point: context.focus_point,
    },
    links: { significant_points_ids: cited, highlight_id: highlight?.id ?? null },
  };
}
