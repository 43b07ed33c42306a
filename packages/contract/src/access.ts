import { participantParams } from './participants.js';
import { defineRoutes } from './route.js';

/**
 * The right of access and to data portability (GDPR Art. 15 and 20, docs/data-rights.md "Access"):
 * everything held about one participant in one ZIP, for the researcher or company admin who
 * answers the data subject. Every download is audited.
 */

/** The files of an access export, with what each holds (the ZIP's README lists them too). */
export const ACCESS_EXPORT_FILES = {
  'README.txt': 'What the export holds and how to read it',
  'participant.json':
    "The participant: ids, demographics, times, geometry, what was removed and when; a remote participant's session with its calibration validations",
  'consent.json': 'The consent history: every version agreed to, what was granted, when and how',
  'streams/emotions.csv': 'EEG-derived emotions (joy, attention, frustration), one row per sample',
  'streams/gaze.csv': 'Gaze, one row per sample',
  'streams/mouse.csv': 'Mouse and touch with the pages visited, one row per sample',
  'recording/…': 'The screen recording with its sound, as stored',
  'voice/…':
    "A remote participant's spoken audio, one file per take (a reload of the study page starts a new one)",
  'answers.json': "The questionnaire's questions with this participant's answers",
  'comments.json':
    "Researchers' comments on the participant's moments (significant points) and the sections marked",
} as const;

export const accessRoutes = defineRoutes('access', {
  export: {
    method: 'GET',
    path: '/tests/:id/participants/:pid/access-export',
    access: 'user',
    summary:
      'Everything held about one participant as a ZIP (Art. 15/20): metadata, consent history, streams as CSV, the recording, answers and comments; audited',
    params: participantParams,
    responses: { 200: { file: 'application/zip' } },
    errors: [403, 404],
  },
});
