import { type Emotion, type EyeSamples, gazeToPage, type MouseSamples } from '@limbus/analytics';
import { isInsideRegion, type LayoutPage, type Platform, siteLayout } from '@limbus/demo-data';
import type { Deps } from '../deps.js';
import { loadStream } from '../modules/participants/participant-streams.js';
import {
  listFinishedParticipantRows,
  listSectionRows,
  listSignificantPointRows,
  type SectionRow,
  type SignificantPointRow,
} from '../modules/participants/participants.service.js';

/** Gaze this long before a peak shows what caused it: an emotion takes 0.8–2 s to rise to its peak. */
export const GAZE_WINDOW_MS = 2500;
/** Clicks, taps and scrolling this long before a peak count as leading up to it. */
export const ACTION_WINDOW_MS = 5000;

/** A significant point of a web test with what the recording shows around it. */
export type PointContext = {
  id: number;
  participantId: number;
  emotion: Emotion;
  score: number;
  comment: string;
  tags: string[];
  /** The page title (label) of the section the peak lies in; null between pages. */
  page: string | null;
  /** Since the participant opened that page; null between pages. */
  msOnPage: number | null;
  /** The region of the page that gaze rested on most in the GAZE_WINDOW_MS before the peak. */
  gazeRegion: string | null;
  /** Clicks (taps on mobile) in the ACTION_WINDOW_MS before the peak. */
  clicks: number;
  /** How far the page scrolled in the ACTION_WINDOW_MS before the peak, px up and down. */
  scrollPx: number;
};

type Streams = { eyes: EyeSamples; mice: MouseSamples } | null;

/**
 * What the stored recordings of a web test say around each of its significant points: the page
 * (from the sections), the region of the demo shop's layout looked at, clicks and scrolling (from
 * the eye and mouse streams), as a researcher reads them beside a recording.
 */
export async function loadPointContexts(
  deps: Pick<Deps, 'db' | 'files'>,
  testId: number,
  platform: Platform,
): Promise<{ participants: number; points: PointContext[] }> {
  const pages = new Map(siteLayout(platform).pages.map((page) => [page.url, page]));
  const participants = await listFinishedParticipantRows(deps.db, testId);
  const points: PointContext[] = [];
  for (const participant of participants) {
    const streams = await loadStreams(deps, participant.id);
    const gaze = streams && gazeToPage(streams.eyes, streams.mice, platform);
    const sections = await listSectionRows(deps.db, participant.id);
    for (const point of await listSignificantPointRows(deps.db, participant.id)) {
      const section = sectionAt(sections, point.timestampTop);
      points.push({
        ...pointFields(point),
        page: section?.labelName ?? null,
        msOnPage: section ? point.timestampTop - section.timestampStart : null,
        gazeRegion: streams && gaze ? gazeRegion(gaze, streams.mice, pages, point.timestampTop) : null,
        ...(streams ? actionsBefore(streams.mice, point.timestampTop) : { clicks: 0, scrollPx: 0 }),
      });
    }
  }
  return { participants: participants.length, points };
}

async function loadStreams(deps: Pick<Deps, 'db' | 'files'>, participantId: number): Promise<Streams> {
  const eyes = await loadStream(deps, participantId, 'eyes');
  const mice = await loadStream(deps, participantId, 'mice');
  return eyes?.kind === 'eyes' && mice?.kind === 'mice' ? { eyes: eyes.samples, mice: mice.samples } : null;
}

const pointFields = (point: SignificantPointRow) => ({
  id: point.id,
  participantId: point.participantId,
  emotion: point.emotion,
  score: point.score,
  comment: point.comment,
  tags: point.tags.map((tag) => tag.name),
});

const sectionAt = (sections: SectionRow[], at: number) =>
  sections.find((section) => section.timestampStart <= at && at <= section.timestampEnd);

/** The first index whose time is at least `at` (or after it, when `isAfter`): a binary search over ascending times. */
function firstIndex(timestamps: Float64Array, at: number, isAfter = false): number {
  let low = 0;
  let high = timestamps.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const time = timestamps[middle] as number;
    if (time < at || (isAfter && time === at)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The smallest region of the page holding the position: the most specific thing looked at. */
function regionAt(page: LayoutPage, x: number, y: number): string | null {
  let best: { name: string; area: number } | null = null;
  for (const region of page.regions) {
    const area = region.width * region.height;
    if (isInsideRegion(region, x, y) && (!best || area < best.area)) best = { name: region.name, area };
  }
  return best?.name ?? null;
}

/** The region most gaze samples fall in during the GAZE_WINDOW_MS before `at`; lost samples are skipped. */
function gazeRegion(
  gaze: ReturnType<typeof gazeToPage>,
  mice: MouseSamples,
  pages: ReadonlyMap<string, LayoutPage>,
  at: number,
): string | null {
  const counts = new Map<string, number>();
  const end = firstIndex(gaze.timestamp, at);
  for (let i = firstIndex(gaze.timestamp, at - GAZE_WINDOW_MS); i < end; i++) {
    const x = gaze.x[i] as number;
    const y = gaze.y[i] as number;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    // The page is the one of the latest mouse sample at or before the gaze sample.
    const mouse = Math.max(0, firstIndex(mice.timestamp, gaze.timestamp[i] as number, true) - 1);
    const page = pages.get(mice.urls[mice.urlIndex[mouse] as number] ?? '');
    const region = page && regionAt(page, x, y);
    if (region) counts.set(region, (counts.get(region) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Clicks and scrolled pixels of the mouse or touch stream in the ACTION_WINDOW_MS before `at`. */
function actionsBefore(mice: MouseSamples, at: number): { clicks: number; scrollPx: number } {
  let clicks = 0;
  let scrollPx = 0;
  const start = firstIndex(mice.timestamp, at - ACTION_WINDOW_MS);
  const end = firstIndex(mice.timestamp, at);
  for (let i = start; i < end; i++) {
    if (mice.click[i] === 1) clicks++;
    if (i > start && mice.urlIndex[i] === mice.urlIndex[i - 1])
      scrollPx += Math.abs((mice.scrollY[i] as number) - (mice.scrollY[i - 1] as number));
  }
  return { clicks, scrollPx };
}
