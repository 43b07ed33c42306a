import type { RemoteSessionProgress } from '@limbus/contract';

/**
 * Where a reloaded session goes on (docs/remote-studies.md 'Resuming after a reload'), from what
 * the server says of it and whether this tab kept the calibration's gaze model:
 * - ended, or stopped by a calibration that stayed too inaccurate: the thank-you (whose end the
 *   server answers again, with the redirect);
 * - answers saved: the thank-you (the study and its questions are behind);
 * - without gaze (not consented to, or the calibration said to go on without it): the study,
 *   from its start;
 * - calibration passed and the model kept: the camera's check (the camera starts again), then the
 *   study from its start with that model;
 * - otherwise (consent given, no calibration passed yet, or a recalibration asked, or the model
 *   lost): the camera's check, then the calibration, numbered on from the server's last attempt.
 */
export type ResumePlan =
  | { step: 'finish'; stopped: boolean }
  | { step: 'stimulus' }
  | { step: 'check'; next: 'calibration' | 'stimulus' };

export function resumePlanOf(progress: RemoteSessionProgress, hasModel: boolean): ResumePlan {
  const verdict = progress.validation?.verdict ?? null;
  if (progress.ended || verdict === 'stop') return { step: 'finish', stopped: verdict === 'stop' };
  if (progress.answered) return { step: 'finish', stopped: false };
  if (!progress.streams.includes('eyes') || verdict === 'continue_without_gaze') return { step: 'stimulus' };
  if (verdict === 'passed' && hasModel) return { step: 'check', next: 'stimulus' };
  return { step: 'check', next: 'calibration' };
}
