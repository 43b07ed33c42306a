import {
  DEFAULT_PAGE_FILTER,
  detectSignificantPoints,
  filterPageMetrics,
  metricIndex,
  type PageDefinition,
  type ParticipantPageData,
  pageMetrics,
  tagMetrics,
  topPages,
  topTags,
} from '../packages/analytics/src/index.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';
import { random, syntheticEmotions } from './synthetic.js';
import { measure } from './timing.js';

const PARTICIPANTS = 1000;
const PAGES = 20;
const TAGS = 30;

/** Page and tag metrics for 1,000 participants of 30 min (18k emotion samples, ~60 visits each). */
export function metricsBench(): BenchRow[] {
  const rnd = random(11);
  const pages: PageDefinition[] = Array.from({ length: PAGES }, (_, i) => ({
    id: i + 1,
    name: `Page ${i + 1}`,
    urls: [`https://shop.example.com/section-${i}`],
    matchType: i % 2 ? 'starts_with' : 'exact',
  }));
  const start = 1_700_000_000_000;
  const participants: ParticipantPageData[] = Array.from({ length: PARTICIPANTS }, (_, p) => {
    const emotions = syntheticEmotions(18_000, start, p + 1);
    const visits = [];
    let t = start;
    while (t < start + 1_790_000) {
      const len = 5_000 + rnd() * 45_000;
      const page = Math.floor(rnd() * PAGES);
      visits.push({
        url: `https://shop.example.com/section-${page}${page % 2 ? '/item?id=3' : ''}`,
        start: t,
        end: Math.min(t + len, start + 1_799_900),
      });
      t += len + 200;
    }
    const points = detectSignificantPoints(emotions).map((d, k) => ({
      id: p * 1000 + k,
      emotion: d.emotion,
      timestamp_top: d.timestamp_top,
    }));
    return { participantId: p + 1, visits, emotions, points };
  });
  const allPoints = participants.flatMap((p) =>
    p.points.map((q) => ({ ...q, participant_id: p.participantId })),
  );
  const tags = Array.from({ length: TAGS }, (_, i) => ({
    id: i + 1,
    name: `Tag ${i + 1}`,
    significant_points: allPoints.filter((_, k) => k % TAGS === i || k % 7 === i),
  }));
  const pageRun = measure(
    () => {
      const m = filterPageMetrics(pageMetrics(pages, participants), DEFAULT_PAGE_FILTER.minParticipants);
      metricIndex(m.map((x) => x.frustration));
      topPages(m, 'frustration');
    },
    5,
    1,
  );
  const tagRun = measure(
    () => {
      const m = tagMetrics(tags);
      topTags(m, 'joy');
    },
    5,
    1,
  );
  writeResult('page-tag-metrics', {
    participants: PARTICIPANTS,
    pages: PAGES,
    visits: participants.reduce((a, p) => a + p.visits.length, 0),
    emotionSamples: PARTICIPANTS * 18_000,
    tags: TAGS,
    taggedPoints: tags.reduce((a, t) => a + t.significant_points.length, 0),
    pageMetricsMedianMs: pageRun.wallMs,
    tagMetricsMedianMs: tagRun.wallMs,
  });
  return [
    {
      name: `page metrics, ${PARTICIPANTS} participants × 18k emotion samples, ${PAGES} pages (median)`,
      value: `${pageRun.wallMs.toFixed(0)} ms`,
      budget: '',
      isMet: true,
    },
    {
      name: `tag metrics, ${TAGS} tags, ${tags.reduce((a, t) => a + t.significant_points.length, 0)} tagged points (median)`,
      value: `${tagRun.wallMs.toFixed(1)} ms`,
      budget: '',
      isMet: true,
    },
  ];
}
