import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import type { InputWorld } from '../../../test/bad-input-world.js';
import { buildUser } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  memberRole,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
  signedInRoute,
} from '../../../test/route-policy-matrix.js';
import type { Database } from '../../db/client.js';
import { insertConversation, insertMessage } from './support.repository.js';

/** A support conversation of `starter` with its first message. */
async function conversationBy(
  db: Database,
  starter: { id: number; companyId: number | null },
  companyId: number,
): Promise<number> {
  const at = new Date();
  const conversationId = await insertConversation(db, {
    companyId: starter.companyId ?? companyId,
    userId: starter.id,
    subject: 'Question',
    at,
  });
  await insertMessage(db, { conversationId, authorId: starter.id, body: 'Question', isStaff: false, at });
  return conversationId;
}

/** A support conversation started by the actor (`self`), a colleague (`own`) or a user of another company. */
async function conversationOf(ctx: Ctx): Promise<number> {
  const company = companyOf(ctx);
  const starter =
    ctx.target === 'self'
      ? (ctx.actor ?? ctx.world.clientAdmin)
      : await buildUser(ctx.t.db, { role: memberRole(company), companyId: company.id });
  return conversationBy(ctx.t.db, starter, company.id);
}

/**
 * A support conversation: its starter and the provider's staff, nobody else (not even colleagues);
 * to them it is not found, as a missing one (issue 28, finding 7).
 */
const starterOrStaff: Record<RoleName, RoleExpectation> = {
  anonymous: { self: 401, own: 401, other: 401 },
  superAdmin: { self: 'ok', own: 'ok', other: 'ok' },
  staff: { self: 'ok', own: 'ok', other: 'ok' },
  clientAdmin: { self: 'ok', own: 404, other: 404 },
  clientMember: { self: 'ok', own: 404, other: 404 },
  otherAdmin: { self: 'ok', own: 404, other: 404 },
  demoUser: { self: 'ok', own: 404, other: 404 },
};

/** Support chat: any signed-in user starts and lists their own; staff (research licence) see all. */
export const supportPolicyCases: RouteCases = {
  'POST /api/v1/support/conversations': signedInRoute(() => ({
    url: '/api/v1/support/conversations',
    payload: { message: 'Hello' },
  })),
  ...GET_AND_HEAD(
    '/api/v1/support/conversations',
    signedInRoute(() => ({ url: '/api/v1/support/conversations' })),
  ),
  ...GET_AND_HEAD('/api/v1/support/conversations/:id', {
    access: 'user',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/support/conversations/${await conversationOf(ctx)}` }),
    expect: starterOrStaff,
  }),
  'POST /api/v1/support/conversations/:id/messages': {
    access: 'user',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/support/conversations/${await conversationOf(ctx)}/messages`,
      payload: { message: 'More' },
    }),
    expect: starterOrStaff,
  },
  'PATCH /api/v1/support/conversations/:id': {
    access: 'researcher',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/support/conversations/${await conversationOf(ctx)}`,
      payload: { status: 'closed' },
    }),
    expect: {
      anonymous: { self: 401, own: 401, other: 401 },
      superAdmin: { self: 'ok', own: 'ok', other: 'ok' },
      staff: { self: 'ok', own: 'ok', other: 'ok' },
      clientAdmin: { self: 403, own: 403, other: 403 },
      clientMember: { self: 403, own: 403, other: 403 },
      otherAdmin: { self: 403, own: 403, other: 403 },
      demoUser: { self: 403, own: 403, other: 403 },
    },
  },
};

/** A support conversation of a client user, made anew for each sample. */
const clientConversation = (w: InputWorld) => conversationBy(w.t.db, w.world.clientAdmin, w.world.client.id);

export const supportInputCases: InputCase[] = [
  signedIn('POST /api/v1/support/conversations', ['body'], () => ({
    body: { message: 'How do I add a test?\nThanks', subject: 'Adding a test' },
  })),
  signedIn('GET /api/v1/support/conversations/:id', ['params'], async (w) => ({
    id: await clientConversation(w),
  })),
  signedIn('POST /api/v1/support/conversations/:id/messages', ['body', 'params'], async (w) => ({
    id: await clientConversation(w),
    body: { message: 'A reply' },
  })),
  signedIn('PATCH /api/v1/support/conversations/:id', ['body', 'params'], async (w) => ({
    id: await clientConversation(w),
    body: { status: 'closed' },
  })),
];
