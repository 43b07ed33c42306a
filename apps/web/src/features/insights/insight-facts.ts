import { EMOTIONS, type Emotion, type Insight } from '@limbus/contract';

export type InsightFacts = {
  /** The emotion most of its points peak in (ties: the order of EMOTIONS): the colour of its title. */
  mainEmotion: Emotion;
  dataPoints: number;
  participants: number;
  emotionCounts: Record<Emotion, number>;
};

/** What an insight rests on: its points, the people they come from and their emotions. */
export function insightFacts(insight: Pick<Insight, 'significant_points'>): InsightFacts {
  const emotionCounts = { joy: 0, attention: 0, frustration: 0 } satisfies Record<Emotion, number>;
  const people = new Set<number>();
  for (const point of insight.significant_points) {
    emotionCounts[point.emotion] += 1;
    people.add(point.participant_id);
  }
  const mainEmotion = EMOTIONS.reduce((best, emotion) =>
    emotionCounts[emotion] > emotionCounts[best] ? emotion : best,
  );
  return {
    mainEmotion,
    dataPoints: insight.significant_points.length,
    participants: people.size,
    emotionCounts,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of our sanitized rich text: paragraphs and line breaks become new lines. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[\da-f]+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A count with its noun: '1 data point', '3 participants'. */
export const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
