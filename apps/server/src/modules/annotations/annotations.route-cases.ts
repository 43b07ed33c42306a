import { eq } from 'drizzle-orm';
import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { type InputWorld, nextNumber } from '../../../test/bad-input-world.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  fresh,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  researchRoute,
} from '../../../test/route-policy-matrix.js';
import { answers, labels, sections, significantPoints, tags, testQuestions } from '../../db/schema.js';

/** A test of the target company with a participant, a point, a tag, a page title, a section and an answer. */
export async function annotatedOf(ctx: Ctx) {
  const { db } = ctx.t;
  const test = await buildTest(db, companyOf(ctx).id, RESULTS_READY);
  const at = Date.UTC(2026, 0, 12, 9, 30, 2);
  const { id: participantId } = await buildParticipant(ctx.t, test.id, {
    significantPoints: [{ emotion: 'joy', timestampTop: at, tags: ['Tagged'] }],
    sections: [{ timestampStart: at, timestampEnd: at + 1000, label: { name: 'Home', urls: [] } }],
  });
  const [point] = await db
    .select()
    .from(significantPoints)
    .where(eq(significantPoints.participantId, participantId));
  const [section] = await db.select().from(sections).where(eq(sections.participantId, participantId));
  const [tag] = await db.select().from(tags).where(eq(tags.testId, test.id));
  const [question] = await db
    .insert(testQuestions)
    .values({ testId: test.id, kind: 'open', text: 'Why?' })
    .returning();
  if (!point || !section?.labelId || !tag || !question) throw new Error('no annotations');
  const [answer] = await db
    .insert(answers)
    .values({ questionId: question.id, participantId, text: 'Because' })
    .returning();
  if (!answer) throw new Error('no answer');
  return {
    testId: test.id,
    participantId,
    pointId: point.id,
    sectionId: section.id,
    labelId: section.labelId,
    tagId: tag.id,
    questionId: question.id,
    answerId: answer.id,
  };
}

/** Annotations: whoever reads the test reads its tags, page titles and points; the research area writes. */
export const annotationsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/tags',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/tags` })),
  ),
  'POST /api/v1/tests/:id/tags': researchRoute(async (ctx) => ({
    url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/tags`,
    payload: { tag: { name: fresh('Tag') } },
  })),
  'PATCH /api/v1/tags/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/tags/${(await annotatedOf(ctx)).tagId}`,
    payload: { tag: { name: fresh('Renamed') } },
  })),
  'DELETE /api/v1/tags/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/tags/${(await annotatedOf(ctx)).tagId}`,
  })),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/labels',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/labels` })),
  ),
  'POST /api/v1/tests/:id/labels': researchRoute(async (ctx) => ({
    url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/labels`,
    payload: { label: { name: 'Home', urls: ['https://shop.example/'] } },
  })),
  'PATCH /api/v1/tests/:id/labels/:lid': researchRoute(async (ctx) => {
    const { testId, labelId } = await annotatedOf(ctx);
    return { url: `/api/v1/tests/${testId}/labels/${labelId}`, payload: { label: { name: 'Basket' } } };
  }),
  'DELETE /api/v1/tests/:id/labels/:lid': researchRoute(async (ctx) => {
    const { testId, labelId } = await annotatedOf(ctx);
    return { url: `/api/v1/tests/${testId}/labels/${labelId}` };
  }),
  ...GET_AND_HEAD(
    '/api/v1/participant_data/significant_points/:id',
    ownCompanyRoute(async (ctx) => ({
      url: `/api/v1/participant_data/significant_points/${(await annotatedOf(ctx)).pointId}`,
    })),
  ),
  'PATCH /api/v1/participant_data/significant_points/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/participant_data/significant_points/${(await annotatedOf(ctx)).pointId}`,
    payload: { comment: 'Looked for the button', false_positive: false },
  })),
  'POST /api/v1/sections': researchRoute(async (ctx) => ({
    url: '/api/v1/sections',
    payload: {
      section: {
        participant_id: (await annotatedOf(ctx)).participantId,
        timestamp_start: Date.UTC(2026, 0, 12, 9, 30, 20),
        timestamp_end: Date.UTC(2026, 0, 12, 9, 30, 30),
      },
    },
  })),
  'PATCH /api/v1/sections/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/sections/${(await annotatedOf(ctx)).sectionId}`,
    payload: { section: { label_id: null } },
  })),
  'DELETE /api/v1/sections/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/sections/${(await annotatedOf(ctx)).sectionId}`,
  })),
};

/** Annotations of the recorded test, made anew for each sample. */
async function newTag(w: InputWorld): Promise<number> {
  const [row] = await w.t.db
    .insert(tags)
    .values({ testId: w.recordedTestId, name: `Tag ${nextNumber()}` })
    .returning();
  if (!row) throw new Error('no tag');
  return row.id;
}

async function newLabel(w: InputWorld): Promise<number> {
  const [row] = await w.t.db
    .insert(labels)
    .values({ testId: w.recordedTestId, name: `Page ${nextNumber()}` })
    .returning();
  if (!row) throw new Error('no label');
  return row.id;
}

/** Sections lie apart, 10 ms each, after the recording. */
const SECTION_AT = Date.UTC(2026, 0, 12, 10);
async function newSection(w: InputWorld): Promise<{ id: number; start: number }> {
  const start = SECTION_AT + nextNumber() * 10;
  const [row] = await w.t.db
    .insert(sections)
    .values({ participantId: w.recordedParticipantId, timestampStart: start, timestampEnd: start + 5 })
    .returning();
  if (!row) throw new Error('no section');
  return { id: row.id, start };
}

export const annotationsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/tags', ['params', 'querystring'], (w) => ({
    id: w.recordedTestId,
    query: { cohort: 'lab' },
  })),
  signedIn('POST /api/v1/tests/:id/tags', ['body', 'params'], (w) => ({
    id: w.recordedTestId,
    body: { tag: { name: `Tag ${nextNumber()}` } },
  })),
  signedIn('PATCH /api/v1/tags/:id', ['body', 'params'], async (w) => ({
    id: await newTag(w),
    body: { tag: { name: `Renamed ${nextNumber()}` } },
  })),
  signedIn('DELETE /api/v1/tags/:id', ['params'], async (w) => ({ id: await newTag(w) })),
  signedIn('GET /api/v1/tests/:id/labels', ['params', 'querystring'], (w) => ({
    id: w.recordedTestId,
    query: { cohort: 'remote' },
  })),
  signedIn('POST /api/v1/tests/:id/labels', ['body', 'params'], (w) => ({
    id: w.recordedTestId,
    body: { label: { name: 'Basket', urls: ['https://shop.example/basket'], match_type: 'exact' } },
  })),
  signedIn('PATCH /api/v1/tests/:id/labels/:lid', ['body', 'params'], async (w) => ({
    id: w.recordedTestId,
    params: { lid: await newLabel(w) },
    body: { label: { name: 'Cart', urls: ['https://shop.example/cart'], match_type: 'starts_with' } },
  })),
  signedIn('DELETE /api/v1/tests/:id/labels/:lid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { lid: await newLabel(w) },
  })),
  signedIn('GET /api/v1/participant_data/significant_points/:id', ['params'], (w) => ({
    id: w.recordedPointId,
  })),
  signedIn('PATCH /api/v1/participant_data/significant_points/:id', ['body', 'params'], async (w) => ({
    id: w.recordedPointId,
    body: {
      comment: 'Slow page',
      translation: 'Trage pagina',
      false_positive: false,
      tag_ids: [await newTag(w)],
    },
  })),
  signedIn('POST /api/v1/sections', ['body'], async (w) => {
    const at = SECTION_AT + nextNumber() * 10;
    return {
      body: {
        section: {
          participant_id: w.recordedParticipantId,
          timestamp_start: at,
          timestamp_end: at + 5,
          label_id: await newLabel(w),
        },
      },
    };
  }),
  signedIn('PATCH /api/v1/sections/:id', ['body', 'params'], async (w) => {
    const { id, start } = await newSection(w);
    return {
      id,
      body: { section: { timestamp_start: start + 1, timestamp_end: start + 4, label_id: null } },
    };
  }),
  signedIn('DELETE /api/v1/sections/:id', ['params'], async (w) => ({ id: (await newSection(w)).id })),
];
