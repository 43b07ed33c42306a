import {
  consultancyNoteListAnswer,
  consultancyNoteSchema,
  NORM_MINIMUM_TESTS,
  participantListAnswer,
  participantSummarySchema,
  qualitativeFeedbackSchema,
  SHOWN_ASSOCIATIONS_MAX,
  VIDEO_RESULT_MESSAGES,
  videoNormsSchema,
  videoResultsSchema,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  answers,
  categories,
  consentRecords,
  consentTerms,
  labels,
  participants,
  testQuestions,
  tests,
  videoScoreMeans,
} from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
/** A done video test of the client with a processed result: two scenes, 10 s. */
let testId: number;
let sceneIds: number[];
let viewerId: number;

const START = Date.UTC(2026, 0, 12, 9, 30);

async function videoTest(companyId: number, addons: string[] = ['individual_participant']) {
  return (await buildTest(ctx.t.db, companyId, { platform: 'video', addons, ...RESULTS_READY })).id;
}

const results = async (id = testId) =>
  videoResultsSchema.parse(expectOk(await as.clientAdmin.get(`/tests/${id}/video_results`)));
const threeNotes = (labelId: number) =>
  [0, 1, 2].map((noteType) => ({ note_type: noteType, note: '', label_id: labelId }));
const batchCreate = (body: object) => as.staff.post('/consultancy_notes/batch_create', body);

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  testId = await videoTest(ctx.world.client.id);
  viewerId = (
    await buildParticipant(ctx.t, testId, { demographic: { age: 30, gender: 'male', education: null } })
  ).id;
  const generated = await buildParticipant(ctx.t, testId, {
    realId: 'generated-1',
    demographic: { age: 90, gender: 'female', education: null },
  });
  // Generated viewers are created left out of the metrics (POST /generated_viewers does so).
  await ctx.t.db
    .update(participants)
    .set({ excludedFromMetrics: true })
    .where(eq(participants.id, generated.id));
  await buildParticipant(ctx.t, testId, {
    type: 'video_heatmap',
    realId: 'video-heatmap',
    recording: { startMs: START, durationMs: 10_000 },
    sections: [
      { timestampStart: START, timestampEnd: START + 3999, label: { name: 'Opening', urls: [] } },
      { timestampStart: START + 4000, timestampEnd: START + 9999, label: { name: 'Product', urls: [] } },
    ],
  });
  sceneIds = (await results()).scenes.map((scene) => scene.label_id);
});

describe('GET /tests/:id/video_results', () => {
  it('answers stats of the real viewers (not generated ones), scores in steps and the scenes in video time', async () => {
    const answer = await results();
    expect(answer.stats).toEqual({
      participants: 1,
      male: 1,
      female: 0,
      average_age: 30,
      target_group: 'default',
      custom_target: '',
    });
    expect(answer).toMatchObject({ has_results: true, processing: false, duration_ms: 10_000 });
    expect(answer.scenes.map(({ name, start_ms, end_ms }) => ({ name, start_ms, end_ms }))).toEqual([
      { name: 'Opening', start_ms: 0, end_ms: 3999 },
      { name: 'Product', start_ms: 4000, end_ms: 9999 },
    ]);
    expect(answer.scores.length).toBeGreaterThan(30);
    expect(answer.scores.every((score) => score.t >= 0 && score.t < 10_000)).toBe(true);
  });

  it('answers no results before processing, and 409 for a web test', async () => {
    const fresh = await results(await videoTest(ctx.world.client.id));
    expect(fresh).toMatchObject({ has_results: false, scenes: [], scores: [], video_participant_id: null });
    const webTest = (await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY)).id;
    expectError(await as.clientAdmin.get(`/tests/${webTest}/video_results`), 'conflict');
  });
});

describe('POST /tests/:id/generated_viewers', () => {
  it('adds one generated viewer of the video, left out of the stats', async () => {
    const before = (await results()).stats.participants;
    const viewer = participantSummarySchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/generated_viewers`, {}), 201),
    );
    expect(viewer.real_id).toMatch(/^generated-/);
    expect(viewer.time_to_complete_ms).toBe(10_000);
    expect((await results()).stats.participants).toBe(before);
    expectError(await as.clientAdmin.post(`/tests/${testId}/generated_viewers`, {}), 'forbidden');
  });
});

describe('POST /consultancy_notes/batch_create', () => {
  it('creates the three notes of a scene; each is saved on its own; the client reads them', async () => {
    const [sceneId] = sceneIds as [number];
    const created = consultancyNoteListAnswer.parse(
      expectOk(await batchCreate({ consultancy_notes: threeNotes(sceneId) }), 201),
    ).consultancy_notes;
    expect(created.map((note) => note.note_type)).toEqual([0, 1, 2]);
    const [summary, explanation] = created;
    if (!summary || !explanation) throw new Error('no notes');
    const saved = consultancyNoteSchema.parse(
      expectOk(
        await as.staff.patch(`/consultancy_notes/${summary.id}`, {
          consultancy_note: { note: 'The opening holds attention.' },
        }),
      ),
    );
    expect(saved.note).toBe('The opening holds attention.');
    const listed = consultancyNoteListAnswer.parse(
      expectOk(await as.clientAdmin.get(`/tests/${testId}/consultancy_notes`)),
    ).consultancy_notes;
    expect(listed.find((note) => note.id === explanation.id)?.note).toBe('');
    const scene = (await results()).scenes.find((candidate) => candidate.label_id === sceneId);
    expect(scene?.notes.find((note) => note.note_type === 0)?.note).toBe('The opening holds attention.');
  });

  it('refuses a second note of a type for a scene (409) and the same type twice in one list (400)', async () => {
    const sceneId = sceneIds[1] as number;
    expectOk(await batchCreate({ consultancy_notes: [{ note_type: 0, note: 'x', label_id: sceneId }] }), 201);
    expectError(
      await batchCreate({ consultancy_notes: [{ note_type: 0, note: 'y', label_id: sceneId }] }),
      'conflict',
    );
    expectError(
      await batchCreate({
        consultancy_notes: [
          { note_type: 1, note: 'a', label_id: sceneId },
          { note_type: 1, note: 'b', label_id: sceneId },
        ],
      }),
      'validation',
      { consultancy_notes: VIDEO_RESULT_MESSAGES.duplicateNote },
    );
  });

  it('refuses a wrong note_type, an empty list, a scene of another test and an unknown scene', async () => {
    const sceneId = sceneIds[1] as number;
    expectError(
      await batchCreate({ consultancy_notes: [{ note_type: 3, note: '', label_id: sceneId }] }),
      'validation',
    );
    expectError(await batchCreate({ consultancy_notes: [] }), 'validation', {
      consultancy_notes: 'Send at least one note',
    });
    const otherTest = await videoTest(ctx.world.other.id);
    const [foreign] = await ctx.t.db
      .insert(labels)
      .values({ testId: otherTest, name: 'Elsewhere' })
      .returning({ id: labels.id });
    const foreignId = foreign?.id as number;
    expectError(
      await batchCreate({
        consultancy_notes: [
          { note_type: 2, note: '', label_id: sceneId },
          { note_type: 2, note: '', label_id: foreignId },
        ],
      }),
      'validation',
      { consultancy_notes: VIDEO_RESULT_MESSAGES.labelsOfOneTest },
    );
    expectError(
      await batchCreate({ consultancy_notes: [{ note_type: 2, note: '', label_id: 2 ** 31 - 1 }] }),
      'not_found',
    );
  });

  it('is the research area’s: client users of the company and of another company are refused', async () => {
    const body = { consultancy_notes: threeNotes(sceneIds[1] as number) };
    expectError(await as.clientAdmin.post('/consultancy_notes/batch_create', body), 'forbidden');
    expectError(await as.otherAdmin.post('/consultancy_notes/batch_create', body), 'forbidden');
    expectError(await as.otherAdmin.get(`/tests/${testId}/consultancy_notes`), 'not_found');
  });
});

describe('the add-on individual_participant', () => {
  it('locks a video test’s participants for client users without it, on every participant call', async () => {
    const locked = await videoTest(ctx.world.client.id, []);
    const pid = (await buildParticipant(ctx.t, locked)).id;
    for (const url of [
      `/tests/${locked}/participants`,
      `/tests/${locked}/participants/${pid}`,
      `/tests/${locked}/participants/${pid}/favourite`,
      `/tests/${locked}/participants/${pid}/streams/emotions`,
    ])
      expectError(await as.clientAdmin.get(url), 'forbidden');
    expect(
      participantListAnswer.parse(expectOk(await as.staff.get(`/tests/${locked}/participants`))),
    ).toHaveLength(1);
  });

  it('with it, the favourite toggles on and off again', async () => {
    const url = `/tests/${testId}/participants/${viewerId}/favourite`;
    const first = participantSummarySchema.parse(expectOk(await as.clientMember.get(url)));
    const second = participantSummarySchema.parse(expectOk(await as.clientMember.get(url)));
    expect([first.favourite, second.favourite]).toEqual([true, false]);
  });
});

describe('qualitative feedback', () => {
  let associationIds: number[];

  beforeAll(async () => {
    const rows = await ctx.t.db
      .insert(testQuestions)
      .values([
        ...['Energetic', 'Funny', 'Boring', 'Inspiring', 'Sporty', 'Premium'].map((text, position) => ({
          testId,
          kind: 'association' as const,
          text,
          position,
        })),
        { testId, kind: 'scale' as const, text: 'Appeal', position: 0 },
        { testId, kind: 'open' as const, text: 'What do you remember?', position: 0 },
      ])
      .returning({ id: testQuestions.id, kind: testQuestions.kind, text: testQuestions.text });
    associationIds = rows.filter((row) => row.kind === 'association').map((row) => row.id);
    const byText = new Map(rows.map((row) => [row.text, row.id]));
    await ctx.t.db.insert(answers).values([
      { questionId: byText.get('Funny') as number, participantId: viewerId, checked: true },
      { questionId: byText.get('Appeal') as number, participantId: viewerId, score: 4 },
      {
        questionId: byText.get('What do you remember?') as number,
        participantId: viewerId,
        text: 'The dog.',
        translation: 'Der Hund.',
      },
    ]);
  });

  it('answers associations by count, scale averages and open answers', async () => {
    const feedback = qualitativeFeedbackSchema.parse(
      expectOk(await as.clientAdmin.get(`/tests/${testId}/qualitative_feedback`)),
    );
    expect(feedback.associations[0]).toMatchObject({ text: 'Funny', count: 1, shown: false });
    expect(feedback.evaluations).toEqual([
      expect.objectContaining({ text: 'Appeal', average: 4, answers: 1 }),
    ]);
    // With its translation, for the reader's language (issue 26).
    expect(feedback.open_questions[0]?.answers).toEqual([
      { participant_id: viewerId, text: 'The dog.', translation: 'Der Hund.' },
    ]);
  });

  it(`lets researchers show at most ${SHOWN_ASSOCIATIONS_MAX} associations of the test`, async () => {
    const url = `/tests/${testId}/shown_associations`;
    expectError(await as.staff.put(url, { association_ids: associationIds }), 'validation', {
      association_ids: VIDEO_RESULT_MESSAGES.tooManyShown,
    });
    expectError(await as.staff.put(url, { association_ids: [2 ** 31 - 1] }), 'validation', {
      association_ids: VIDEO_RESULT_MESSAGES.notAnAssociation,
    });
    expectOk(await as.staff.put(url, { association_ids: associationIds.slice(0, 5) }));
    const feedback = qualitativeFeedbackSchema.parse(
      expectOk(await as.clientAdmin.get(`/tests/${testId}/qualitative_feedback`)),
    );
    expect(feedback.associations.filter((association) => association.shown)).toHaveLength(5);
  });
});

describe('GET /tests/:id/video_norms', () => {
  let categoryId: number;
  const norms = async () =>
    videoNormsSchema.parse(expectOk(await as.clientAdmin.get(`/tests/${testId}/video_norms`)));

  /** A processed video test (a finished video participant) of the company, in the category or none. */
  async function processedVideoTest(companyId: number, inCategory: boolean) {
    const id = await videoTest(companyId);
    if (inCategory) await ctx.t.db.update(tests).set({ categoryId }).where(eq(tests.id, id));
    await buildParticipant(ctx.t, id, {
      type: 'video_heatmap',
      realId: 'video-heatmap',
      recording: { startMs: START, durationMs: 10_000 },
    });
    return id;
  }

  beforeAll(async () => {
    const [category] = await ctx.t.db
      .insert(categories)
      .values({ name: 'Running shoes (norms)' })
      .returning({ id: categories.id });
    categoryId = category?.id as number;
    await ctx.t.db.update(tests).set({ categoryId }).where(eq(tests.id, testId));
  });

  it(`counts the company's other processed video tests and gives no percentile below ${NORM_MINIMUM_TESTS}`, async () => {
    for (let i = 1; i < NORM_MINIMUM_TESTS; i++) await processedVideoTest(ctx.world.client.id, false);
    await videoTest(ctx.world.client.id); // not processed: does not count
    await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY); // a web test: does not count
    const answer = await norms();
    expect(answer.minimum_tests).toBe(NORM_MINIMUM_TESTS);
    expect(answer.company).toEqual({
      tests: NORM_MINIMUM_TESTS - 1,
      video: null,
      video_range: null,
      scenes: [],
    });
    expect(answer.category).toEqual({
      name: 'Running shoes (norms)',
      tests: 0,
      video: null,
      video_range: null,
      scenes: [],
    });
  });

  it('ranks the video and each scene once enough tests count; results processed earlier get their means stored', async () => {
    const last = await processedVideoTest(ctx.world.client.id, false);
    // two viewers with their own emotions: the range of each percentile comes from their spread
    for (let viewer = 0; viewer < 2; viewer++)
      await buildParticipant(ctx.t, testId, { recording: { startMs: START, durationMs: 10_000 } });
    const answer = await norms();
    expect(answer.company.tests).toBe(NORM_MINIMUM_TESTS);
    const percentiles = [answer.company.video, ...answer.company.scenes.map((scene) => scene.percentiles)];
    for (const ranks of percentiles)
      for (const rank of Object.values(ranks ?? {})) expect(rank).toBeGreaterThanOrEqual(0);
    expect(percentiles.every((ranks) => ranks !== null)).toBe(true);
    // issue 26: each percentile with the range its viewers' interval allows, around it
    const video = answer.company.video;
    const range = answer.company.video_range;
    expect(range).not.toBeNull();
    for (const emotion of ['joy', 'attention', 'frustration'] as const) {
      const [low, high] = range?.[emotion] ?? [0, 0];
      expect(low).toBeLessThanOrEqual(video?.[emotion] ?? -1);
      expect(high).toBeGreaterThanOrEqual(video?.[emotion] ?? 101);
    }
    const sceneIds = (await results()).scenes.map((scene) => scene.section_id);
    expect(answer.company.scenes.map((scene) => scene.section_id)).toEqual(sceneIds);
    const participant = (await results(last)).video_participant_id as number;
    const stored = await ctx.t.db
      .select()
      .from(videoScoreMeans)
      .where(eq(videoScoreMeans.participantId, participant));
    expect(stored).toHaveLength(1);
  });

  it("counts the category's tests of every company, and no other company's test in the company's norms", async () => {
    for (let i = 0; i < NORM_MINIMUM_TESTS; i++) await processedVideoTest(ctx.world.other.id, true);
    const answer = await norms();
    expect(answer.company.tests).toBe(NORM_MINIMUM_TESTS);
    expect(answer.category.tests).toBe(NORM_MINIMUM_TESTS);
    expect(answer.category.video).not.toBeNull();
    // the other company reads no norms of this test
    expectError(await as.otherAdmin.get(`/tests/${testId}/video_norms`), 'not_found');
  });

  it('leaves out a test with a viewer who did not grant anonymised reuse, and counts it once they do', async () => {
    const before = (await norms()).category.tests;
    const peer = await processedVideoTest(ctx.world.other.id, true);
    expect((await norms()).category.tests).toBe(before + 1);
    const [terms] = await ctx.t.db
      .insert(consentTerms)
      .values({
        testId: peer,
        version: 1,
        text: 'Terms',
        streams: ['emotions'],
        purposes: ['report', 'norms'],
      })
      .returning();
    const viewer = await buildParticipant(ctx.t, peer, { realId: 'viewer-without-norms' });
    const grant = (purposes: ('report' | 'norms')[]) =>
      ctx.t.db.insert(consentRecords).values({
        participantId: viewer.id,
        termsId: terms?.id as number,
        streams: ['emotions'],
        purposes,
        givenAt: new Date(START),
        method: 'paper',
      });
    await grant(['report']);
    expect((await norms()).category.tests).toBe(before);
    await grant(['report', 'norms']);
    expect((await norms()).category.tests).toBe(before + 1);
  });
});
