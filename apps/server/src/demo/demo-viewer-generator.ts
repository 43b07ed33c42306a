import { generateVideoParticipant } from '@limbus/demo-data';
import type { ViewerGenerator } from '../modules/video-tests/video-results.service.js';
import { DEMO_TRANSLATION_LANGUAGE } from './record-demo-participant.js';

/**
 * The generator of the spec's fake participant (POST /tests/{id}/generated_viewers): a viewer of
 * the demo's generator, as in the demo's video tests. The product does not import the demo; the
 * process assembly (app.ts) hands this to the video-tests routes.
 */
export const DEMO_VIEWER_GENERATOR: ViewerGenerator = {
  generate: generateVideoParticipant,
  translationLanguage: DEMO_TRANSLATION_LANGUAGE.code,
};
