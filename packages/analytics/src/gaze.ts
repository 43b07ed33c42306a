import type { GazeSamples } from './fixations.js';
import { MOBILE_OFFSET_X, type MouseSamples } from './samples.js';

export type Platform = 'desktop' | 'mobile';

/**
 * Maps gaze from the eye tracker's 1920×1080 reference frame to page coordinates (px):
 * x stays as is on desktop and becomes x − MOBILE_OFFSET_X (710) on mobile, where the phone's
 * screen starts 710 px from the left of the frame; y gains the page's scroll offset at that
 * moment, taken from the mouse or touch stream (the latest sample at or before the gaze sample,
 * the first one before the stream starts, 0 without a stream). Lost samples stay NaN.
 * Both streams ascend in time; one merge pass, O(gaze + mouse).
 */
export function gazeToPage(
  gaze: GazeSamples,
  mouse: Pick<MouseSamples, 'timestamp' | 'scrollY'> | null,
  platform: Platform,
): GazeSamples {
  const n = gaze.timestamp.length;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const dx = platform === 'mobile' ? -MOBILE_OFFSET_X : 0;
  const mt = mouse?.timestamp;
  const ms = mouse?.scrollY;
  const m = mt?.length ?? 0;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const ti = gaze.timestamp[i] as number;
    while (mt && j + 1 < m && (mt[j + 1] as number) <= ti) j++;
    const scroll = ms && m > 0 ? (ms[j] as number) : 0;
    x[i] = (gaze.x[i] as number) + dx;
    y[i] = (gaze.y[i] as number) + scroll;
  }
  return { timestamp: gaze.timestamp, x, y };
}

/**
 * The clicks of a mouse or touch stream as points in page coordinates (px): x as is,
 * y + scrollY of the same sample. Times in ms.
 */
export function clicksToPage(
  mouse: Pick<MouseSamples, 'timestamp' | 'x' | 'y' | 'scrollY' | 'click'>,
): GazeSamples {
  let count = 0;
  for (let i = 0; i < mouse.click.length; i++) if (mouse.click[i] === 1) count++;
  const timestamp = new Float64Array(count);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  let k = 0;
  for (let i = 0; i < mouse.click.length; i++) {
    if (mouse.click[i] !== 1) continue;
    timestamp[k] = mouse.timestamp[i] as number;
    x[k] = mouse.x[i] as number;
    y[k] = (mouse.y[i] as number) + (mouse.scrollY[i] as number);
    k++;
  }
  return { timestamp, x, y };
}
