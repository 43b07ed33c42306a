import {
  type Insight,
  insightListAnswer,
  insightTextProblems,
  participantDetailSchema,
  type SignificantPoint,
  suggestionListAnswer,
} from '@limbus/contract';
import { DEMO_INSIGHT_TOPICS, DEMO_TAG_DESCRIPTIONS, EVENT_KINDS } from '@limbus/demo-data';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { signIn } from '../../test/factories.js';
import { labels, tags, testMetrics, tests } from '../db/schema.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { DEMO_PARTICIPANTS_PER_TEST, seedDemoWebTests } from './demo-recordings.js';

type WebTest = { id: number; companyId: number; platform: string; testType: string };
type Results = { insights: Insight[]; points: SignificantPoint[]; participants: number };

let t: TestApp;
let researcher: ApiClient;
let webTests: WebTest[];
const results = new Map<number, Results>();

beforeAll(async () => {
  t = await createTestApp();
  const now = new Date();
  await seedDemoData(t.db, now);
  await seedDemoWebTests(
    { db: t.db, files: t.files, log: t.app.log, clock: () => t.clock.now },
    { now, participantsPerTest: DEMO_PARTICIPANTS_PER_TEST },
  );
  researcher = apiClient(t.app, await signIn(t.app, 'researcher@limbus.test', DEMO_PASSWORD));
  webTests = await t.db
    .select({ id: tests.id, companyId: tests.companyId, platform: tests.platform, testType: tests.testType })
    .from(tests)
    .where(and(eq(tests.state, 'done'), ne(tests.platform, 'video')))
    .orderBy(asc(tests.id));
  for (const test of webTests) results.set(test.id, await readResults(test.id));
}, 300_000);
afterAll(() => t?.close());

async function readResults(testId: number): Promise<Results> {
  const insights = insightListAnswer.parse((await researcher.get(`/tests/${testId}/insights`)).json()).data
    .insights;
  const points: SignificantPoint[] = [];
  const participants = (await researcher.get(`/tests/${testId}/participants`)).json();
  for (const participant of participants) {
    const url = `/tests/${testId}/participants/${participant.id}?associations=significant_points`;
    points.push(
      ...(participantDetailSchema.parse((await researcher.get(url)).json()).significant_points ?? []),
    );
  }
  return { insights, points, participants: participants.length };
}

const resultsOf = (testId: number): Results => {
  const found = results.get(testId);
  if (!found) throw new Error(`no results read for test ${testId}`);
  return found;
};

describe('demo web tests', () => {
  it('gives each company a professional desktop test and an essential mobile test, and Globex and Initech a desktop test', () => {
    expect(webTests.map((test) => [test.companyId, test.platform, test.testType])).toEqual([
      [1, 'desktop', 'professional'],
      [1, 'mobile', 'essential'],
      [3, 'desktop', 'professional'],
      [3, 'mobile', 'essential'],
      [4, 'desktop', 'professional'],
      [5, 'desktop', 'professional'],
    ]);
  });

  it('issue 26: a webshop of the demo has a real category benchmark, of the five other E-commerce tests', async () => {
    const acme = webTests.find((test) => test.companyId === 3 && test.platform === 'desktop');
    const answer = (await researcher.get(`/tests/${acme?.id}/benchmark`)).json().data;
    expect(answer.category_group).toMatchObject({ tests: 5, is_shown: true });
    expect(answer.category_group.pages.length).toBeGreaterThan(0);
  });

  it('names the pages with their URLs and ranks them on at least 5 participants each', async () => {
    for (const test of webTests) {
      const pages = await t.db.select().from(labels).where(eq(labels.testId, test.id));
      expect(pages.map((page) => page.name)).toEqual([
        'Home',
        'Running shoes',
        'Runner 2',
        'Basket',
        'Checkout',
      ]);
      for (const page of pages) expect(page.urls[0]).toMatch(/^https:\/\/shop\.acme\.test\//);
      const [metrics] = await t.db
        .select()
        .from(testMetrics)
        .where(and(eq(testMetrics.testId, test.id), eq(testMetrics.kind, 'pages')));
      const ranked = metrics?.payload as { total_participants: number; average_time: number }[];
      expect(ranked).toHaveLength(5);
      for (const page of ranked) {
        expect(page.total_participants).toBeGreaterThanOrEqual(5);
        expect(page.average_time).toBeGreaterThan(0);
      }
    }
  });

  it('has feedback (points with comments) on at least four of the five pages, each point on one', async () => {
    for (const test of webTests) {
      const [metrics] = await t.db
        .select()
        .from(testMetrics)
        .where(and(eq(testMetrics.testId, test.id), eq(testMetrics.kind, 'pages')));
      const commented = new Set(
        resultsOf(test.id)
          .points.filter((point) => point.comment !== '')
          .map((point) => point.id),
      );
      const pages = metrics?.payload as { significant_points: { id: number }[] }[];
      const onPages = pages.flatMap((page) => page.significant_points.map((point) => point.id));
      expect(new Set(onPages).size, 'a point counts on one page only').toBe(onPages.length);
      const withFeedback = pages.filter((page) =>
        page.significant_points.some((point) => commented.has(point.id)),
      );
      expect(withFeedback.length, `test ${test.id}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('describes every tag in one line', async () => {
    for (const test of webTests) {
      const testTags = await t.db.select().from(tags).where(eq(tags.testId, test.id));
      expect(testTags.length).toBeGreaterThan(8);
      for (const tag of testTags) expect(tag.description).toBe(DEMO_TAG_DESCRIPTIONS[tag.name]);
    }
  });

  it('stores Dutch comments with their English translation, English ones without', () => {
    for (const test of webTests) {
      const commented = resultsOf(test.id).points.filter((point) => point.comment !== '');
      const translated = commented.filter((point) => point.translation !== '');
      expect(translated.length, `test ${test.id}`).toBeGreaterThan(5);
      for (const point of commented) {
        const kind = Object.values(EVENT_KINDS).find((candidate) =>
          (candidate.nl as readonly string[]).includes(point.comment),
        );
        const index = kind ? (kind.nl as readonly string[]).indexOf(point.comment) : -1;
        expect(point.translation).toBe(kind ? kind.en[index] : '');
      }
    }
  });
});

describe('demo insights', () => {
  it('numbers at least 8 insights per web test 1 to n, each a finding of its own', () => {
    for (const test of webTests) {
      const { insights } = resultsOf(test.id);
      expect(insights.length, `test ${test.id}`).toBeGreaterThanOrEqual(8);
      expect(insights.map((insight) => insight.assigned_id)).toEqual(insights.map((_, index) => index + 1));
      const titles = DEMO_INSIGHT_TOPICS.map((topic) => topic.title);
      for (const insight of insights) expect(titles).toContain(insight.title);
      expect(new Set(insights.map((insight) => insight.title)).size).toBe(insights.length);
    }
  });

  it('links points of the test’s own participants, highlights a commented one and puts the strongest first', () => {
    for (const test of webTests) {
      const { insights, points } = resultsOf(test.id);
      const ofTest = new Map(points.map((point) => [point.id, point]));
      const reach = insights.map(
        (insight) => new Set(insight.significant_points.map((point) => point.participant_id)).size,
      );
      expect(reach).toEqual([...reach].sort((a, b) => b - a));
      for (const insight of insights) {
        expect(insight.significant_points_ids.length).toBeGreaterThan(0);
        for (const id of insight.significant_points_ids) expect(ofTest.has(id)).toBe(true);
        expect(insight.significant_points_ids).toContain(insight.highlight_id);
        expect(ofTest.get(insight.highlight_id ?? 0)?.comment).not.toBe('');
        const topic = DEMO_INSIGHT_TOPICS.find((candidate) => candidate.title === insight.title);
        for (const point of insight.significant_points)
          expect(point.tags.map((tag) => tag.name)).toContain(topic?.tag);
      }
    }
  });

  it('issue 26, one name per participant: the seeded texts quote participants by their labels, never their ids', () => {
    for (const test of webTests) {
      const { insights } = resultsOf(test.id);
      const quoted = insights.filter((insight) =>
        insight.explanation.includes("In the researchers' notes: "),
      );
      expect(quoted.length).toBeGreaterThan(0);
      for (const insight of insights) {
        for (const text of [insight.explanation, insight.summary, insight.suggestion])
          expect(text).not.toMatch(/participant \d/i);
        const labels = new Set(insight.significant_points.map((point) => point.participant_label));
        for (const [, label] of insight.explanation.matchAll(/(?:notes: |; )(\S+) “/g))
          expect(labels).toContain(label);
      }
    }
  });

  it('issue 26: no seeded summary starts with its title, and no paragraph stands twice', () => {
    for (const test of webTests)
      for (const insight of resultsOf(test.id).insights)
        expect(insightTextProblems(insight), `insight “${insight.title}”`).toEqual([]);
  });

  it('writes the Data comments, explanation, summary and suggestion from the real counts', () => {
    for (const test of webTests) {
      for (const insight of resultsOf(test.id).insights) {
        const points = insight.significant_points;
        const participants = new Set(points.map((point) => point.participant_id)).size;
        expect(insight.eeg_comment).toContain(
          `peaked in ${participants} of ${resultsOf(test.id).participants} participants`,
        );
        expect(insight.eeg_comment).toContain(points.length === 1 ? '1 peak,' : `${points.length} peaks,`);
        expect(insight.eye_tracking_comment).toMatch(
          /^In the 2\.5 s before the peaks?, gaze rested most on /,
        );
        expect(insight.behavior_comment).toMatch(/after the page opened/);
        if (test.platform === 'mobile') expect(insight.touch_tracking_comment).toMatch(/\btap\b/);
        else expect(insight.touch_tracking_comment).toBe('');
        expect(insight.explanation).toContain(
          `What happened: ${participants} of ${resultsOf(test.id).participants} participants (`,
        );
        expect(insight.explanation).toContain(
          `${points.length} moment${points.length === 1 ? '' : 's'} in all`,
        );
        expect(insight.summary).toMatch(/^<p>.+<\/p>$/);
        expect(insight.suggestion).toContain('<strong>');
        expect(insight.focus_point).not.toBe('');
      }
    }
  });
});

describe('demo suggestions', () => {
  it('ranks several suggestions per test, each from an insight, with effort, impact and next step', async () => {
    for (const test of webTests) {
      const list = suggestionListAnswer.parse((await researcher.get(`/tests/${test.id}/suggestions`)).json())
        .data.suggestions;
      expect(list.length, `test ${test.id}`).toBeGreaterThanOrEqual(3);
      expect(list.map((suggestion) => suggestion.rank)).toEqual(list.map((_, index) => index + 1));
      const insights = new Map(resultsOf(test.id).insights.map((insight) => [insight.id, insight]));
      for (const suggestion of list) {
        const insight = insights.get(suggestion.insight_id ?? 0);
        expect(insight).toBeDefined();
        expect(insight?.suggestion).toContain(suggestion.title);
        expect([suggestion.effort, suggestion.impact, suggestion.next_step]).not.toContain(null);
        expect(suggestion.owner_id).not.toBeNull();
      }
    }
  });
});
