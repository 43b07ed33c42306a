import {
  CONSENT_PURPOSES,
  CONSENT_STREAMS,
  type ConsentPurpose,
  type ConsentStream,
  type ParticipantSource,
} from '@limbus/contract';
import type { Executor } from '../db/client.js';
import {
  insertConsentRecords,
  insertTermsVersion,
  listParticipantsWithoutConsent,
  listTestsWithoutTerms,
} from './demo-consent.repository.js';

/** The consent form every demo test's participants signed (version 1 of its terms). */
export const DEMO_CONSENT_TEXT = `Taking part in a Limbus study

While you use the website or watch the video, we record:
- your brain activity (EEG), from which we derive emotions (joy, attention, frustration);
- where you look on the screen (gaze), with an eye tracker;
- your mouse movements, clicks and taps;
- a recording of the screen;
- what you say aloud while you use it, and your answers to our questions;
- in a study in your own browser: your facial expressions, read from your camera on your own device (no video leaves it).

We use these recordings:
1. for this study's report to our client, who commissioned it;
2. in anonymised form, to compare this study with other studies (norms and benchmarks): no one can tell that the data came from you;
3. to have software summarise and translate your spoken comments (AI processing). You may refuse this and still take part.

Your recordings are kept under a pseudonym. Screen and voice recordings are deleted 90 days after the study ends, the other recordings after 24 months. You may withdraw your consent, in whole or in part, at any time, without giving a reason: ask the researcher or write to privacy@limbus.test. A withdrawal takes effect at once; what was done before it stays lawful.`;

/** How many participants of each recorded demo web test did not consent to AI processing. */
export const DEMO_WITHOUT_AI = 2;

/** What a webcam participant records in the browser, and so consents to: no EEG, no screen recording, no voice. */
const WEBCAM_STREAMS: ConsentStream[] = ['eyes', 'mice', 'expressions', 'answers'];
/** What the lab records: everything but what only a browser session reads (facial expressions). */
const LAB_STREAMS = CONSENT_STREAMS.filter((stream) => stream !== 'expressions');

/**
 * Version 1 of the terms on every demo test, and the lab recorder's consent for every seeded
 * lab participant: everything, except for the first DEMO_WITHOUT_AI participants with significant
 * points of each test, who declined AI processing (so the insights wizard says it left them out).
 * A remote cohort's webcam participants consented online, in the browser, to what it records.
 * Only what is missing is written: a start killed midway finishes it.
 */
export async function seedDemoConsent(db: Executor): Promise<void> {
  for (const test of await listTestsWithoutTerms(db))
    await insertTermsVersion(db, {
      testId: test.id,
      text: DEMO_CONSENT_TEXT,
      streams: [...CONSENT_STREAMS],
      purposes: [...CONSENT_PURPOSES],
      // Written before the first participant signed it.
      createdAt: new Date((test.startedAt ?? test.createdAt).getTime() - 24 * 60 * 60 * 1000),
    });
  const declined = new Map<number, number>();
  const rows = (await listParticipantsWithoutConsent(db)).map((participant) => {
    let purposes: ConsentPurpose[] = [...CONSENT_PURPOSES];
    const count = declined.get(participant.testId) ?? 0;
    if (participant.points > 0 && count < DEMO_WITHOUT_AI) {
      declined.set(participant.testId, count + 1);
      purposes = purposes.filter((purpose) => purpose !== 'ai');
    }
    return {
      participantId: participant.id,
      termsId: participant.termsId,
      purposes,
      ...signing(participant.source, participant.startedAt?.getTime() ?? Date.now()),
    };
  });
  await insertConsentRecords(db, rows);
}

/** How and when a participant consented, and to which streams, by where it took part. */
function signing(source: ParticipantSource, startedAt: number) {
  if (source === 'webcam')
    // In the browser at the join, before the camera check and calibration.
    return { streams: WEBCAM_STREAMS, givenAt: new Date(startedAt - 4 * 60_000), method: 'online' as const };
  // Signed at the lab just before the recording.
  return {
    streams: LAB_STREAMS,
    givenAt: new Date(startedAt - 5 * 60_000),
    method: 'recorder' as const,
  };
}
