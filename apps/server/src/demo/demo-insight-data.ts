import type { Platform } from '@limbus/demo-data';
import { ACTION_WINDOW_MS, GAZE_WINDOW_MS, type PointContext } from './demo-point-context.js';

/** The Data section of an insight: what each measurement shows at its points. */
export type InsightDataComments = {
  eeg_comment: string;
  eye_tracking_comment: string;
  behavior_comment: string;
  /** Mobile tests only: on desktop the pointer is a mouse (behavior_comment). */
  touch_tracking_comment: string;
};

/** Values by how often they occur, most first (ties in first-seen order). */
export function ranked<T>(values: readonly T[]): { value: T; count: number }[] {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const seconds = (ms: number) => Math.round(ms / 1000);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const span = (low: number, high: number, digits: number) =>
  low.toFixed(digits) === high.toFixed(digits)
    ? low.toFixed(digits)
    : `${low.toFixed(digits)} to ${high.toFixed(digits)}`;

/**
 * The four Data comments of an insight, written from its points and what the recordings show
 * around them (demo-point-context): counts, scores, regions looked at, timing, clicks or taps.
 */
export function insightDataComments(
  points: readonly PointContext[],
  testParticipants: number,
  platform: Platform,
): InsightDataComments {
  return {
    eeg_comment: eegComment(points, testParticipants),
    eye_tracking_comment: eyeTrackingComment(points),
    behavior_comment: [timingComment(points), platform === 'desktop' ? pointerComment(points, 'click') : '']
      .filter(Boolean)
      .join(' '),
    touch_tracking_comment: platform === 'mobile' ? pointerComment(points, 'tap') : '',
  };
}

function eegComment(points: readonly PointContext[], testParticipants: number): string {
  const emotion = ranked(points.map((point) => point.emotion))[0]?.value ?? 'emotion';
  const participants = new Set(points.map((point) => point.participantId)).size;
  const [page] = ranked(points.flatMap((point) => (point.page ? [point.page] : [])));
  const where = !page
    ? ''
    : page.count === points.length
      ? ` on the ${page.value} page`
      : `, mostly on the ${page.value} page (${page.count} of ${points.length} peaks)`;
  const scores = points.map((point) => point.score);
  const peaks = points.length === 1 ? '1 peak' : `${points.length} peaks`;
  return `${capitalized(emotion)} peaked in ${participants} of ${testParticipants} participants${where}: ${peaks}, ${span(Math.min(...scores), Math.max(...scores), 1)} standard deviations above each participant’s usual level.`;
}

function eyeTrackingComment(points: readonly PointContext[]): string {
  const regions = ranked(points.flatMap((point) => (point.gazeRegion ? [point.gazeRegion] : [])));
  const before = `In the ${GAZE_WINDOW_MS / 1000} s before ${points.length === 1 ? 'the peak' : 'the peaks'}`;
  const [first, ...others] = regions;
  if (!first) return `${before} no gaze was recorded (blinks or the tracker lost the eyes).`;
  const then = others
    .slice(0, 2)
    .map((region) => `${region.value} (${region.count})`)
    .join(', ');
  const lost = points.length - regions.reduce((sum, region) => sum + region.count, 0);
  return `${before}, gaze rested most on ${first.value} (${first.count} of ${points.length})${then ? `, then ${then}` : ''}${lost > 0 ? `; no gaze was recorded for ${lost}` : ''}.`;
}

function timingComment(points: readonly PointContext[]): string {
  const onPage = points.flatMap((point) => (point.msOnPage === null ? [] : [point.msOnPage]));
  if (onPage.length === 0) return '';
  if (points.length === 1) return `The peak came ${seconds(median(onPage))} s after the page opened.`;
  return `The peaks came a median ${seconds(median(onPage))} s after the page opened (${span(seconds(Math.min(...onPage)), seconds(Math.max(...onPage)), 0)} s).`;
}

/** How many peaks followed a click (or tap) within ACTION_WINDOW_MS, and the scrolling in that time. */
function pointerComment(points: readonly PointContext[], action: 'click' | 'tap'): string {
  const window = `${ACTION_WINDOW_MS / 1000} s`;
  const scrolled = Math.round(mean(points.map((point) => point.scrollPx)));
  const moved = action === 'click' ? 'the page scrolled' : 'participants swiped the page';
  const followed = points.filter((point) => point.clicks > 0).length;
  if (points.length === 1)
    return `${followed === 1 ? `A ${action} came` : `No ${action} came`} in the ${window} before the peak, and ${moved} ${scrolled} px.`;
  return `${followed} of ${points.length} peaks came within ${window} of a ${action}; ${moved} ${scrolled} px on average in those ${window}.`;
}
