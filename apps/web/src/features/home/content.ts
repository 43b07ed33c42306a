/** Editorial copy of the home page: short, practical reads about neuro-usability testing. */

export type Article = { title: string; minutes: number; summary: string; takeaway: string };

export const ARTICLES: readonly Article[] = [
  {
    title: 'What emotions add to a usability test',
    minutes: 4,
    summary:
      'Classic usability tests tell you whether people complete a task. Measuring joy, attention and frustration shows how it felt on the way: the hesitation before a form field, the relief after a clear confirmation, the irritation at a cookie wall that nobody mentions afterwards.',
    takeaway: 'Use emotion peaks to decide which moments of a recording to watch first.',
  },
  {
    title: 'Reading an emotion curve without over-reading it',
    minutes: 5,
    summary:
      'A single spike is a moment, not a verdict. Compare curves across participants, look at what was on screen a second before the peak, and check it against what people said. Frustration that returns on the same page for most participants is the finding worth fixing.',
    takeaway: 'Trust patterns that repeat across participants over one dramatic peak.',
  },
  {
    title: 'Eye tracking: where people look is not what they see',
    minutes: 3,
    summary:
      'Heatmaps show where gaze lands, not whether a message was understood. Pair fixations with attention and with the mouse or touch trail: a long look with falling attention often means confusion, while a short look at a clear call to action is exactly what you want.',
    takeaway: 'Read gaze heatmaps together with attention, never on their own.',
  },
];

export type Promo = { title: string; description: string; cta: string };

export const PROMOS: readonly Promo[] = [
  {
    title: 'AI attention predictions',
    description:
      'Upload a design before it is built and get a predicted attention heatmap in minutes. Ideal to compare variants of a landing page or a packaging before you recruit a single participant.',
    cta: 'Ask about predictions',
  },
  {
    title: 'Video and ad testing',
    description:
      'Find the seconds of a commercial that win or lose your audience: averaged emotion curves, gaze heatmap video and the moments people remember, across every participant.',
    cta: 'Ask about video tests',
  },
  {
    title: 'Research in our lab',
    description:
      'Need EEG, eye tracking and a moderated session? Our researchers run the study in our lab and write the insights and suggestions for you.',
    cta: 'Talk to a researcher',
  },
];
