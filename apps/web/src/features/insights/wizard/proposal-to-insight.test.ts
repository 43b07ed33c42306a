import type { GeneratedInsight, InsightProposal } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { citedPointIds, insightOfProposal, participantsOf } from './proposal-to-insight';

const point = (id: number, participantId: number, comment = '') => ({
  id,
  emotion: 'frustration' as const,
  timestamp_top: 0,
  comment,
  translation: '',
  false_positive: false,
  tags: [],
  ranking: 0,
  score: 0,
  participant_id: participantId,
  participant_label: `P${String(participantId).padStart(4, '0')}`,
});

const context: Pick<InsightProposal, 'points' | 'focus_point'> = {
  points: [point(1, 10), point(2, 10, 'Waar is <de> knop?'), point(3, 11), point(4, 12)],
  focus_point: 'de knop',
};

const proposal: GeneratedInsight = {
  title: 'Knop <weg>',
  main_emotions: ['frustratie'],
  summary: 'Men zoekt de knop.',
  answer_to_research_question: 'Ze haken af.',
  common_factors: [
    {
      factor: 'Verborgen',
      user_feedback: '“Waar?”',
      behavior_explanation: 'Zoeken',
      psychological_theory: '',
      point_ids: [1, 2],
    },
  ],
  suggestions: [{ suggestion_title: 'Toon de knop', suggestion_description: 'Altijd.', point_ids: [2, 3] }],
};

describe('a reviewed proposal as an insight', () => {
  it('links the cited points once each, with the first commented one as highlight', () => {
    expect(citedPointIds(proposal)).toEqual([1, 2, 3]);
    const { links } = insightOfProposal(proposal, context);
    expect(links).toEqual({ significant_points_ids: [1, 2, 3], highlight_id: 2 });
  });

  it('counts the participants of the cited points: the n of n of N', () => {
    expect(participantsOf(context, [1, 2])).toBe(1);
    expect(participantsOf(context, [1, 3, 4])).toBe(3);
  });

  it('writes the texts as escaped HTML, the empty parts left out', () => {
    const { insight } = insightOfProposal(proposal, context);
    expect(insight.title).toBe('Knop <weg>');
    expect(insight.summary).toBe('<p>Men zoekt de knop.</p>');
    expect(insight.explanation).toBe(
      '<p><strong>Answer to the research question:</strong> Ze haken af.</p>' +
        '<p><strong>Main emotions:</strong> frustratie</p>' +
        '<p><strong>Verborgen</strong></p><ul><li><strong>User feedback:</strong> “Waar?”</li><li><strong>Behaviour:</strong> Zoeken</li></ul>',
    );
    expect(insight.suggestion).toBe('<p><strong>Toon de knop</strong></p><p>Altijd.</p>');
    expect(insight.focus_point).toBe('de knop');
    const hostile = insightOfProposal({ ...proposal, summary: '<img src=x onerror=alert(1)>' }, context);
    expect(hostile.insight.summary).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });
});
