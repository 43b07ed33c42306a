/**
 * Bad input gets a clear error and changes nothing (DESIGN §6): every /api/v1 route with a body,
 * a query or an id is fed malformed, oversized, mistyped and hostile input, as a signed-in Super
 * Admin and, on public routes, anonymously. None may answer 5xx; every error has the contract's
 * body; what the contract rejects answers 400 with the fields named and leaves the data as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorBodySchema } from '@limbus/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashOpaqueToken, newOpaqueToken } from '../src/auth/opaque-tokens.js';
import {
  answers,
  categories,
  countries,
  flows,
  labels,
  resources,
  sections,
  significantPoints,
  tags,
  testQuestions,
} from '../src/db/schema.js';
import { insertToken } from '../src/modules/auth/auth-tokens.repository.js';
import { insertInsightRow } from '../src/modules/insights/insights.repository.js';
import { insertSuggestionRow } from '../src/modules/suggestions/suggestions.repository.js';
import { insertConversation, insertMessage } from '../src/modules/support/support.repository.js';
import { createTestSetup } from '../src/modules/test-setups/test-setups.service.js';
import { createTestApp, type TestApp } from './create-test-app.js';
import {
  buildContract,
  buildParticipant,
  buildTest,
  buildUser,
  buildWorld,
  giveVideo,
  signIn,
} from './factories.js';
import { IMAGES } from './images.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
/** `id` fills `:id` of the path; `params` the other path parameters (`:pid`, `:kind`). */
type Sample = {
  id?: number;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: JsonObject;
};
type Part = 'body' | 'querystring' | 'params';
/**
 * A route and what it takes (checked against the route's own schemas, which the tests validate
 * with); `sample` is a valid request, making what it needs anew on each call (addresses, tokens).
 */
type InputCase = {
  key: string;
  isPublic: boolean;
  /** A recorder route: sent with a test setup's key instead of a user's token. */
  isRecorder?: true;
  parts: readonly Part[];
  /** The body may also come as multipart/form-data (POST/PATCH /tests). */
  acceptsMultipart?: true;
  sample: () => Sample | Promise<Sample>;
};

const FAST_CHECK_RUNS = 25;

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
let superAdminAuth: string;
let countryId: number;
/** A seeded test category and flow. */
let categoryId: number;
let flowId: number;
let targetUserId: number;
let contractId: number;
/** A test with a recorded participant, and a video test with its video participant. */
let recordedTestId: number;
let recordedParticipantId: number;
let videoTestId: number;
/** A significant point of the recorded participant, for insights. */
let recordedPointId: number;
/** A resource of the library, and the name of an uploaded image. */
let resourceId: number;
const resourceImageName = `${'c'.repeat(32)}.png`;
/** The key of a test setup, for the recorder routes. */
let setupKey: string;
let sequence = 0;
const freshEmail = () => `bad-input-${++sequence}@example.test`;

/** A token of a user who was invited (no password yet) or who asked for a password reset. */
async function liveToken(kind: 'confirmation' | 'reset'): Promise<string> {
  const user = await buildUser(t.db, {
    role: 'demo',
    companyId: world.demo.id,
    confirmed: kind === 'reset',
    ...(kind === 'confirmation' ? { password: null } : {}),
  });
  const token = newOpaqueToken();
  await insertToken(t.db, {
    userId: user.id,
    kind,
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token.token;
}

/** A write of every field of a test that staff may set (a draft: it takes no credit). */
function orderSample(extra: JsonObject = {}): JsonObject {
  return {
    name: 'Checkout test',
    purpose: 'Find what stops buyers',
    test_type: 'professional',
    platform: 'desktop',
    state: 'draft',
    translation: 'English',
    focus_elements: ['Menu'],
    scenario: 'Buy a pair of shoes',
    url: 'https://shop.example',
    stop_moment: 'The order confirmation',
    target_group: 'custom',
    custom_target: 'Runners over 40',
    requester_id: world.clientMember.id,
    researcher_id: world.staff.id,
    category_id: categoryId,
    flow_id: flowId,
    brand_name: 'Shoes',
    comments: 'Call first',
    delivery_date: '2026-12-01',
    external_app: false,
    minimum_participants_for_metrics: 5,
    translation_language: 'Dutch',
    timing: 'Before Christmas',
    addons: ['tagon'],
    associations: [{ text: 'Modern' }],
    open_questions: [{ text: 'What did you miss?' }],
    evaluations: [{ text: 'How easy was it?', caption_low: 'Hard', caption_high: 'Easy' }],
    ...extra,
  };
}

const CASES: InputCase[] = [
  {
    key: 'POST /api/v1/tokens',
    isPublic: true,
    parts: ['body'],
    // An address without an account: even a valid request changes nothing.
    sample: () => ({ body: { email: 'nobody@example.test', password: 'some-password' } }),
  },
  {
    key: 'POST /api/v1/signup',
    isPublic: true,
    parts: ['body'],
    sample: () => ({
      body: {
        email: freshEmail(),
        password: 'secret1',
        password2: 'secret1',
        profile: { first_name: 'New', last_name: 'Person', newsletter: true },
      },
    }),
  },
  {
    key: 'POST /api/v1/confirmation',
    isPublic: true,
    parts: ['body', 'querystring'],
    sample: async () => ({
      query: { confirmation_token: await liveToken('confirmation') },
      body: {
        password: 'secret1',
        profile: { first_name: 'Invited', last_name: 'Person', newsletter: false },
      },
    }),
  },
  {
    key: 'GET /api/v1/password_reset',
    isPublic: true,
    parts: ['querystring'],
    sample: () => ({ query: { email: 'nobody@example.test' } }),
  },
  {
    key: 'POST /api/v1/password_reset',
    isPublic: true,
    parts: ['body', 'querystring'],
    sample: async () => ({
      query: { reset_password_token: await liveToken('reset') },
      body: { password: 'new-secret' },
    }),
  },
  {
    key: 'GET /api/v1/users/:id',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: world.clientAdmin.id }),
  },
  {
    key: 'POST /api/v1/users',
    isPublic: false,
    parts: ['body'],
    sample: () => ({ body: { email: freshEmail(), role: 'company_member', company_id: world.client.id } }),
  },
  ...(['PATCH', 'PUT'] as const).map(
    (method): InputCase => ({
      key: `${method} /api/v1/users/:id`,
      isPublic: false,
      parts: ['body', 'params'],
      sample: () => ({
        id: targetUserId,
        body: {
          email: freshEmail(),
          role: 'company_member',
          company_id: world.client.id,
          profile: { first_name: 'Target', last_name: 'User', newsletter: false },
        },
      }),
    }),
  ),
  {
    key: 'DELETE /api/v1/users/:id',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: targetUserId }),
  },
  {
    key: 'GET /api/v1/companies/:id/users/',
    isPublic: false,
    parts: ['querystring', 'params'],
    sample: () => ({ id: world.client.id, query: { role: 'company_admin,company_member' } }),
  },
  {
    key: 'GET /api/v1/companies/:id',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: world.client.id }),
  },
  {
    key: 'GET /api/v1/companies/:id/contracts',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: world.client.id }),
  },
  {
    key: 'POST /api/v1/companies',
    isPublic: false,
    parts: ['body'],
    sample: () => ({
      body: {
        company: {
          name: `Company ${++sequence}`,
          address: 'Street 1',
          postal_code: '1000 AA',
          city: 'Amsterdam',
          country_id: countryId,
          consultant_id: world.staff.id,
          business_developer_id: world.superAdmin.id,
          admin_email: freshEmail(),
          months: 12,
        },
      },
    }),
  },
  {
    key: 'DELETE /api/v1/companies/:id',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: world.other.id }),
  },
  {
    key: 'POST /api/v1/contracts',
    isPublic: false,
    parts: ['body'],
    sample: () => ({
      body: {
        company_id: world.client.id,
        start_date: '2030-01-01',
        end_date: '2031-01-01',
        comments: 'Next year',
      },
    }),
  },
  ...(['PATCH', 'PUT'] as const).map(
    (method): InputCase => ({
      key: `${method} /api/v1/contracts/:id`,
      isPublic: false,
      parts: ['body', 'params'],
      sample: () => ({
        id: contractId,
        body: { start_date: '2020-01-01', end_date: '2040-01-01', comments: 'Long' },
      }),
    }),
  ),
  {
    key: 'POST /api/v1/contracts/:id/renew',
    isPublic: false,
    parts: ['body', 'params'],
    sample: () => ({ id: contractId, body: { months: 1 } }),
  },
  {
    key: 'POST /api/v1/bundles',
    isPublic: false,
    parts: ['body'],
    sample: () => ({
      body: { test_type: 'essential', tests: 2, comments: 'Extra', contract_id: contractId },
    }),
  },
  { key: 'DELETE /api/v1/bundles/:id', isPublic: false, parts: ['params'], sample: () => ({ id: 1 }) },
  {
    key: 'GET /api/v1/tests',
    isPublic: false,
    parts: ['querystring'],
    sample: () => ({ query: { homepage: '1' } }),
  },
  {
    key: 'GET /api/v1/tests/:id',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId }),
  },
  {
    key: 'POST /api/v1/tests',
    isPublic: false,
    parts: ['body'],
    acceptsMultipart: true,
    sample: () => ({ body: { test: orderSample({ company_id: world.client.id }) } }),
  },
  {
    key: 'PATCH /api/v1/tests/:id',
    isPublic: false,
    parts: ['params', 'body'],
    acceptsMultipart: true,
    sample: async () => ({ id: (await buildTest(t.db, world.client.id)).id, body: { test: orderSample() } }),
  },
  {
    key: 'DELETE /api/v1/tests/:id',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: (await buildTest(t.db, world.client.id)).id }),
  },
  {
    key: 'GET /api/v1/tests/:id/participants',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId }),
  },
  {
    key: 'GET /api/v1/tests/:id/participants/:pid',
    isPublic: false,
    parts: ['querystring', 'params'],
    sample: () => ({
      id: recordedTestId,
      params: { pid: recordedParticipantId },
      query: { associations: 'emotions,mice,eyes,sections,significant_points', fields: 'video' },
    }),
  },
  {
    key: 'GET /api/v1/tests/:id/participants/:pid/streams/:kind',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId, params: { pid: recordedParticipantId, kind: 'eyes' } }),
  },
  {
    key: 'GET /api/v1/participants/get_video_participant',
    isPublic: false,
    parts: ['querystring'],
    sample: () => ({ query: { test_id: String(videoTestId) } }),
  },
  {
    key: 'GET /api/v1/tests/:id/participants/:pid/video',
    isPublic: false,
    parts: ['querystring', 'params'],
    sample: () => ({
      id: recordedTestId,
      params: { pid: recordedParticipantId },
      query: signedQuery(`/api/v1/tests/${recordedTestId}/participants/${recordedParticipantId}/video`),
    }),
  },
  {
    key: 'GET /api/v1/tests/:id/video',
    isPublic: false,
    parts: ['querystring', 'params'],
    sample: () => ({ id: videoTestId, query: signedQuery(`/api/v1/tests/${videoTestId}/video`) }),
  },
  {
    key: 'GET /api/v1/tests/:id/process_video_test',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: videoTestId }),
  },
  {
    key: 'GET /api/v1/tests/:id/participants/:pid/favourite',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId, params: { pid: recordedParticipantId } }),
  },
  {
    key: 'DELETE /api/v1/tests/:id/participants/:pid',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({
      id: recordedTestId,
      params: { pid: (await buildParticipant(t, recordedTestId)).id },
    }),
  },
  {
    key: 'PATCH /api/v1/tests/:id/participants/:pid',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({
      id: recordedTestId,
      params: { pid: (await buildParticipant(t, recordedTestId)).id },
    }),
  },
  {
    key: 'GET /api/v1/tests/:id/tags',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId }),
  },
  {
    key: 'POST /api/v1/tests/:id/tags',
    isPublic: false,
    parts: ['body', 'params'],
    sample: () => ({ id: recordedTestId, body: { tag: { name: `Tag ${++sequence}` } } }),
  },
  {
    key: 'PATCH /api/v1/tags/:id',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({ id: await newTag(), body: { tag: { name: `Renamed ${++sequence}` } } }),
  },
  {
    key: 'DELETE /api/v1/tags/:id',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: await newTag() }),
  },
  {
    key: 'GET /api/v1/tests/:id/labels',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId }),
  },
  {
    key: 'POST /api/v1/tests/:id/labels',
    isPublic: false,
    parts: ['body', 'params'],
    sample: () => ({
      id: recordedTestId,
      body: { label: { name: 'Basket', urls: ['https://shop.example/basket'], match_type: 'exact' } },
    }),
  },
  {
    key: 'PATCH /api/v1/tests/:id/labels/:lid',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({
      id: recordedTestId,
      params: { lid: await newLabel() },
      body: { label: { name: 'Cart', urls: ['https://shop.example/cart'], match_type: 'starts_with' } },
    }),
  },
  {
    key: 'DELETE /api/v1/tests/:id/labels/:lid',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: recordedTestId, params: { lid: await newLabel() } }),
  },
  {
    key: 'GET /api/v1/participant_data/significant_points/:id',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedPointId }),
  },
  {
    key: 'PATCH /api/v1/participant_data/significant_points/:id',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({
      id: recordedPointId,
      body: {
        comment: 'Slow page',
        translation: 'Trage pagina',
        false_positive: false,
        tag_ids: [await newTag()],
      },
    }),
  },
  {
    key: 'POST /api/v1/sections',
    isPublic: false,
    parts: ['body'],
    sample: async () => ({
      body: {
        section: {
          participant_id: recordedParticipantId,
          timestamp_start: SECTION_AT + ++sequence * 10,
          timestamp_end: SECTION_AT + sequence * 10 + 5,
          label_id: await newLabel(),
        },
      },
    }),
  },
  {
    key: 'PATCH /api/v1/sections/:id',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => {
      const { id, start } = await newSection();
      return {
        id,
        body: { section: { timestamp_start: start + 1, timestamp_end: start + 4, label_id: null } },
      };
    },
  },
  {
    key: 'DELETE /api/v1/sections/:id',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: (await newSection()).id }),
  },
  {
    key: 'POST /api/v1/answers',
    isPublic: false,
    parts: ['body'],
    sample: async () => ({
      body: {
        answer: {
          question_id: await newQuestion('scale'),
          participant_id: recordedParticipantId,
          text: 'Fine',
          score: 3,
          checked: false,
        },
      },
    }),
  },
  {
    key: 'PATCH /api/v1/answers/:id',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({
      id: await newAnswer(),
      body: { answer: { text: 'Better', score: 4, checked: true } },
    }),
  },
  {
    key: 'DELETE /api/v1/answers/:id',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: await newAnswer() }),
  },
  {
    key: 'POST /api/v1/test_setups',
    isPublic: false,
    parts: ['body'],
    sample: () => ({ body: { name: 'Lab', ip: '10.0.0.1' } }),
  },
  {
    key: 'POST /api/v1/test_setups/:id/key',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: await newSetupId() }),
  },
  {
    key: 'DELETE /api/v1/test_setups/:id',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: await newSetupId() }),
  },
  {
    key: 'POST /api/v1/ingest/heartbeat',
    isPublic: false,
    isRecorder: true,
    parts: ['body'],
    sample: () => ({
      body: { status: { eeg: true, eye: true, mouse: true, tapp: false, recorder: true, redis: true } },
    }),
  },
  {
    key: 'POST /api/v1/ingest/participants',
    isPublic: false,
    isRecorder: true,
    parts: ['body'],
    sample: () => ({
      body: {
        test_id: recordedTestId,
        real_id: `bad-input-${++sequence}`,
        type: 'default',
        demographic: { age: 30, gender: 'female', education: 'University' },
        started_at: 1_768_210_200,
      },
    }),
  },
  {
    key: 'PUT /api/v1/ingest/participants/:pid/streams/:kind/batches/:seq',
    isPublic: false,
    isRecorder: true,
    parts: ['params'],
    sample: async () => ({ params: { pid: await recordingParticipant(), kind: 'eyes', seq: 0 } }),
  },
  {
    key: 'POST /api/v1/ingest/participants/:pid/finish',
    isPublic: false,
    isRecorder: true,
    parts: ['body', 'params'],
    sample: async () => ({
      params: { pid: await recordingParticipant() },
      body: { ended_at: 1_768_210_260 },
    }),
  },
  {
    key: 'POST /api/v1/ingest/participants/:pid/video',
    isPublic: false,
    isRecorder: true,
    parts: ['body', 'params'],
    sample: async () => ({
      params: { pid: await recordingParticipant() },
      body: { size: 1000, filename: 'screen.mp4' },
    }),
  },
  {
    key: 'PATCH /api/v1/ingest/participants/:pid/video',
    isPublic: false,
    isRecorder: true,
    parts: ['params'],
    sample: async () => ({ params: { pid: await recordingParticipant() } }),
  },
  {
    key: 'POST /api/v1/support/conversations',
    isPublic: false,
    parts: ['body'],
    sample: () => ({ body: { message: 'How do I add a test?\nThanks', subject: 'Adding a test' } }),
  },
  {
    key: 'GET /api/v1/support/conversations/:id',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: await supportConversation() }),
  },
  {
    key: 'POST /api/v1/support/conversations/:id/messages',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({ id: await supportConversation(), body: { message: 'A reply' } }),
  },
  {
    key: 'PATCH /api/v1/support/conversations/:id',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({ id: await supportConversation(), body: { status: 'closed' } }),
  },
  {
    key: 'GET /api/v1/tests/:id/insights',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId }),
  },
  {
    key: 'GET /api/v1/tests/:id/insights/:iid',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: recordedTestId, params: { iid: await newInsight() } }),
  },
  {
    key: 'POST /api/v1/tests/:id/insights',
    isPublic: false,
    parts: ['body', 'params'],
    sample: () => ({
      id: recordedTestId,
      body: { insight: { title: 'Insight', behavior_comment: 'Looked away', explanation: '<p>Why</p>' } },
    }),
  },
  {
    key: 'PATCH /api/v1/tests/:id/insights/:iid',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({
      id: recordedTestId,
      params: { iid: await newInsight() },
      body: {
        insight: {
          title: 'Changed',
          summary: '<p>Short</p>',
          focus_point: 'Menu',
          significant_points_ids: [recordedPointId],
          highlight_id: recordedPointId,
        },
      },
    }),
  },
  {
    key: 'DELETE /api/v1/tests/:id/insights/:iid',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: recordedTestId, params: { iid: await newInsight() } }),
  },
  {
    key: 'POST /api/v1/tests/:id/insights/:iid/ai/:field',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: recordedTestId, params: { iid: await newInsight(), field: 'explanation' } }),
  },
  {
    key: 'POST /api/v1/ai/prompt',
    isPublic: false,
    parts: ['body'],
    sample: () => ({ body: { prompt: 'Rewrite this', text: 'the menu was hidden', max_tokens: 200 } }),
  },
  {
    key: 'GET /api/v1/tests/:id/suggestions',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: recordedTestId }),
  },
  {
    key: 'GET /api/v1/tests/:id/suggestions/:sid',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: recordedTestId, params: { sid: await newSuggestion() } }),
  },
  {
    key: 'POST /api/v1/tests/:id/suggestions',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({
      id: recordedTestId,
      body: {
        suggestion: {
          title: 'Move the button',
          suggestion: '<p>Higher</p>',
          author_id: world.clientAdmin.id,
          test_id: recordedTestId,
          insight_id: await newInsight(),
        },
      },
    }),
  },
  {
    key: 'PATCH /api/v1/tests/:id/suggestions/:sid',
    isPublic: false,
    parts: ['body', 'params'],
    sample: async () => ({
      id: recordedTestId,
      params: { sid: await newSuggestion() },
      body: {
        suggestion: {
          title: 'Changed',
          additional_info: '<ul><li>More</li></ul>',
          effort: 1,
          impact: 3,
          next_step: 2,
          owner_id: world.clientMember.id,
          done: true,
          rank: 1,
        },
      },
    }),
  },
  {
    key: 'DELETE /api/v1/tests/:id/suggestions/:sid',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: recordedTestId, params: { sid: await newSuggestion() } }),
  },
  {
    key: 'GET /api/v1/resources/:id',
    isPublic: false,
    parts: ['params'],
    sample: () => ({ id: resourceId }),
  },
  {
    key: 'POST /api/v1/resources',
    isPublic: false,
    parts: ['body'],
    sample: () => ({
      body: {
        resource: {
          title: 'How to order a test',
          body: '<p>Open <strong>User tests</strong></p>',
          resource_type: 0,
          tags: ['Help', 'Ordering'],
          date: '2026-03-01',
          author: 'Limbus team',
          author_id: world.superAdmin.id,
          published: false,
        },
      },
    }),
  },
  {
    key: 'PATCH /api/v1/resources/:id',
    isPublic: false,
    parts: ['body', 'params'],
    sample: () => ({
      id: resourceId,
      body: { resource: { title: 'Changed', body: '<p>New</p>', tags: ['News'], published: true } },
    }),
  },
  {
    key: 'DELETE /api/v1/resources/:id',
    isPublic: false,
    parts: ['params'],
    sample: async () => ({ id: await newResource() }),
  },
  {
    key: 'GET /api/v1/resource_images/:name',
    isPublic: true,
    parts: ['params'],
    sample: () => ({ params: { name: resourceImageName } }),
  },
];

// ── helpers ──

/** Annotations of the recorded test, made anew for each sample. */
async function newTag(): Promise<number> {
  const [row] = await t.db
    .insert(tags)
    .values({ testId: recordedTestId, name: `Tag ${++sequence}` })
    .returning();
  if (!row) throw new Error('no tag');
  return row.id;
}

async function newLabel(): Promise<number> {
  const [row] = await t.db
    .insert(labels)
    .values({ testId: recordedTestId, name: `Page ${++sequence}` })
    .returning();
  if (!row) throw new Error('no label');
  return row.id;
}

/** Sections lie apart, 10 ms each, after the recording. */
const SECTION_AT = Date.UTC(2026, 0, 12, 10);
async function newSection(): Promise<{ id: number; start: number }> {
  const start = SECTION_AT + ++sequence * 10;
  const [row] = await t.db
    .insert(sections)
    .values({ participantId: recordedParticipantId, timestampStart: start, timestampEnd: start + 5 })
    .returning();
  if (!row) throw new Error('no section');
  return { id: row.id, start };
}

async function newQuestion(kind: 'open' | 'scale' | 'association'): Promise<number> {
  const [row] = await t.db
    .insert(testQuestions)
    .values({ testId: recordedTestId, kind, text: `Question ${++sequence}` })
    .returning();
  if (!row) throw new Error('no question');
  return row.id;
}

async function newAnswer(): Promise<number> {
  const [row] = await t.db
    .insert(answers)
    .values({ questionId: await newQuestion('scale'), participantId: recordedParticipantId, score: 2 })
    .returning();
  if (!row) throw new Error('no answer');
  return row.id;
}

/** A new draft of the resources library. */
async function newResource(): Promise<number> {
  const [resource] = await t.db
    .insert(resources)
    .values({ title: 'Draft', authorId: world.superAdmin.id })
    .returning({ id: resources.id });
  if (!resource) throw new Error('no resource');
  return resource.id;
}

/** A new insight of the recorded test, numbered after the last one. */
const newInsight = () => insertInsightRow(t.db, recordedTestId, { title: 'Insight' });

/** A new suggestion of the recorded test, ranked last. */
const newSuggestion = () => insertSuggestionRow(t.db, recordedTestId, { title: 'Suggestion' });

/** A support conversation of a client user, made anew for each sample. */
async function supportConversation(): Promise<number> {
  const at = new Date();
  const conversationId = await insertConversation(t.db, {
    companyId: world.client.id,
    userId: world.clientAdmin.id,
    subject: 'Question',
    at,
  });
  await insertMessage(t.db, {
    conversationId,
    authorId: world.clientAdmin.id,
    body: 'Question',
    isStaff: false,
    at,
  });
  return conversationId;
}

/** A new participant still recording, created through the ingestion API. */
async function recordingParticipant(): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/participants',
    headers: { authorization: `Setup ${setupKey}` },
    payload: { test_id: recordedTestId, real_id: `bad-input-${++sequence}` },
  });
  return response.json().id as number;
}

async function newSetupId(): Promise<number> {
  return (await createTestSetup({ db: t.db, clock: () => new Date() }, { name: `Lab ${++sequence}`, ip: '' }))
    .data.id;
}

/** The query of a signed media URL for `mediaPath`. */
const signedQuery = (mediaPath: string) =>
  Object.fromEntries(new URL(t.sign(mediaPath), 'http://limbus.test').searchParams);

const methodOf = (testCase: InputCase) => testCase.key.split(' ')[0] as string;
const pathOf = (testCase: InputCase) => testCase.key.split(' ')[1] as string;
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The zod schema the route validates `part` with. */
function routeSchema(testCase: InputCase, part: Part): z.ZodType {
  const schema = t.app.registeredRoutes.find((route) => keyOf(route) === testCase.key)?.schema?.[part];
  if (!(schema instanceof z.ZodType)) throw new Error(`${testCase.key} validates no ${part} with zod`);
  return schema;
}

function urlOf(
  testCase: InputCase,
  sample: Sample,
  overrides: { param?: { name: string; value: string }; rawQuery?: string } = {},
): string {
  const given = paramsOf(sample);
  if (overrides.param) given[overrides.param.name] = overrides.param.value;
  const url = pathOf(testCase).replace(/:(\w+)/g, (_match, name: string) => given[name] ?? `:${name}`);
  const query = overrides.rawQuery ?? (sample.query ? new URLSearchParams(sample.query).toString() : '');
  return query ? `${url}?${query}` : url;
}

/** The path parameters of a sample as sent (strings). */
function paramsOf(sample: Sample): Record<string, string> {
  const params: Record<string, string> = sample.id === undefined ? {} : { id: String(sample.id) };
  for (const [name, value] of Object.entries(sample.params ?? {})) params[name] = String(value);
  return params;
}

/** The names of the path parameters of a route (`/tests/:id/participants/:pid` → id, pid). */
const paramNamesOf = (testCase: InputCase) =>
  [...pathOf(testCase).matchAll(/:(\w+)/g)].map((match) => match[1] as string);

type Identity = 'superAdmin' | 'anonymous' | 'setup';

function send(identity: Identity, options: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = {
    ...(options.headers ?? {}),
    ...(identity === 'superAdmin' ? { authorization: superAdminAuth } : {}),
    ...(identity === 'setup' ? { authorization: `Setup ${setupKey}` } : {}),
  };
  return t.app.inject({ ...options, headers });
}

/** The field names the server keys its errors by for what `schema` says of `input` (error-handler.ts). */
function expectedFields(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be invalid`);
  const fields = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.add(key);
    } else {
      fields.add(
        issue.path
          .map(String)
          .filter((key) => key !== '' && !/^\d+$/.test(key))
          .at(-1) ?? 'body',
      );
    }
  }
  return [...fields].sort();
}

/** Any client error: 4xx with exactly the contract's error body, and its code's status. */
function expectClientError(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const body = errorBodySchema.strict().parse(response.json());
  expect(body.message.length, label).toBeGreaterThan(0);
  return body;
}

/** A validation error (400) naming exactly `fields`, when given. */
function expectValidationError(response: LightMyRequestResponse, label: string, fields?: string[]) {
  const body = expectClientError(response, label);
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
  expect(body.code).toBe('validation');
  // The keys as sent (parsing into an object would turn a `__proto__` key into a prototype).
  const sentKeys = Object.keys((response.json() as { errors?: object }).errors ?? {});
  if (fields) expect(sentKeys.sort(), `${label}: ${response.body.slice(0, 300)}`).toEqual(fields);
  return body;
}

/**
 * A digest of every row of every table, the outbox and the file store, to prove that rejected
 * calls changed nothing.
 */
async function snapshot(): Promise<string> {
  const digest = (table: string, order: string) =>
    sql.raw(`(select md5(coalesce(string_agg(r::text, '|' order by r.${order}), '')) from ${table} r)`);
  const result = (await t.db.execute(
    sql`select ${digest('users', 'id')} as users, ${digest('profiles', 'user_id')} as profiles,
      ${digest('companies', 'id')} as companies, ${digest('contracts', 'id')} as contracts,
      ${digest('bundles', 'id')} as bundles, ${digest('auth_tokens', 'id')} as tokens, ${digest('tests', 'id')} as tests,
      ${digest('participants', 'id')} as participants, ${digest('participant_streams', 'file_key')} as streams,
      ${digest('significant_points', 'id')} as points, ${digest('tags', 'id')} as tags,
      ${digest('significant_point_tags', 'significant_point_id')} as point_tags, ${digest('labels', 'id')} as labels,
      ${digest('sections', 'id')} as sections, ${digest('moments', 'id')} as moments,
      ${digest('video_series', 'participant_id')} as video_series, ${digest('test_questions', 'id')} as test_questions,
      ${digest('test_setups', 'id')} as test_setups, ${digest('ingest_batches', 'seq')} as batches,
      ${digest('video_uploads', 'participant_id')} as uploads, ${digest('jobs', 'id')} as jobs,
      ${digest('test_metrics', 'test_id')} as metrics,
      ${digest('support_conversations', 'id')} as support_conversations, ${digest('support_messages', 'id')} as support_messages,
      ${digest('insights', 'id')} as insights, ${digest('insight_significant_points', 'insight_id, r.significant_point_id')} as insight_points,
      ${digest('suggestions', 'id')} as suggestions,
      ${digest('resources', 'id')} as resources, ${digest('resource_tags', 'id')} as resource_tags,
      ${digest('resource_tag_links', 'resource_id, r.tag_id')} as resource_tag_links,
      ${digest('answers', 'id')} as answers`,
  )) as unknown as { rows: unknown[] };
  const outbox = path.join(t.dataDir, 'outbox');
  const files = path.join(t.dataDir, 'files');
  return JSON.stringify({
    rows: result.rows,
    outbox: fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0,
    files: fs.existsSync(files) ? fs.readdirSync(files, { recursive: true }).sort() : [],
  });
}

async function expectUnchanged(work: () => Promise<void>): Promise<void> {
  const before = await snapshot();
  await work();
  expect(await snapshot()).toBe(before);
}

const clone = <T>(value: T): T => structuredClone(value);

/** Paths of every field of a body, nested objects included (not the root). */
function fieldPaths(value: Json, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPaths(child, [...prefix, key]),
  ]);
}

/** Paths of the objects of a body, the root included. */
function objectPaths(value: Json, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return [prefix, ...Object.entries(value).flatMap(([key, child]) => objectPaths(child, [...prefix, key]))];
}

function valueAt(value: Json, at: string[]): Json | undefined {
  let current: Json | undefined = value;
  for (const key of at) {
    current =
      current !== null && typeof current === 'object' && !Array.isArray(current) ? current[key] : undefined;
  }
  return current;
}

/** A copy of `body` with the field at `at` replaced, or removed when `replacement` is undefined. */
function withField(body: JsonObject, at: string[], replacement: Json | undefined): JsonObject {
  const copy = clone(body);
  const parent = valueAt(copy, at.slice(0, -1)) as JsonObject;
  const key = at.at(-1) as string;
  if (replacement === undefined) delete parent[key];
  else parent[key] = replacement;
  return copy;
}

const kindOf = (value: Json | undefined) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
const WRONG_VALUES: Json[] = [0, -1, 1.5, 1e308, 'text', '', true, null, [], {}, ['text']];

const HOSTILE_STRINGS = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  'Robert"); DELETE FROM companies; --',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as plain text
  '{{7*7}} ${7*7} %s %n',
  '../../../etc/passwd',
  'x'.repeat(10_000),
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'مرحبا بالعالم',
  'abc\u202Eevil\u202C',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\r\nSet-Cookie: x=1',
  '   ',
  '',
];
/** Hostile text a stored text field must refuse (PostgreSQL cannot store it). */
const UNSTORABLE = ['a\u0000b', '\u0000', '\ud800', 'x\udfffy'];
const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '-0',
  '99999999999',
  '2147483648',
  '1.5',
  'NaN',
  'Infinity',
  '1;DROP TABLE users',
  "1' OR '1'='1",
  '%00',
  '%F0%9F%92%A5',
  '%3Cscript%3E',
];
/** Strings with one of a few hostile characters mixed into any code points. */
const hostileText = fc.string({
  maxLength: 80,
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', "'", '"', '<', '\u202e', '\\', '%'),
    },
  ),
});

/** The value the server receives for `text` sent in a query string (lone surrogates become U+FFFD). */
const overTheWire = (text: string) =>
  new URLSearchParams(new URLSearchParams({ v: text }).toString()).get('v') ?? '';

// ── setup and coverage ──

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.db);
  superAdminAuth = (await signIn(t.app, world.superAdmin.email)).authorization;
  const [country] = await t.db.select({ id: countries.id }).from(countries).limit(1);
  if (!country) throw new Error('no countries seeded');
  countryId = country.id;
  categoryId = (await t.db.select({ id: categories.id }).from(categories).limit(1))[0]?.id ?? 0;
  flowId = (await t.db.select({ id: flows.id }).from(flows).limit(1))[0]?.id ?? 0;
  targetUserId = (await buildUser(t.db, { role: 'company_member', companyId: world.client.id })).id;
  contractId = (await buildContract(t.db, world.client.id)).id;
  recordedTestId = (await buildTest(t.db, world.client.id)).id;
  recordedParticipantId = (
    await buildParticipant(t, recordedTestId, {
      significantPoints: [
        { emotion: 'joy', timestampTop: Date.UTC(2026, 0, 12, 9, 30, 5), tags: ['Tagged'] },
      ],
      sections: [{ timestampStart: 0, timestampEnd: 1, label: { name: 'Home', urls: [] } }],
    })
  ).id;
  await giveVideo(t, { participantId: recordedParticipantId });
  const [point] = await t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(eq(significantPoints.participantId, recordedParticipantId));
  if (!point) throw new Error('no significant point');
  recordedPointId = point.id;
  videoTestId = (await buildTest(t.db, world.client.id, { platform: 'video' })).id;
  await giveVideo(t, { testId: videoTestId });
  resourceId = await newResource();
  await t.files.put(`resource-images/${resourceImageName}`, IMAGES.png);
  setupKey = (await createTestSetup({ db: t.db, clock: () => new Date() }, { name: 'Bad input lab', ip: '' }))
    .key;
  await buildParticipant(t, videoTestId, {
    type: 'video_heatmap',
    moments: [{ emotion: 'spread', start: 0, end: 1 }],
  });
});
afterAll(() => t?.close());

describe('coverage', () => {
  it('feeds bad input to every /api/v1 route that takes a body, a query or an id', () => {
    const cases = new Map(CASES.map((testCase) => [testCase.key, testCase]));
    const takingInput = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/v1') &&
        route.method !== 'HEAD' &&
        (['body', 'querystring', 'params'] as const).some((part) => route.schema?.[part] !== undefined),
    );
    expect(takingInput.length).toBeGreaterThan(20);
    for (const route of takingInput) {
      const testCase = cases.get(keyOf(route));
      expect(testCase, `${keyOf(route)} has no case`).toBeDefined();
      const parts = (['body', 'querystring', 'params'] as const).filter(
        (part) => route.schema?.[part] !== undefined,
      );
      expect([...(testCase?.parts ?? [])].sort(), keyOf(route)).toEqual(parts.sort());
      expect(testCase?.isPublic, keyOf(route)).toBe(route.access === 'public');
    }
    expect(CASES.length).toBe(takingInput.length);
  });
});

// ── per route ──

const RUNS = CASES.flatMap((testCase) =>
  (testCase.isPublic
    ? (['superAdmin', 'anonymous'] as const)
    : testCase.isRecorder
      ? (['setup'] as const)
      : (['superAdmin'] as const)
  ).map((identity) => ({
    testCase,
    identity,
    name: `${testCase.key} as ${identity}`,
  })),
);

describe.each(RUNS)('$name', ({ testCase, identity }) => {
  const method = methodOf(testCase);
  const label = testCase.key;

  if (testCase.parts.includes('body')) {
    const sendJson = (sample: Sample, payload: string, contentType = 'application/json') =>
      send(identity, {
        method,
        url: urlOf(testCase, sample),
        payload,
        headers: { 'content-type': contentType },
      });

    it('rejects malformed JSON with 400', async () => {
      const sample = await testCase.sample();
      const malformed = [
        '{',
        '{"email":',
        "{'email': 'x'}",
        '[1,]',
        '{"a":1}}',
        'nul',
        '\u0000',
        '{"a":"\\ud800"',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
      ];
      await expectUnchanged(async () => {
        for (const payload of malformed)
          expectValidationError(await sendJson(sample, payload), `${label} ${payload}`);
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('rejects JSON that is not an object, and bodies that are empty', async () => {
      const sample = await testCase.sample();
      await expectUnchanged(async () => {
        for (const payload of [
          'null',
          'true',
          '42',
          '"text"',
          '[]',
          `${'['.repeat(5000)}${']'.repeat(5000)}`,
          '',
        ]) {
          expectValidationError(await sendJson(sample, payload), `${label} ${payload.slice(0, 20)}`);
        }
      });
    });

    it('rejects other content types with 4xx', async () => {
      const sample = await testCase.sample();
      const payload = JSON.stringify(sample.body);
      await expectUnchanged(async () => {
        for (const contentType of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/octet-stream',
        ]) {
          const response = await sendJson(sample, payload, contentType);
          expectClientError(response, `${label} ${contentType}`);
          // text/plain has a parser, and a string is not the object the contract wants; a route
          // taking forms reads this "multipart" body and finds no form in it.
          const isParsed =
            contentType === 'text/plain' ||
            (testCase.acceptsMultipart && contentType.startsWith('multipart/'));
          expect(response.statusCode).toBe(isParsed ? 400 : 415);
        }
      });
    });

    it('rejects a body over 1 MiB with 413', async () => {
      const sample = await testCase.sample();
      const payload = JSON.stringify({ ...sample.body, padding: 'x'.repeat(1024 * 1024) });
      await expectUnchanged(async () => {
        const response = await sendJson(sample, payload);
        expect(expectClientError(response, label).code).toBe('payload_too_large');
        expect(response.statusCode).toBe(413);
      });
    });

    it('names the field of each wrong type, missing field and unknown field', async () => {
      const schema = routeSchema(testCase, 'body');
      const sample = await testCase.sample();
      const body = sample.body as JsonObject;
      const variants: JsonObject[] = [];
      for (const at of fieldPaths(body)) {
        const current = valueAt(body, at);
        for (const wrong of WRONG_VALUES)
          if (kindOf(wrong) !== kindOf(current)) variants.push(withField(body, at, wrong));
        variants.push(withField(body, at, undefined));
      }
      for (const at of objectPaths(body)) variants.push(withField(body, [...at, 'unexpected_field'], 'x'));
      const invalid = variants.filter((variant) => !schema.safeParse(variant).success);
      expect(invalid.length).toBeGreaterThan(0);
      await expectUnchanged(async () => {
        for (const variant of invalid) {
          const response = await send(identity, { method, url: urlOf(testCase, sample), payload: variant });
          const fields = expectedFields(schema, variant);
          const errors = expectValidationError(
            response,
            `${label} ${JSON.stringify(variant).slice(0, 200)}`,
            fields,
          );
          if (fields.includes('unexpected_field'))
            expect(errors.errors?.unexpected_field).toEqual(['This field is not allowed']);
        }
      });
    });

    it('rejects arbitrary JSON bodies the contract refuses (fast-check)', async () => {
      const schema = routeSchema(testCase, 'body');
      const sample = await testCase.sample();
      const body = sample.body as JsonObject;
      const nearlyValid = fc.record(
        Object.fromEntries(
          Object.entries(body).map(([key, value]) => [key, fc.oneof(fc.constant(value), fc.jsonValue())]),
        ),
        { requiredKeys: [] },
      );
      const wire = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
      const arbitrary = fc
        .oneof(fc.jsonValue(), nearlyValid, fc.dictionary(fc.string(), fc.jsonValue()))
        .map(wire)
        .filter((value) => !schema.safeParse(value).success);
      await expectUnchanged(async () => {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (payload) => {
            const response = await send(identity, {
              method,
              url: urlOf(testCase, sample),
              payload: JSON.stringify(payload),
              headers: { 'content-type': 'application/json' },
            });
            // Fastify refuses a `__proto__` or `constructor.prototype` key outright, naming no field.
            const json = JSON.stringify(payload);
            const poisoned = json.includes('"__proto__"') || json.includes('"prototype"');
            expectValidationError(
              response,
              `${label} ${json.slice(0, 200)}`,
              poisoned ? undefined : expectedFields(schema, payload),
            );
          }),
          { numRuns: FAST_CHECK_RUNS },
        );
      });
    });

    const stringFields = (body: JsonObject) =>
      fieldPaths(body).filter((at) => typeof valueAt(body, at) === 'string');
    // A public route ignores who calls it: hostile text is sent once, anonymously, as an attacker would.
    const textIt = testCase.isPublic && identity === 'superAdmin' ? () => undefined : it;

    textIt('answers hostile strings in every text field with 4xx or success, never 5xx', async () => {
      const schema = routeSchema(testCase, 'body');
      const fixed = await testCase.sample();
      const refused: { at: string[]; text: string }[] = [];
      const accepted: { at: string[]; text: string }[] = [];
      for (const at of stringFields(fixed.body as JsonObject)) {
        for (const text of HOSTILE_STRINGS) {
          const valid = schema.safeParse(withField(fixed.body as JsonObject, at, text)).success;
          (valid ? accepted : refused).push({ at, text });
          // Stored text refuses what PostgreSQL cannot hold; passwords are only hashed.
          if (UNSTORABLE.includes(text) && !at.at(-1)?.startsWith('password'))
            expect(valid, `${at} ${text}`).toBe(false);
        }
      }
      await expectUnchanged(async () => {
        for (const { at, text } of refused) {
          const payload = withField(fixed.body as JsonObject, at, text);
          const response = await send(identity, { method, url: urlOf(testCase, fixed), payload });
          expectValidationError(
            response,
            `${label} ${at.join('.')}=${JSON.stringify(text).slice(0, 60)}`,
            expectedFields(schema, payload),
          );
        }
      });
      for (const { at, text } of accepted) {
        const sample = await testCase.sample();
        const payload = withField(sample.body as JsonObject, at, text);
        const response = await send(identity, { method, url: urlOf(testCase, sample), payload });
        if (response.statusCode >= 400)
          expectClientError(response, `${label} ${at.join('.')}=${JSON.stringify(text).slice(0, 60)}`);
      }
    });

    textIt(
      'answers arbitrary strings in every text field with 4xx or success, never 5xx (fast-check)',
      async () => {
        const schema = routeSchema(testCase, 'body');
        const fields = stringFields((await testCase.sample()).body as JsonObject);
        if (fields.length === 0) return;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...fields), hostileText, async (at, text) => {
            const sample = await testCase.sample();
            const payload = withField(sample.body as JsonObject, at, text);
            const response = await send(identity, { method, url: urlOf(testCase, sample), payload });
            const description = `${label} ${at.join('.')}=${JSON.stringify(text)}`;
            if (schema.safeParse(payload).success) {
              if (response.statusCode >= 400) expectClientError(response, description);
            } else {
              expectValidationError(response, description, expectedFields(schema, payload));
            }
          }),
          { numRuns: FAST_CHECK_RUNS },
        );
      },
    );
  }

  if (testCase.parts.includes('querystring')) {
    it('names the query field that is missing, unknown, repeated or hostile', async () => {
      const schema = routeSchema(testCase, 'querystring');
      const sample = await testCase.sample();
      const query = sample.query as Record<string, string>;
      const variants: Record<string, string | string[]>[] = [
        { ...query, unexpected_field: 'x' },
        { ...query, toString: 'x', valueOf: 'x', constructor: 'x' },
        { ...query, ...(JSON.parse('{"__proto__":"x"}') as Record<string, string>) },
      ];
      for (const key of Object.keys(query)) {
        const { [key]: _left, ...rest } = query;
        variants.push(rest, { ...query, [key]: [query[key] as string, query[key] as string] });
        for (const text of HOSTILE_STRINGS) variants.push({ ...query, [key]: overTheWire(text) });
      }
      const queryString = (variant: Record<string, string | string[]>) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(variant))
          for (const item of [value].flat()) params.append(key, item);
        return params.toString();
      };
      const refused = variants.filter((variant) => !schema.safeParse(variant).success);
      const accepted = variants.filter((variant) => schema.safeParse(variant).success);
      await expectUnchanged(async () => {
        for (const variant of refused) {
          const response = await send(identity, {
            method,
            url: urlOf(testCase, sample, { rawQuery: queryString(variant) }),
            ...(sample.body ? { payload: sample.body } : {}),
          });
          expectValidationError(
            response,
            `${label} ${queryString(variant).slice(0, 100)}`,
            expectedFields(schema, variant),
          );
        }
      });
      for (const variant of accepted) {
        const fresh = await testCase.sample();
        const response = await send(identity, {
          method,
          url: urlOf(testCase, fresh, { rawQuery: queryString(variant) }),
          ...(fresh.body ? { payload: fresh.body } : {}),
        });
        if (response.statusCode >= 400)
          expectClientError(response, `${label} ${queryString(variant).slice(0, 100)}`);
      }
    });

    it('answers broken percent-encoding in the query with 4xx or success, never 5xx', async () => {
      const sample = await testCase.sample();
      const key = Object.keys(sample.query ?? {})[0] as string;
      const rawQueries = [
        ...['%', '%zz', '%ED%A0%80', '%00', '%C0%AF', '%FF%FE'].map((value) => `${key}=${value}`),
        key,
        '&&&',
        '==',
        `${key}[]=x`,
        `${key}=a&${key}=b&${key}=c`,
      ];
      for (const rawQuery of rawQueries) {
        const response = await send(identity, {
          method,
          url: urlOf(testCase, sample, { rawQuery }),
          ...(sample.body ? { payload: sample.body } : {}),
        });
        expect(response.statusCode, `${label} ?${rawQuery}: ${response.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
        if (response.statusCode >= 400) expectClientError(response, `${label} ?${rawQuery}`);
      }
    });
  }

  if (testCase.parts.includes('params')) {
    it('rejects path parameters that are not valid (ids: positive whole numbers in range) with 400', async () => {
      const schema = routeSchema(testCase, 'params');
      const sample = await testCase.sample();
      await expectUnchanged(async () => {
        for (const name of paramNamesOf(testCase)) {
          const param = (value: string) => ({ param: { name, value } });
          for (const value of BAD_IDS) {
            // A value the parameter's schema takes (none for ids) is no bad input.
            if (schema.safeParse({ ...paramsOf(sample), [name]: decodeURIComponent(value) }).success)
              continue;
            const response = await send(identity, {
              method,
              url: urlOf(testCase, sample, param(value)),
              ...(sample.body ? { payload: sample.body } : {}),
            });
            expectValidationError(response, `${label} ${name}=${value}`, [name]);
          }
          for (const value of ['%zz', '9'.repeat(300)]) {
            const response = await send(identity, { method, url: urlOf(testCase, sample, param(value)) });
            expectClientError(response, `${label} ${name}=${value.slice(0, 20)}`);
          }
        }
      });
    });

    it('rejects arbitrary values of each path parameter (fast-check)', async () => {
      const schema = routeSchema(testCase, 'params');
      const sample = await testCase.sample();
      const names = paramNamesOf(testCase);
      const notValid = fc
        .tuple(
          fc.constantFrom(...names),
          fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).map((text) => encodeURIComponent(text)),
        )
        .filter(
          ([name, encoded]) =>
            !schema.safeParse({ ...paramsOf(sample), [name]: decodeURIComponent(encoded) }).success &&
            !/^[./]*$/.test(encoded),
        );
      await expectUnchanged(async () => {
        await fc.assert(
          fc.asyncProperty(notValid, async ([name, value]) => {
            const response = await send(identity, {
              method,
              url: urlOf(testCase, sample, { param: { name, value } }),
              ...(sample.body ? { payload: sample.body } : {}),
            });
            expectClientError(response, `${label} ${name}=${value}`);
          }),
          { numRuns: FAST_CHECK_RUNS },
        );
      });
    });
  }
});

// ── hostile but valid text is stored as sent ──

describe('hostile but valid text', () => {
  it('is stored and answered exactly as sent (trimmed), not run or rewritten', async () => {
    const name = "Robert'); DROP TABLE companies; -- <script>alert(1)</script> 😀 مرحبا";
    const created = await send('superAdmin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: {
        company: {
          name,
          address: "1' OR '1'='1",
          postal_code: '<b>1000</b>',
          city: '\u202Eevil',
          country_id: countryId,
          consultant_id: world.staff.id,
          business_developer_id: world.superAdmin.id,
          admin_email: freshEmail(),
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await send('superAdmin', { url: `/api/v1/companies/${created.json().data.id}` });
    expect(read.json()).toMatchObject({
      name,
      address: "1' OR '1'='1",
      postal_code: '<b>1000</b>',
      city: '\u202Eevil',
    });
    const list = await send('superAdmin', { url: '/api/v1/users' });
    expect(list.statusCode).toBe(200);
  });

  it('refuses NUL and lone surrogates in a stored name with a field error', async () => {
    for (const text of UNSTORABLE) {
      await expectUnchanged(async () => {
        const response = await send('superAdmin', {
          method: 'PATCH',
          url: `/api/v1/users/${targetUserId}`,
          payload: { profile: { first_name: text } },
        });
        expectValidationError(response, JSON.stringify(text), ['first_name']);
      });
    }
  });

  it('refuses a renewal past the year 9999 instead of failing', async () => {
    const contract = await buildContract(t.db, world.client.id, {
      startDate: '9000-01-01',
      endDate: '9999-01-01',
    });
    await expectUnchanged(async () => {
      const response = await send('superAdmin', {
        method: 'POST',
        url: `/api/v1/contracts/${contract.id}/renew`,
        payload: { months: 120 },
      });
      expectValidationError(response, 'renew', ['months']);
    });
  });

  it('refuses the year 0 in contract dates', async () => {
    await expectUnchanged(async () => {
      const response = await send('superAdmin', {
        method: 'POST',
        url: '/api/v1/contracts',
        payload: { company_id: world.client.id, start_date: '0000-01-01', end_date: '0001-01-01' },
      });
      expectValidationError(response, 'year 0', ['start_date']);
    });
  });

  it('does not find a token by its hash or by SQL', async () => {
    const token = await liveToken('reset');
    for (const guess of [hashOpaqueToken(token), "' OR '1'='1", `${token}' --`]) {
      await expectUnchanged(async () => {
        const response = await send('anonymous', {
          method: 'POST',
          url: `/api/v1/password_reset?${new URLSearchParams({ reset_password_token: guess })}`,
          payload: { password: 'new-secret' },
        });
        expectValidationError(response, guess, ['reset_password_token']);
      });
    }
  });
});

// ── multipart forms of POST/PATCH /tests ──

/** A multipart/form-data body of `test[...]` keys as a browser sends it; a Blob value is a file. */
async function testForm(entries: [string, string | Blob][]) {
  const form = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, value, 'clip.mp4');
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

describe('multipart forms of POST and PATCH /tests', () => {
  const named = (name: string): [string, string] => ['test[name]', name];
  const cases: { label: string; entries: [string, string | Blob][]; fields: string[] }[] = [
    { label: 'an unknown field', entries: [named('A'), ['test[nope]', 'x']], fields: ['nope'] },
    { label: 'a key outside test[…]', entries: [named('A'), ['other[name]', 'x']], fields: ['other[name]'] },
    { label: 'a bare key', entries: [named('A'), ['test', 'x']], fields: ['test'] },
    {
      label: 'a prototype key',
      entries: [named('A'), ['test[__proto__][x]', '1']],
      fields: ['test[__proto__][x]'],
    },
    { label: 'a value given twice', entries: [named('A'), named('B')], fields: ['test[name]'] },
    { label: 'an object for a text', entries: [['test[name][x]', 'A']], fields: ['name'] },
    {
      label: 'a list and a value',
      entries: [named('A'), ['test[addons][]', 'tagon'], ['test[addons]', 'x']],
      fields: ['test[addons]'],
    },
    {
      label: 'a word for a boolean',
      entries: [named('A'), ['test[external_app]', 'maybe']],
      fields: ['external_app'],
    },
    {
      label: 'a word for an id',
      entries: [named('A'), ['test[category_id]', 'abc']],
      fields: ['category_id'],
    },
    {
      label: 'a fraction for a number',
      entries: [named('A'), ['test[minimum_participants_for_metrics]', '1.5']],
      fields: ['minimum_participants_for_metrics'],
    },
    { label: 'an unknown add-on', entries: [named('A'), ['test[addons][]', 'gold']], fields: ['addons'] },
    {
      label: 'a bad destroy flag',
      entries: [
        named('A'),
        ['test[open_questions][0][text]', 'Q'],
        ['test[open_questions][0][_destroy]', 'perhaps'],
      ],
      fields: ['_destroy'],
    },
    {
      label: 'an unknown question field',
      entries: [named('A'), ['test[associations][0][colour]', 'red']],
      fields: ['colour'],
    },
    {
      label: 'an index out of range',
      entries: [named('A'), ['test[associations][5000][text]', 'x']],
      fields: ['test[associations][5000][text]'],
    },
    {
      label: 'four areas of focus',
      entries: [
        named('A'),
        ...['a', 'b', 'c', 'd'].map((v): [string, string] => ['test[focus_elements][]', v]),
      ],
      fields: ['focus_elements'],
    },
    {
      label: 'a text as video',
      entries: [named('A'), ['test[platform]', 'video'], ['test[video]', 'clip.mp4']],
      fields: ['test[video]'],
    },
    { label: 'a file in a text field', entries: [['test[name]', new Blob(['A'])]], fields: ['test[name]'] },
    {
      label: 'a text file named .mp4',
      entries: [
        named('A'),
        ['test[platform]', 'video'],
        ['test[video]', new Blob(['just some notes'], { type: 'video/mp4' })],
      ],
      fields: ['video'],
    },
    {
      label: 'random bytes named .mp4',
      entries: [
        named('A'),
        ['test[platform]', 'video'],
        [
          'test[video]',
          new Blob([new Uint8Array(4096).map((_, i) => (i * 7919) % 251)], { type: 'video/mp4' }),
        ],
      ],
      fields: ['video'],
    },
    {
      label: 'a video for a web test',
      entries: [named('A'), ['test[video]', new Blob(['x'], { type: 'video/mp4' })]],
      fields: ['video'],
    },
  ];

  it.each(cases)(
    'answers $label with 400 naming the field, and changes nothing',
    async ({ entries, fields }) => {
      const draft = await buildTest(t.db, world.client.id, { platform: 'video' });
      for (const [method, url] of [
        ['POST', '/api/v1/tests'],
        ['PATCH', `/api/v1/tests/${draft.id}`],
      ] as const) {
        const withCompany: [string, string | Blob][] =
          method === 'POST' ? [...entries, ['test[company_id]', String(world.client.id)]] : entries;
        await expectUnchanged(async () => {
          const response = await send('superAdmin', { method, url, ...(await testForm(withCompany)) });
          expectValidationError(response, `${method} ${fields.join()}`, fields);
        });
      }
    },
  );

  it('answers a form cut off mid-way and a form without boundary with 4xx, never 5xx', async () => {
    const { payload, headers } = await testForm([named('A'), ['test[purpose]', 'B']]);
    await expectUnchanged(async () => {
      const cut = await send('superAdmin', {
        method: 'POST',
        url: '/api/v1/tests',
        payload: payload.subarray(0, payload.length - 20),
        headers,
      });
      expectClientError(cut, 'cut off');
      const noBoundary = await send('superAdmin', {
        method: 'POST',
        url: '/api/v1/tests',
        payload,
        headers: { 'content-type': 'multipart/form-data' },
      });
      expectClientError(noBoundary, 'no boundary');
      const withVideo = await testForm([
        named('A'),
        ['test[platform]', 'video'],
        ['test[video]', new Blob(['x'.repeat(5000)])],
      ]);
      const cutInVideo = await send('superAdmin', {
        method: 'POST',
        url: '/api/v1/tests',
        payload: withVideo.payload.subarray(0, withVideo.payload.length - 1000),
        headers: withVideo.headers,
      });
      expectClientError(cutInVideo, 'cut off in the video');
    });
  });
});
