import type { Demographic, Gender, Language, QuestionnaireAnswers } from './participant-types.js';
import type { EventKind } from './phrase-bank.js';
import type { Random } from './random.js';

/**
 * The demo tests' questionnaires (spec 2 §3: up to 3 open questions, scale questions 1 to 5,
 * up to 5 associations) and answers that agree with what happened to the participant: more
 * frustration means lower scores and more critical words.
 */
export type DemoQuestionnaire = {
  openQuestions: { id: string; text: string }[];
  evaluations: { id: string; text: string; description: string }[];
  associations: { id: string; text: string; tone: 'positive' | 'negative' | 'neutral' }[];
};

export const WEB_QUESTIONNAIRE: DemoQuestionnaire = {
  openQuestions: [
    { id: 'web-open-impression', text: 'What was your first impression of the shop?' },
    { id: 'web-open-improve', text: 'What would you improve?' },
    { id: 'web-open-size', text: 'How did you choose your size?' },
  ],
  evaluations: [
    { id: 'web-eval-ease', text: 'Ease of use', description: '1 = very difficult, 5 = very easy' },
    {
      id: 'web-eval-findability',
      text: 'Finding information',
      description: '1 = could not find it, 5 = found it at once',
    },
    { id: 'web-eval-trust', text: 'Trust', description: '1 = no trust at all, 5 = complete trust' },
    { id: 'web-eval-look', text: 'Look and feel', description: '1 = unattractive, 5 = very attractive' },
    { id: 'web-eval-buy', text: 'Likelihood to buy here', description: '1 = very unlikely, 5 = very likely' },
  ],
  associations: [
    { id: 'web-assoc-sporty', text: 'Sporty', tone: 'positive' },
    { id: 'web-assoc-modern', text: 'Modern', tone: 'positive' },
    { id: 'web-assoc-clear', text: 'Clear', tone: 'positive' },
    { id: 'web-assoc-trustworthy', text: 'Trustworthy', tone: 'positive' },
    { id: 'web-assoc-friendly', text: 'Friendly', tone: 'positive' },
    { id: 'web-assoc-premium', text: 'Premium', tone: 'neutral' },
    { id: 'web-assoc-cheap', text: 'Cheap', tone: 'neutral' },
    { id: 'web-assoc-cluttered', text: 'Cluttered', tone: 'negative' },
    { id: 'web-assoc-confusing', text: 'Confusing', tone: 'negative' },
    { id: 'web-assoc-slow', text: 'Slow', tone: 'negative' },
  ],
};

export const VIDEO_QUESTIONNAIRE: DemoQuestionnaire = {
  openQuestions: [
    { id: 'video-open-remember', text: 'What do you remember of the commercial?' },
    { id: 'video-open-message', text: 'What is the message of the commercial?' },
    { id: 'video-open-improve', text: 'What would you change?' },
  ],
  evaluations: [
    { id: 'video-eval-appeal', text: 'Appeal', description: '1 = not appealing, 5 = very appealing' },
    { id: 'video-eval-clarity', text: 'Clarity of the message', description: '1 = unclear, 5 = very clear' },
    { id: 'video-eval-brand', text: 'Fits the brand', description: '1 = not at all, 5 = perfectly' },
    { id: 'video-eval-original', text: 'Originality', description: '1 = seen it before, 5 = very original' },
    { id: 'video-eval-buy', text: 'Purchase intention', description: '1 = very unlikely, 5 = very likely' },
  ],
  associations: [
    { id: 'video-assoc-energetic', text: 'Energetic', tone: 'positive' },
    { id: 'video-assoc-inspiring', text: 'Inspiring', tone: 'positive' },
    { id: 'video-assoc-funny', text: 'Funny', tone: 'positive' },
    { id: 'video-assoc-authentic', text: 'Authentic', tone: 'positive' },
    { id: 'video-assoc-sporty', text: 'Sporty', tone: 'positive' },
    { id: 'video-assoc-premium', text: 'Premium', tone: 'neutral' },
    { id: 'video-assoc-emotional', text: 'Emotional', tone: 'neutral' },
    { id: 'video-assoc-boring', text: 'Boring', tone: 'negative' },
    { id: 'video-assoc-too-long', text: 'Too long', tone: 'negative' },
    { id: 'video-assoc-confusing', text: 'Confusing', tone: 'negative' },
    { id: 'video-assoc-fresh', text: 'Fresh', tone: 'positive' },
    { id: 'video-assoc-predictable', text: 'Predictable', tone: 'negative' },
  ],
};

const OPEN_ANSWERS: Record<Language, Record<string, readonly string[]>> = {
  en: {
    'web-open-impression': [
      'Clean and sporty, it looks like a real running shop.',
      'Nice big video at the top, but a lot of orange.',
      'Looks professional, I would trust it with my money.',
      'Quiet and clear, I knew where to click.',
    ],
    'web-open-improve': [
      'Put the size guide next to the sizes.',
      'Tell me before checkout that the discount code does not work on sale items.',
      'Show the delivery costs earlier.',
      'Nothing really, it was easy.',
      'More photos of the shoe on a foot.',
    ],
    'web-open-size': [
      'I took my usual size.',
      'I looked for a size chart but could not find one, so I guessed.',
      'The reviews said it runs small, so I went half a size up.',
      'I found the size guide at the bottom eventually.',
    ],
    'video-open-remember': [
      'The runner in the rain and the orange shoe.',
      'The dog running along at the end.',
      'The close-up of the sole.',
      'Mostly the price, to be honest.',
    ],
    'video-open-message': [
      'That the shoe gives you energy.',
      'Running is more fun with light shoes.',
      'New Runner 2, available now.',
    ],
    'video-open-improve': [
      'Make it a bit shorter.',
      'Show the price less abruptly.',
      'More of the shoe itself.',
    ],
  },
  nl: {
    'web-open-impression': [
      'Strak en sportief, het voelt als een echte hardloopwinkel.',
      'Mooie grote video bovenaan, maar wel veel oranje.',
      'Ziet er professioneel uit, ik zou hier durven bestellen.',
      'Rustig en duidelijk, ik wist waar ik moest klikken.',
    ],
    'web-open-improve': [
      'Zet de maattabel naast de maten.',
      'Laat eerder weten dat de kortingscode niet geldt voor afgeprijsde artikelen.',
      'Laat de bezorgkosten eerder zien.',
      'Eigenlijk niets, het ging makkelijk.',
      'Meer foto’s van de schoen aan een voet.',
    ],
    'web-open-size': [
      'Ik heb mijn gewone maat genomen.',
      'Ik zocht een maattabel maar vond hem niet, dus ik heb gegokt.',
      'In de reviews stond dat hij klein valt, dus een halve maat groter.',
      'Uiteindelijk vond ik de maattabel onderaan de pagina.',
    ],
    'video-open-remember': [
      'De hardloper in de regen en de oranje schoen.',
      'De hond die aan het eind meeloopt.',
      'De close-up van de zool.',
      'Eerlijk gezegd vooral de prijs.',
    ],
    'video-open-message': [
      'Dat de schoen je energie geeft.',
      'Hardlopen is leuker met lichte schoenen.',
      'Nieuwe Runner 2, nu verkrijgbaar.',
    ],
    'video-open-improve': [
      'Iets korter maken.',
      'De prijs minder plotseling tonen.',
      'Meer van de schoen zelf laten zien.',
    ],
  },
};

/** Open answers that mention an event the participant actually ran into, by question. */
const EVENT_ANSWERS: Partial<Record<EventKind, { question: string; en: string; nl: string }>> = {
  'size-guide-hidden': {
    question: 'web-open-size',
    en: 'I looked for a size chart but could not find one, so I guessed.',
    nl: 'Ik zocht een maattabel maar vond hem niet, dus ik heb gegokt.',
  },
  'discount-code-rejected': {
    question: 'web-open-improve',
    en: 'Tell me before checkout that the discount code does not work on sale items.',
    nl: 'Laat eerder weten dat de kortingscode niet geldt voor afgeprijsde artikelen.',
  },
  'delivery-costs': {
    question: 'web-open-improve',
    en: 'Show the delivery costs earlier.',
    nl: 'Laat de bezorgkosten eerder zien.',
  },
};

/** The answer at `index` of a question's bank, in every language. */
function inEveryLanguage(
  banks: Record<Language, Record<string, readonly string[]>>,
  questionId: string,
  index: number,
): Record<Language, string> {
  return { en: banks.en[questionId]?.[index] ?? '', nl: banks.nl[questionId]?.[index] ?? '' };
}

/**
 * Every answer the questionnaires can give in `language` (open answers and scale comments): what a
 * check of the seed's translations reads a stored answer's language from.
 */
export function demoAnswersIn(language: Language): Set<string> {
  return new Set(
    [
      ...Object.values(OPEN_ANSWERS[language]).flat(),
      ...SCORE_COMMENTS[language],
      ...Object.values(EVENT_ANSWERS).map((answer) => answer?.[language] ?? ''),
    ].filter((text) => text !== ''),
  );
}

const SCORE_COMMENTS: Record<Language, readonly string[]> = {
  en: ['', '', 'Could be better.', 'Fine.', 'Good.', 'Very good!'],
  nl: ['', '', 'Kan beter.', 'Prima.', 'Goed.', 'Heel goed!'],
};

/**
 * Answers to a questionnaire. `mood` in [-1, 1] summarises the session (joy minus frustration
 * peaks): it shifts scores and the choice of associations.
 */
export function answerQuestionnaire(
  q: DemoQuestionnaire,
  language: Language,
  mood: number,
  kinds: readonly EventKind[],
  rng: Random,
): QuestionnaireAnswers {
  // Every answer carries its words in each language (the banks are parallel: `nl[i]` is `en[i]`):
  // the seed stores the test's translation beside them, as 'Translate comments' would.
  const openQuestions = q.openQuestions.map((question) => {
    const related = kinds.map((k) => EVENT_ANSWERS[k]).find((a) => a?.question === question.id);
    const bank = OPEN_ANSWERS[language][question.id] ?? [];
    if (related && rng.chance(0.8))
      return {
        questionId: question.id,
        text: related[language],
        translations: { en: related.en, nl: related.nl },
      };
    if (bank.length === 0) return { questionId: question.id, text: '', translations: { en: '', nl: '' } };
    const index = rng.pick(bank.map((_, i) => i));
    return {
      questionId: question.id,
      text: bank[index] ?? '',
      translations: inEveryLanguage(OPEN_ANSWERS, question.id, index),
    };
  });
  const evaluations = q.evaluations.map((question) => {
    const score = Math.round(Math.min(5, Math.max(1, rng.normal(3.6 + 1.2 * mood, 0.7))));
    const comment = rng.chance(0.3) ? (SCORE_COMMENTS[language][score] ?? '') : '';
    const commentTranslations = {
      en: comment ? (SCORE_COMMENTS.en[score] ?? '') : '',
      nl: comment ? (SCORE_COMMENTS.nl[score] ?? '') : '',
    };
    return { questionId: question.id, score, comment, commentTranslations };
  });
  const weights = q.associations.map((a) => {
    const w = a.tone === 'positive' ? 1 + mood : a.tone === 'negative' ? 1 - mood : 0.6;
    return [a, Math.max(0.05, w)] as const;
  });
  const picks = new Set<(typeof q.associations)[number]>();
  const count = rng.int(1, 5);
  for (let i = 0; i < count * 3 && picks.size < count; i++) picks.add(rng.weighted(weights));
  const associations = [...picks].map((a) => ({ associationId: a.id, text: a.text }));
  return { openQuestions, evaluations, associations };
}

const EDUCATION: readonly (readonly [string, number])[] = [
  ['VMBO', 0.12],
  ['HAVO', 0.08],
  ['VWO', 0.06],
  ['MBO', 0.3],
  ['HBO', 0.28],
  ['WO', 0.16],
];

/** Dutch education levels, lowest first, as stored in `demographic.education`. */
export const EDUCATION_LEVELS: readonly string[] = EDUCATION.map(([level]) => level);

/** Age 18 to 75 (mostly 20 to 60), gender and a Dutch education level. */
export function drawDemographic(rng: Random): Demographic {
  const age = Math.round(rng.clampedNormal(38, 13, 18, 75));
  const gender: Gender = rng.weighted([
    ['female', 0.49],
    ['male', 0.49],
    ['other', 0.02],
  ] as const);
  return { age, gender, education: rng.weighted(EDUCATION) };
}
