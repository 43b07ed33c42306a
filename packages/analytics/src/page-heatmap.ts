import type { GazeSamples } from './fixations.js';
import { clicksToPage, gazeToPage, type Platform } from './gaze.js';
import { type FirstSeconds, type HeatmapParticipant, selectHeatmapSamples } from './heatmap-samples.js';
import { pageVisits } from './page-visits.js';
import type { EyeSamples, MouseSamples } from './samples.js';
import { indicesAroundMoments } from './scroll-reach.js';
import { type MatchType, matchesAnyUrl } from './url-match.js';

/**
 * One participant's recorded streams; either may be missing. `moments` (epoch ms, e.g. the tops of
 * their frustration peaks) are used only when the points are limited to moments.
 */
export type PageHeatmapRecording = {
  eyes: EyeSamples | null;
  mice: MouseSamples | null;
  moments?: readonly number[];
};

/**
 * The gaze or click points of a heatmap page (spec 3 §2) in page px, with the number of
 * participants who visited it: a participant's page visits come from the mouse stream (a visit
 * ends when the URL changes or after more than 1 s between mouse samples, `pageVisits`); gaze is
 * mapped to the page with the scroll offset of the moment (`gazeToPage`, mobile offset 710),
 * clicks with their own sample's scroll (`clicksToPage`); then `selectHeatmapSamples` keeps the
 * points inside matching visits and, unless 'all', their first `firstSeconds` seconds. Without a
 * mouse stream nothing can be matched; without an eye stream a participant adds no gaze. With
 * `aroundMoments`, only the samples around each recording's `moments` count (`indicesAroundMoments`:
 * 2.5 s before to 0.5 s after), the emotion-coloured map's 'where attention went while it peaked'.
 */
export function pageHeatmapPoints(
  recordings: readonly PageHeatmapRecording[],
  page: { urls: readonly string[]; matchType: MatchType },
  kind: 'gaze' | 'clicks',
  platform: Platform,
  firstSeconds: FirstSeconds = 'all',
  aroundMoments = false,
): { x: Float32Array; y: Float32Array; participants: number } {
  const selected: HeatmapParticipant[] = [];
  for (const { eyes, mice, moments } of recordings) {
    if (!mice) continue;
    const visits = pageVisits(mice).filter((visit) => matchesAnyUrl(visit.url, page.urls, page.matchType));
    if (visits.length === 0) continue;
    const all = kind === 'clicks' ? clicksToPage(mice) : eyes ? gazeToPage(eyes, mice, platform) : EMPTY;
    const samples = aroundMoments
      ? pickSamples(all, indicesAroundMoments(all.timestamp, moments ?? []))
      : all;
    selected.push({ samples, visits });
  }
  const { x, y } = selectHeatmapSamples(selected, page, firstSeconds);
  return { x, y, participants: selected.length };
}

const EMPTY: GazeSamples = { timestamp: new Float64Array(0), x: new Float32Array(0), y: new Float32Array(0) };

function pickSamples(samples: GazeSamples, indices: readonly number[]): GazeSamples {
  const timestamp = new Float64Array(indices.length);
  const x = new Float32Array(indices.length);
  const y = new Float32Array(indices.length);
  indices.forEach((index, k) => {
    timestamp[k] = samples.timestamp[index] as number;
    x[k] = samples.x[index] as number;
    y[k] = samples.y[index] as number;
  });
  return { timestamp, x, y };
}
