import { type QuestionnaireAnswers, VIDEO_QUESTIONNAIRE } from '@limbus/demo-data';
import type { Executor } from '../db/client.js';
import { seedDemoQuestionnaire } from './demo-questionnaire.js';
import { insertConsultancyNotes, listLabels, setShownAssociations } from './demo-records.repository.js';

/** A consultant's summary, explanation and suggestion for each scene of the demo commercial. */
export const DEMO_SCENE_NOTES: Readonly<Record<string, readonly [string, string, string]>> = {
  'Opening logo': [
    'Viewers settle in quickly: attention rises within the first second.',
    'The logo on a plain background gives the eye one place to go; gaze is tightly grouped in the centre.',
    'Keep the opening this short; the logo could stay half a second longer for brand recall.',
  ],
  'Runner at dawn': [
    'Calm, pleasant start: joy climbs slowly while attention stays high.',
    'Eyes follow the runner across the frame, so the movement carries the scene rather than the setting.',
    'Place the brand name along the runner’s path, where viewers already look.',
  ],
  'Rain sprint': [
    'The most energetic scene: attention peaks and viewers’ gaze spreads the least.',
    'Fast cuts and the splash of the shoe draw every viewer to the same spot at the same time.',
    'Use this moment for the product’s main claim; it is when viewers are most focused.',
  ],
  'Product close-up': [
    'Attention holds, joy dips slightly: the product is studied rather than enjoyed.',
    'Viewers read the sole and the side logo; a few look for the price already.',
    'Show one detail at a time and add a short caption on what makes the sole lighter.',
  ],
  'Price reveal': [
    'Frustration rises for part of the viewers when the price appears.',
    'The price arrives abruptly after the close-up; some viewers compare it with what they expected.',
    'Introduce the price with the benefit (a lighter run) or an offer, not on its own.',
  ],
  'Dog and call to action': [
    'The dog brings the strongest joy of the commercial; most viewers smile.',
    'Humour at the end leaves a warm last impression, but gaze drifts away from the call to action.',
    'Move the call to action next to the dog, or show it a second longer after the dog has left.',
  ],
};

/** The three notes of every scene of the test that has demo notes. */
export async function seedDemoSceneNotes(db: Executor, testId: number): Promise<void> {
  const scenes = await listLabels(db, testId);
  const rows = scenes.flatMap((scene) =>
    (DEMO_SCENE_NOTES[scene.name] ?? []).map((note, noteType) => ({ labelId: scene.id, noteType, note })),
  );
  await insertConsultancyNotes(db, rows);
}

/**
 * The commercial's questionnaire (open questions, scale questions, every association) with every
 * viewer's answers, and the first five associations chosen to be shown.
 */
export async function seedDemoVideoQuestionnaire(
  db: Executor,
  testId: number,
  viewers: readonly { participantId: number; answers: QuestionnaireAnswers }[],
): Promise<void> {
  const questionIds = await seedDemoQuestionnaire(db, testId, VIDEO_QUESTIONNAIRE, viewers, {
    allAssociations: true,
  });
  const shown = VIDEO_QUESTIONNAIRE.associations
    .slice(0, 5)
    .flatMap((association) => questionIds.get(association.id) ?? []);
  await setShownAssociations(db, testId, shown);
}
