import type { DemoParticipant, Language } from '@limbus/demo-data';
import type { Deps } from '../deps.js';
import { recordGeneratedParticipant } from '../modules/participants/record-generated-participant.js';

/**
 * The language the demo tests are run in (their `translation`): Dutch participants, most of whom
 * write Dutch; the toggle of participants' words names it ('Original (Dutch)').
 */
export const DEMO_TEST_LANGUAGE = 'Dutch';

/** The demo tests' translation_language, and the phrase bank's code for it. */
export const DEMO_TRANSLATION_LANGUAGE: { name: string; code: Language } = { name: 'English', code: 'en' };

/**
 * Records a participant of the demo's generator in a demo test, its comments translated into the
 * demo tests' language; `pageTitles` names the pages by URL (none for a video test).
 */
export function recordDemoParticipant(
  deps: Pick<Deps, 'db' | 'files'>,
  testId: number,
  participant: DemoParticipant,
  pageTitles: ReadonlyMap<string, string> = new Map(),
): Promise<{ id: number }> {
  return recordGeneratedParticipant(deps, testId, participant, {
    translationLanguage: DEMO_TRANSLATION_LANGUAGE.code,
    pageTitles,
  });
}
