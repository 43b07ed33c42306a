import {
  labelListAnswer,
  labelSchema,
  participantDetailSchema,
  SECTION_MESSAGES,
  sectionSchema,
  significantPointSchema,
  tagListAnswer,
  tagSchema,
} from '@limbus/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { jobs, sections, significantPoints } from '../../db/schema.js';
import { RECOMPUTE_TEST_METRICS } from '../ingestion/analysis.js';
import { listEditedPointKeys } from '../participants/participants.repository.js';
import { replacePoints } from '../participants/record-participant.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let testId: number;
let otherTestId: number;
let participantId: number;
let pointId: number;

const START = Date.UTC(2026, 0, 12, 9, 30);

beforeAll(async () => {
  const { t, world } = ctx;
  as = await signInWorld(t.app, world);
  testId = (await buildTest(t.db, world.client.id, RESULTS_READY)).id;
  otherTestId = (await buildTest(t.db, world.other.id, RESULTS_READY)).id;
  participantId = (
    await buildParticipant(t, testId, {
      significantPoints: [{ emotion: 'joy', timestampTop: START + 3000, score: 0.5, ranking: 1 }],
      sections: [],
    })
  ).id;
  const [point] = await t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(eq(significantPoints.participantId, participantId));
  if (!point) throw new Error('no point');
  pointId = point.id;
});

const queuedMetrics = async (test: number) =>
  (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, RECOMPUTE_TEST_METRICS))).filter(
    (job) => (job.payload as { test_id?: number }).test_id === test && job.state === 'queued',
  ).length;

describe('tags', () => {
  it('researchers add, rename and remove tags; names are unique per test, case-insensitive', async () => {
    const created = tagSchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/tags`, { tag: { name: 'Checkout' } }), 201),
    );
    expect(created).toMatchObject({ name: 'Checkout', test_id: testId });
    expectError(await as.staff.post(`/tests/${testId}/tags`, { tag: { name: 'checkout' } }), 'conflict', {
      name: 'This test has a tag of this name already',
    });
    // The same name in another test is another tag.
    expectOk(await as.superAdmin.post(`/tests/${otherTestId}/tags`, { tag: { name: 'Checkout' } }), 201);

    const renamed = tagSchema.parse(
      expectOk(await as.staff.patch(`/tags/${created.id}`, { tag: { name: 'Pay' } })),
    );
    expect(renamed.name).toBe('Pay');
    const { tags } = tagListAnswer.parse(expectOk(await as.clientMember.get(`/tests/${testId}/tags`)));
    expect(tags.map((tag) => tag.name)).toContain('Pay');
    expect(await queuedMetrics(testId)).toBeGreaterThan(0);

    expect((await as.staff.delete(`/tags/${created.id}`)).statusCode).toBe(204);
    expectError(await as.staff.delete(`/tags/${created.id}`), 'not_found');
  });

  it('client users read their own tests’ tags and write none', async () => {
    expectOk(await as.clientAdmin.get(`/tests/${testId}/tags`));
    expectError(await as.otherAdmin.get(`/tests/${testId}/tags`), 'not_found');
    expectError(await as.clientAdmin.post(`/tests/${testId}/tags`, { tag: { name: 'Mine' } }), 'forbidden');
    expectError(await as.staff.post(`/tests/999999/tags`, { tag: { name: 'Nowhere' } }), 'not_found');
  });
});

describe('labels (page titles)', () => {
  it('are listed as data.labels, created, changed and removed', async () => {
    const created = labelSchema.parse(
      expectOk(
        await as.staff.post(`/tests/${testId}/labels`, {
          label: { name: 'Basket', urls: ['https://shop.example/basket'] },
        }),
        201,
      ),
    );
    expect(created).toMatchObject({
      name: 'Basket',
      urls: ['https://shop.example/basket'],
      match_type: 'starts_with',
    });
    const changed = labelSchema.parse(
      expectOk(
        await as.staff.patch(`/tests/${testId}/labels/${created.id}`, {
          label: { urls: ['https://shop.example/cart'], match_type: 'exact' },
        }),
      ),
    );
    expect(changed).toMatchObject({
      name: 'Basket',
      urls: ['https://shop.example/cart'],
      match_type: 'exact',
    });
    const { data } = labelListAnswer.parse(expectOk(await as.clientMember.get(`/tests/${testId}/labels`)));
    expect(data.labels.find((label) => label.id === created.id)?.urls).toEqual(['https://shop.example/cart']);
    expectError(await as.demoUser.get(`/tests/${testId}/labels`), 'not_found');
    expectError(
      await as.clientAdmin.post(`/tests/${testId}/labels`, { label: { name: 'Mine' } }),
      'forbidden',
    );
  });

  it('an empty change of a label is refused with a message, not a server error', async () => {
    const label = labelSchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/labels`, { label: { name: 'Search' } }), 201),
    );
    const answer = await as.staff.patch(`/tests/${testId}/labels/${label.id}`, { label: {} });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(/name|URLs/) });
  });

  it('a label of one test cannot be reached through another', async () => {
    const label = labelSchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/labels`, { label: { name: 'Home' } }), 201),
    );
    expectError(
      await as.staff.patch(`/tests/${otherTestId}/labels/${label.id}`, { label: { name: 'x' } }),
      'not_found',
    );
    expectError(await as.staff.delete(`/tests/${otherTestId}/labels/${label.id}`), 'not_found');
    expect((await as.staff.delete(`/tests/${testId}/labels/${label.id}`)).statusCode).toBe(204);
    const { data } = labelListAnswer.parse(expectOk(await as.clientMember.get(`/tests/${testId}/labels`)));
    expect(data.labels.map((l) => l.id)).not.toContain(label.id);
  });
});

describe('significant points', () => {
  it('are read by the test’s readers and changed by researchers, who mark them edited', async () => {
    const point = significantPointSchema.parse(
      expectOk(await as.clientMember.get(`/participant_data/significant_points/${pointId}`)),
    );
    expect(point).toMatchObject({
      id: pointId,
      emotion: 'joy',
      comment: '',
      false_positive: false,
      tags: [],
    });
    expectError(await as.otherAdmin.get(`/participant_data/significant_points/${pointId}`), 'not_found');
    expectError(
      await as.clientAdmin.patch(`/participant_data/significant_points/${pointId}`, { comment: 'x' }),
      'forbidden',
    );

    const changed = significantPointSchema.parse(
      expectOk(
        await as.staff.patch(`/participant_data/significant_points/${pointId}`, {
          comment: 'Could not find the button',
          false_positive: true,
        }),
      ),
    );
    expect(changed).toMatchObject({ comment: 'Could not find the button', false_positive: true });
    expect(await listEditedPointKeys(ctx.t.db, participantId)).toHaveLength(1);
  });

  it('takes tags of the same test only, and replaces the point’s tags with them', async () => {
    const own = tagSchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/tags`, { tag: { name: 'Slow' } }), 201),
    );
    const second = tagSchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/tags`, { tag: { name: 'Price' } }), 201),
    );
    const foreign = tagSchema.parse(
      expectOk(await as.staff.post(`/tests/${otherTestId}/tags`, { tag: { name: 'Foreign' } }), 201),
    );
    const url = `/participant_data/significant_points/${pointId}`;
    expectError(await as.staff.patch(url, { tag_ids: [own.id, foreign.id] }), 'validation', {
      tag_ids: 'Every tag must be a tag of the same test',
    });
    const tagged = significantPointSchema.parse(
      expectOk(await as.staff.patch(url, { tag_ids: [own.id, second.id] })),
    );
    expect(tagged.tags.map((tag) => tag.name)).toEqual(['Price', 'Slow']);
    const retagged = significantPointSchema.parse(
      expectOk(await as.staff.patch(url, { tag_ids: [second.id] })),
    );
    expect(retagged.tags).toEqual([{ id: second.id, name: 'Price' }]);
  });

  it('an edited point survives a recomputation of the points', async () => {
    await ctx.t.db.transaction((tx) => replacePoints(tx, testId, participantId, []));
    const kept = significantPointSchema.parse(
      expectOk(await as.staff.get(`/participant_data/significant_points/${pointId}`)),
    );
    expect(kept.comment).toBe('Could not find the button');
  });
});

describe('sections', () => {
  const post = (start: number, end: number, labelId: number | null = null) =>
    as.staff.post('/sections', {
      section: {
        participant_id: participantId,
        timestamp_start: start,
        timestamp_end: end,
        label_id: labelId,
      },
    });
  const storedSpans = async () =>
    (
      await ctx.t.db
        .select({ start: sections.timestampStart, end: sections.timestampEnd })
        .from(sections)
        .where(eq(sections.participantId, participantId))
        .orderBy(sections.timestampStart)
    ).map((row) => [row.start - START, row.end - START]);

  it('creates a section linked to a page title of the same test', async () => {
    const label = labelSchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/labels`, { label: { name: 'Product' } }), 201),
    );
    const section = sectionSchema.parse(expectOk(await post(START + 1000, START + 2000, label.id), 201));
    expect(section).toMatchObject({
      participant_id: participantId,
      timestamp_start: START + 1000,
      timestamp_end: START + 2000,
      label: { id: label.id, name: 'Product' },
    });
    const detail = participantDetailSchema.parse(
      expectOk(
        await as.clientMember.get(`/tests/${testId}/participants/${participantId}?associations=sections`),
      ),
    );
    expect(detail.sections?.map((s) => s.id)).toEqual([section.id]);
  });

  it('refuses an end before the start and a section covering another, with the spec messages', async () => {
    const before = await storedSpans();
    expectError(await post(START + 5000, START + 4000), 'validation', {
      section: SECTION_MESSAGES.endBeforeStart,
    });
    const covering = await post(START + 500, START + 2500);
    expectError(covering, 'validation', { section: SECTION_MESSAGES.coversOther });
    expect(covering.json().message).toBe(SECTION_MESSAGES.coversOther);
    expectError(await post(START + 1200, START + 1800), 'validation', {
      section: SECTION_MESSAGES.coversOther,
    });
    expect(await storedSpans()).toEqual(before);
  });

  it('moves a partly overlapping boundary to 1 ms outside its neighbour and answers the stored section', async () => {
    const after = sectionSchema.parse(expectOk(await post(START + 1500, START + 3000), 201));
    expect([after.timestamp_start - START, after.timestamp_end - START]).toEqual([2001, 3000]);
    const before = sectionSchema.parse(expectOk(await post(START + 200, START + 1100), 201));
    expect([before.timestamp_start - START, before.timestamp_end - START]).toEqual([200, 999]);
    expect(await storedSpans()).toEqual([
      [200, 999],
      [1000, 2000],
      [2001, 3000],
    ]);
  });

  it('applies the same rules when a section is changed, and keeps its own span out of them', async () => {
    const [first] = await ctx.t.db
      .select()
      .from(sections)
      .where(and(eq(sections.participantId, participantId), eq(sections.timestampStart, START + 200)));
    if (!first) throw new Error('no section');
    // Moving its own end within itself is no overlap with itself; into the neighbour it is moved back.
    const moved = sectionSchema.parse(
      expectOk(await as.staff.patch(`/sections/${first.id}`, { section: { timestamp_end: START + 1500 } })),
    );
    expect(moved.timestamp_end - START).toBe(999);
    expectError(
      await as.staff.patch(`/sections/${first.id}`, { section: { timestamp_end: START + 2500 } }),
      'validation',
      {
        section: SECTION_MESSAGES.coversOther,
      },
    );
    expectError(
      await as.staff.patch(`/sections/${first.id}`, { section: { timestamp_start: START + 999 } }),
      'validation',
      {
        section: SECTION_MESSAGES.endBeforeStart,
      },
    );
    const relabelled = sectionSchema.parse(
      expectOk(await as.staff.patch(`/sections/${first.id}`, { section: { label_id: null } })),
    );
    expect(relabelled.label).toBeNull();
  });

  it('refuses a page title of another test, and writes by client users', async () => {
    const foreign = labelSchema.parse(
      expectOk(await as.staff.post(`/tests/${otherTestId}/labels`, { label: { name: 'Foreign' } }), 201),
    );
    expectError(await post(START + 8000, START + 9000, foreign.id), 'validation', {
      label_id: 'The page title must belong to the same test',
    });
    expectError(
      await as.clientAdmin.post('/sections', {
        section: {
          participant_id: participantId,
          timestamp_start: START + 8000,
          timestamp_end: START + 9000,
        },
      }),
      'forbidden',
    );
    expectError(
      await as.staff.post('/sections', {
        section: { participant_id: 999999, timestamp_start: START, timestamp_end: START + 1 },
      }),
      'not_found',
    );
  });

  it('removes a section', async () => {
    const section = sectionSchema.parse(expectOk(await post(START + 6000, START + 7000), 201));
    expect((await as.staff.delete(`/sections/${section.id}`)).statusCode).toBe(204);
    expectError(await as.staff.delete(`/sections/${section.id}`), 'not_found');
    expectError(
      await as.staff.patch(`/sections/${section.id}`, { section: { label_id: null } }),
      'not_found',
    );
  });
});
