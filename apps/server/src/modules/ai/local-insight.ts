import type { GeneratedInsight } from '@limbus/contract';
import type { InsightInput, TagPoint } from './ai.provider.js';

/**
 * Spec 3 §7's insight built from the tag's own data, without a model: counts, emotions, the most
 * common words of the comments, the pages and the test's focus elements the comments name. Every
 * factor and suggestion cites the points it counts. Dutch, as the spec asks; English for any other
 * language (we do not machine-translate templates).
 */
export function localInsight(input: InsightInput, language: string): GeneratedInsight {
  const words = language === 'Dutch' ? DUTCH : ENGLISH;
  const points = input.tag.significant_points;
  const groups = byEmotion(points);
  const main = groups.map((group) => words.emotion(group.emotion));
  const tag = input.tag.name;
  const common = commonWords(points, 5);
  const pages = ranked(points.map((point) => point.page).filter(Boolean)).slice(0, 3);
  return {
    title: words.title(tag, main[0] ?? ''),
    main_emotions: main,
    summary: words.summary({
      moments: points.length,
      participants: participantCount(points),
      emotion: main[0] ?? '',
      common,
      pages,
    }),
    answer_to_research_question: words.answer(input.about, tag, main[0] ?? '', pages, input.focus_point),
    common_factors: [
      ...groups.slice(0, 3).map((group) => factorOf(group.emotion, group.points, tag, words)),
      ...elementFactors(input, words),
    ].slice(0, 4),
    suggestions: groups.slice(0, 3).map((group) => ({
      suggestion_title: words.suggestionTitle(group.emotion, tag),
      suggestion_description: words.advice(group.emotion, tag, input.focus_point),
      point_ids: group.points.map((point) => point.id),
    })),
  };
}

type Words = typeof DUTCH;

function factorOf(emotion: string, points: TagPoint[], tag: string, words: Words) {
  const pages = ranked(points.map((point) => point.page).filter(Boolean)).slice(0, 2);
  return {
    factor: words.factor(emotion, tag),
    user_feedback: quotes(points),
    behavior_explanation: words.behaviour(points.length, participantCount(points), pages),
    psychological_theory: words.theory(emotion),
    point_ids: points.map((point) => point.id),
  };
}

/** A factor per focus element of the test that comments name (case-insensitive). */
function elementFactors(input: InsightInput, words: Words) {
  return input.elements.flatMap((element) => {
    const needle = element.trim().toLowerCase();
    const points = input.tag.significant_points.filter(
      (point) => needle !== '' && point.comment.toLowerCase().includes(needle),
    );
    if (points.length === 0) return [];
    const emotion = byEmotion(points)[0]?.emotion ?? '';
    return [
      {
        factor: words.element(element.trim()),
        user_feedback: quotes(points),
        behavior_explanation: words.behaviour(points.length, participantCount(points), []),
        psychological_theory: words.theory(emotion),
        point_ids: points.map((point) => point.id),
      },
    ];
  });
}

const participantCount = (points: TagPoint[]) => new Set(points.map((point) => point.participant)).size;

const quotes = (points: TagPoint[]) =>
  points
    .filter((point) => point.comment.trim() !== '')
    .slice(0, 2)
    .map((point) => `“${point.comment.trim()}”`)
    .join(' ');

/** The tag's points by emotion, the emotion with most points first. */
function byEmotion(points: TagPoint[]): { emotion: string; points: TagPoint[] }[] {
  return ranked(points.map((point) => point.emotion)).map((emotion) => ({
    emotion,
    points: points.filter((point) => point.emotion === emotion),
  }));
}

/** Names by how often they occur, most first, then alphabetically. */
function ranked(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

const STOP_WORDS = new Set(
  (
    'de het een en van ik je is niet wel dat die dit er op in te om met voor maar was bij zo al nog ook ' +
    'naar heel waar hoe wat dan als kan moet had heb hier daar geen veel erg mijn toch even wordt ' +
    'the a an and of i you it is not that this there on in to for with but was at so all still also ' +
    'where how what then can must had have here no very my just even are be were'
  ).split(' '),
);

/** The words of the comments that occur most (three letters or more, no common function words). */
export function commonWords(points: TagPoint[], count: number): string[] {
  const words = points.flatMap((point) =>
    point.comment
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3 && !STOP_WORDS.has(word)),
  );
  return ranked(words).slice(0, count);
}

const list = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;

const DUTCH = {
  emotion: (emotion: string) =>
    ({ joy: 'vreugde', attention: 'aandacht', frustration: 'frustratie' })[emotion] ?? emotion,
  title: (tag: string, emotion: string) => (emotion ? `${tag}: vooral ${emotion}` : tag),
  summary: (facts: {
    moments: number;
    participants: number;
    emotion: string;
    common: string[];
    pages: string[];
  }) =>
    [
      `${facts.moments} ${facts.moments === 1 ? 'moment' : 'momenten'} van ${facts.participants} ${facts.participants === 1 ? 'deelnemer' : 'deelnemers'}${facts.emotion ? `, vooral ${facts.emotion}` : ''}.`,
      facts.pages.length > 0 ? `Op ${list(facts.pages, 'en')}.` : '',
      facts.common.length > 0 ? `Veelgenoemd: ${facts.common.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  answer: (about: string, tag: string, emotion: string, pages: string[], focus: string) =>
    [
      about ? `Over “${about}”:` : '',
      `bij ${tag} ervaren deelnemers vooral ${emotion || 'wisselende emoties'}`,
      pages.length > 0 ? `, op ${list(pages, 'en')}` : '',
      focus ? `; rond ${focus}` : '',
      '.',
    ]
      .join(' ')
      .replace(/ ([,;.])/g, '$1')
      .trim(),
  factor: (emotion: string, tag: string) => `${capital(DUTCH.emotion(emotion))} bij ${tag}`,
  element: (element: string) => `Genoemd element: ${element}`,
  behaviour: (moments: number, participants: number, pages: string[]) =>
    `${moments} ${moments === 1 ? 'moment' : 'momenten'} van ${participants} ${participants === 1 ? 'deelnemer' : 'deelnemers'}${pages.length > 0 ? `, op ${list(pages, 'en')}` : ''}.`,
  theory: (emotion: string) =>
    ({
      frustration:
        'Cognitieve belasting (Sweller): wat meer denkwerk vraagt dan verwacht, frustreert en doet afhaken.',
      joy: 'Emotioneel ontwerp (Norman): een positieve ervaring maakt een product makkelijker in gebruik en vergeeflijker.',
      attention:
        'Selectieve aandacht (Treisman): wat opvalt of vragen oproept, trekt de blik en houdt die vast.',
    })[emotion] ?? '',
  suggestionTitle: (emotion: string, tag: string) =>
    `${({ joy: 'Behoud', attention: 'Bouw voort op' })[emotion] ?? 'Verbeter'} ${tag}`,
  advice: (emotion: string, tag: string, focus: string) =>
    `${
      ({
        joy: `Houd ${tag} zoals het is en gebruik wat hier werkt ook elders.`,
        attention: `Deelnemers kijken hier goed: zorg dat ${tag} hun vragen beantwoordt en test opnieuw.`,
      })[emotion] ?? `Herzie ${tag} en test het opnieuw.`
    }${focus ? ` Let daarbij op ${focus}.` : ''}`,
};

const ENGLISH: Words = {
  emotion: (emotion) => emotion,
  title: (tag, emotion) => (emotion ? `${tag}: mostly ${emotion}` : tag),
  summary: (facts) =>
    [
      `${facts.moments} ${facts.moments === 1 ? 'moment' : 'moments'} of ${facts.participants} ${facts.participants === 1 ? 'participant' : 'participants'}${facts.emotion ? `, mostly ${facts.emotion}` : ''}.`,
      facts.pages.length > 0 ? `On ${list(facts.pages, 'and')}.` : '',
      facts.common.length > 0 ? `Often said: ${facts.common.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  answer: (about, tag, emotion, pages, focus) =>
    [
      about ? `On “${about}”:` : '',
      `at ${tag} participants mostly felt ${emotion || 'mixed emotions'}`,
      pages.length > 0 ? `, on ${list(pages, 'and')}` : '',
      focus ? `; around ${focus}` : '',
      '.',
    ]
      .join(' ')
      .replace(/ ([,;.])/g, '$1')
      .trim(),
  factor: (emotion, tag) => `${capital(emotion)} at ${tag}`,
  element: (element) => `Element named: ${element}`,
  behaviour: (moments, participants, pages) =>
    `${moments} ${moments === 1 ? 'moment' : 'moments'} of ${participants} ${participants === 1 ? 'participant' : 'participants'}${pages.length > 0 ? `, on ${list(pages, 'and')}` : ''}.`,
  theory: (emotion) =>
    ({
      frustration:
        'Cognitive load (Sweller): what takes more thought than expected frustrates and makes people give up.',
      joy: 'Emotional design (Norman): a pleasant experience makes a product easier to use and more forgiving.',
      attention:
        'Selective attention (Treisman): what stands out or raises questions draws and holds the eye.',
    })[emotion] ?? '',
  suggestionTitle: (emotion, tag) =>
    `${({ joy: 'Keep', attention: 'Build on' })[emotion] ?? 'Improve'} ${tag}`,
  advice: (emotion, tag, focus) =>
    `${
      ({
        joy: `Keep ${tag} as it is, and use what works here elsewhere.`,
        attention: `Participants look closely here: make sure ${tag} answers their questions, and test it again.`,
      })[emotion] ?? `Rework ${tag} and test it again.`
    }${focus ? ` Mind ${focus} while doing so.` : ''}`,
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
