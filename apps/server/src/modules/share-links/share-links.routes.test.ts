import {
  auditListAnswer,
  type ConsentPurpose,
  createdShareLinkAnswer,
  heatmapPointsAnswer,
  SHARE_LINK_MESSAGES,
  SHARE_UNLOCK_HEADER,
  sharedLinkAnswer,
  sharedReelAnswer,
  shareLinkListAnswer,
  unlockSharedLinkAnswer,
} from '@limbus/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { hashOpaqueToken } from '../../auth/opaque-tokens.js';
import {
  consentRecords,
  consentTerms,
  evidenceReels,
  heatmaps,
  insightSignificantPoints,
  insights,
  participants,
  shareLinks,
  significantPoints,
} from '../../db/schema.js';
import { reelInsightOf } from '../evidence-reels/evidence-reels.route-cases.js';
import { sharedClipOf, sharedReelOf } from './share-links.route-cases.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves the server's clock, and signs the world in again (access tokens last 15 minutes). */
async function advanceClock(ms: number) {
  ctx.t.clock.advance(ms);
  as = await signInWorld(ctx.t.app, ctx.world);
}
const AT = Date.UTC(2026, 0, 12, 9, 30);

/** A visitor with a link's token (and an unlock, once entered). */
function visitor(token: string, unlock?: string) {
  return (method: string, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    ctx.t.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Share ${token}`, ...(unlock ? { [SHARE_UNLOCK_HEADER]: unlock } : {}) },
    });
}

/**
 * A done Professional test of the client with two participants, each with an annotated point that
 * insight 1 cites, and consent terms under which the second did not consent to the report (unless
 * `everyoneConsents`).
 */
async function sharedTest({ everyoneConsents = false } = {}) {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, { ...RESULTS_READY, name: 'Checkout study' });
  const consenting = await buildParticipant(ctx.t, test.id, {
    realId: 'REAL-ANNA',
    significantPoints: [{ emotion: 'frustration', timestampTop: AT + 2000, tags: ['Discount'] }],
  });
  const refusing = await buildParticipant(ctx.t, test.id, {
    realId: 'REAL-BOB',
    significantPoints: [{ emotion: 'joy', timestampTop: AT + 3000, tags: ['Discount'] }],
  });
  const [terms] = await ctx.t.db
    .insert(consentTerms)
    .values({
      testId: test.id,
      version: 1,
      text: 'We record you.',
      streams: ['emotions', 'eyes', 'mice', 'screen'],
      purposes: ['report', 'norms', 'ai'],
    })
    .returning();
  if (!terms) throw new Error('no terms');
  const grants: [{ id: number }, ConsentPurpose[]][] = [
    [consenting, ['report', 'norms', 'ai']],
    [refusing, everyoneConsents ? ['report'] : ['norms']],
  ];
  for (const [participant, purposes] of grants)
    await ctx.t.db.insert(consentRecords).values({
      participantId: participant.id,
      termsId: terms.id,
      streams: ['emotions', 'eyes', 'mice', 'screen'],
      purposes,
      givenAt: new Date(AT),
      method: 'recorder',
    });
  const points = await ctx.t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(eq(participants.testId, test.id))
    .orderBy(asc(significantPoints.id));
  const [insight] = await ctx.t.db
    .insert(insights)
    .values({
      testId: test.id,
      assignedId: 1,
      title: 'The discount field frustrates',
      summary: '<p>REAL-ANNA sighs; REAL-BOB laughs.</p>',
      behaviorComment: 'REAL-ANNA scrolls back (not REAL-ANNAH)',
    })
    .returning();
  const [second] = await ctx.t.db
    .insert(insights)
    .values({ testId: test.id, assignedId: 2, title: 'Second finding' })
    .returning();
  if (!insight || !second) throw new Error('no insight');
  await ctx.t.db
    .insert(insightSignificantPoints)
    .values(points.map((point) => ({ insightId: insight.id, significantPointId: point.id })));
  return { test, terms, insight, second, consenting, refusing };
}

async function createLink(testId: number, link: Record<string, unknown> = {}) {
  return createdShareLinkAnswer.parse(
    expectOk(
      await as.clientAdmin.post(`/tests/${testId}/share_links`, { share_link: { scope: 'test', ...link } }),
      201,
    ),
  );
}

const expectGone = (response: LightMyRequestResponse) => {
  expectError(response, 'not_found');
  expect(response.json().message).toBe(SHARE_LINK_MESSAGES.gone);
};

/** The /api/v1 routes of the app as registered, with every path parameter filled. */
function everyRoute(params: Record<string, string | number>) {
  return ctx.t.app.registeredRoutes
    .filter((route) => route.url.startsWith('/api/v1'))
    .map((route) => ({
      method: route.method,
      key: `${route.method} ${route.url}`,
      url: route.url
        .replace(/:(\w+)/g, (_match, name: string) => String(params[name] ?? 1))
        .replace('*', 'x'),
    }));
}

/** Tries every registered route with the token; answers the keys of those that answered 2xx. */
async function routesOpenTo(token: string, params: Record<string, string | number>): Promise<string[]> {
  const open: string[] = [];
  for (const route of everyRoute(params)) {
    const response = await ctx.t.app.inject({
      method: route.method as 'GET',
      url: route.url,
      headers: { authorization: `Share ${token}` },
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });
    if (response.statusCode < 300) open.push(route.key);
    else
      expect([400, 401, 403, 404, 405, 409, 413, 415], `${route.key}: ${response.body}`).toContain(
        response.statusCode,
      );
  }
  return open.sort();
}

const getAndHead = (...paths: string[]) =>
  paths.flatMap((path) => [`GET /api/v1${path}`, `HEAD /api/v1${path}`]);

describe("a share token's reach", () => {
  it('opens only the GETs of a test link, and no other route of the app', async () => {
    const { test } = await sharedTest({ everyoneConsents: true });
    const { token } = await createLink(test.id);
    const page = await shoesPageOf(test.id);
    const params = { id: test.id, iid: 1, number: 1, hid: page.id, pid: 1 };
    expect(await routesOpenTo(token, params)).toEqual(
      getAndHead(
        '/shared',
        '/shared/heatmaps',
        '/shared/heatmaps/:hid/points',
        '/shared/insights',
        '/shared/insights/:number',
        '/shared/overview',
        '/shared/pages',
        '/shared/tags',
      ).sort(),
    );
  });

  it('opens only its own insight for an insight link', async () => {
    const { test, second } = await sharedTest();
    const { token } = await createLink(test.id, { scope: 'insight', insight_id: second.id });
    expect(await routesOpenTo(token, { id: test.id, number: 2 })).toEqual(
      getAndHead('/shared', '/shared/insights/:number').sort(),
    );
    const share = visitor(token);
    expectError(await share('GET', '/shared/insights/1'), 'not_found');
    expect(expectOk(await share('GET', '/shared/insights/2')).data).toMatchObject({
      title: 'Second finding',
    });
    expectError(await share('GET', '/shared/overview'), 'not_found');
  });

  it('is refused by the routes of users, also of the same test (401)', async () => {
    const { test } = await sharedTest();
    const { token } = await createLink(test.id);
    const response = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/${test.id}/insights`,
      headers: { authorization: `Share ${token}` },
    });
    expectError(response, 'unauthenticated');
    expect(response.json().message).toBe(SHARE_LINK_MESSAGES.otherCredential);
  });
});

describe('what a visitor reads', () => {
  it('names participants P01, P02… and leaves out those without consent to the report', async () => {
    const { test } = await sharedTest();
    const { token } = await createLink(test.id);
    const share = visitor(token);
    const insightsBody = (await share('GET', '/shared/insights')).body;
    expect(insightsBody.replace('REAL-ANNAH', '')).not.toContain('REAL-');
    const [first] = expectOk<{ data: { title: string; significant_points: { participant: string }[] }[] }>(
      await share('GET', '/shared/insights'),
    ).data;
    expect(first?.title).toBe('The discount field frustrates');
    expect(first?.significant_points.map((point) => point.participant)).toEqual(['P01']);
    expect(JSON.stringify(first)).not.toMatch(/"id"|participant_id|real_id/);
    // the researchers' texts quote participants by their label: the link writes the pseudonym
    expect(first).toMatchObject({
      summary: '<p>P01 sighs; a participant laughs.</p>',
      behavior_comment: 'P01 scrolls back (not REAL-ANNAH)',
    });
    const overview = expectOk<{ data: Record<string, unknown> }>(await share('GET', '/shared/overview')).data;
    expect(overview).toMatchObject({ name: 'Checkout study', participants: 1, left_out: 1, insights: 2 });
    expectError(await share('GET', '/shared/pages'), 'conflict');
    expectError(await share('GET', '/shared/tags'), 'conflict');
    expectError(await share('GET', '/shared/heatmaps'), 'conflict');
  });

  it('shows pages and tags once everybody consented to the report', async () => {
    const { test } = await sharedTest({ everyoneConsents: true });
    const share = visitor((await createLink(test.id)).token);
    expect(expectOk<{ data: unknown[] }>(await share('GET', '/shared/tags')).data).toEqual([
      { name: 'Discount', description: '', count: 2, participants: 2 },
    ]);
    expectOk(await share('GET', '/shared/pages'));
    const [first] = expectOk<{ data: { significant_points: { participant: string }[] }[] }>(
      await share('GET', '/shared/insights'),
    ).data;
    expect(first?.significant_points.map((point) => point.participant)).toEqual(['P01', 'P02']);
  });

  it('shows a webcam participant who consented to the report for its gaze (it has no EEG to consent to)', async () => {
    const { test, terms } = await sharedTest({ everyoneConsents: true });
    for (const [realId, purposes] of [
      ['remote-1-0001', ['report']],
      ['remote-1-0002', ['norms']],
    ] as const) {
      const webcam = await buildParticipant(ctx.t, test.id, { realId, source: 'webcam' });
      await ctx.t.db.insert(consentRecords).values({
        participantId: webcam.id,
        termsId: terms.id,
        streams: ['eyes', 'mice'],
        purposes: [...purposes],
        givenAt: new Date(AT),
        method: 'online',
      });
    }
    const share = visitor((await createLink(test.id)).token);
    const overview = expectOk<{ data: Record<string, unknown> }>(await share('GET', '/shared/overview')).data;
    // the two lab participants and the webcam one with the report; the one without it left out
    expect(overview).toMatchObject({ participants: 3, left_out: 1 });
    // the pages' emotions are the lab's alone (webcam participants have no EEG): not withheld for
    // them; the heatmaps' gaze is, for the webcam participant without the report
    expectOk(await share('GET', '/shared/pages'));
    expectError(await share('GET', '/shared/heatmaps'), 'conflict');
  });

  it('gives the shell, counts each open as a view and writes every view to the audit trail', async () => {
    const { test } = await sharedTest();
    const { token, data } = await createLink(test.id);
    const share = visitor(token);
    const shell = sharedLinkAnswer.parse(expectOk(await share('GET', '/shared'))).data;
    expect(shell).toMatchObject({
      company: ctx.world.client.name,
      test: { name: 'Checkout study' },
      scope: 'test',
      locked: false,
      has_password: false,
      expires_at: data.expires_at,
    });
    expectOk(await share('GET', '/shared'));
    expect((await share('HEAD', '/shared')).statusCode).toBe(200); // a HEAD is no view
    expectOk(await share('GET', '/shared/overview'));
    const [listed] = shareLinkListAnswer
      .parse(expectOk(await as.clientAdmin.get(`/companies/${ctx.world.client.id}/share_links`)))
      .data.filter((link) => link.id === data.id);
    expect(listed).toMatchObject({ views: 2, state: 'active' });
    expect(listed?.last_viewed_at).not.toBeNull();
    const audit = auditListAnswer.parse(
      expectOk(await as.clientAdmin.get(`/audit?action=share_link_viewed&test_id=${test.id}`)),
    ).data;
    expect(audit.map((entry) => entry.detail.screen).sort()).toEqual(['link', 'link', 'overview']);
    expect(audit[0]?.actor).toEqual({ id: null, label: `Share link ${data.id}` });
  });
});

/** A heatmap page of the test matching the address the factory's participants visit. */
async function shoesPageOf(testId: number) {
  const [page] = await ctx.t.db
    .insert(heatmaps)
    .values({ testId, name: 'Shoes', url: 'https://shop.example.test/shoes', matchType: 'exact' })
    .returning({ id: heatmaps.id });
  if (!page) throw new Error('no heatmap page');
  return page;
}

describe('the gaze on a shared heatmap page', () => {
  const gazeOf = async (share: ReturnType<typeof visitor>, heatmapId: number) =>
    heatmapPointsAnswer.parse(expectOk(await share('GET', `/shared/heatmaps/${heatmapId}/points`))).data;

  it("answers the gaze of the participants the link shows, on its own test's pages only", async () => {
    const { test, refusing } = await sharedTest({ everyoneConsents: true });
    const page = await shoesPageOf(test.id);
    const share = visitor((await createLink(test.id)).token);
    const gaze = await gazeOf(share, page.id);
    expect(gaze).toMatchObject({ kind: 'gaze', participants: 2 });
    expect(gaze.samples).toBeGreaterThan(100);

    const otherTest = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    await buildParticipant(ctx.t, otherTest.id);
    expectError(
      await share('GET', `/shared/heatmaps/${(await shoesPageOf(otherTest.id)).id}/points`),
      'not_found',
    );

    // consent to show the gaze but not the emotions: the link does not show the participant at all
    await ctx.t.db
      .update(consentRecords)
      .set({ streams: ['eyes', 'mice', 'screen'] })
      .where(eq(consentRecords.participantId, refusing.id));
    const shown = await gazeOf(share, page.id);
    expect(shown.participants).toBe(1);
    expect(shown.samples).toBeLessThan(gaze.samples);

    expectError(await as.clientAdmin.get(`/shared/heatmaps/${page.id}/points`), 'unauthenticated');
  });

  it("is withheld while a participant lacks consent, out of an insight link's reach, gone with its link", async () => {
    const { test, second } = await sharedTest();
    const page = await shoesPageOf(test.id);
    expectError(
      await visitor((await createLink(test.id)).token)('GET', `/shared/heatmaps/${page.id}/points`),
      'conflict',
    );
    const insightLink = await createLink(test.id, { scope: 'insight', insight_id: second.id });
    expectError(await visitor(insightLink.token)('GET', `/shared/heatmaps/${page.id}/points`), 'not_found');

    const consenting = await sharedTest({ everyoneConsents: true });
    const consentingPage = await shoesPageOf(consenting.test.id);
    const revoked = await createLink(consenting.test.id);
    const day = await createLink(consenting.test.id, { expires_in_days: 1 });
    await gazeOf(visitor(revoked.token), consentingPage.id);
    expect((await as.clientAdmin.delete(`/share_links/${revoked.data.id}`)).statusCode).toBe(204);
    expectGone(await visitor(revoked.token)('GET', `/shared/heatmaps/${consentingPage.id}/points`));
    await gazeOf(visitor(day.token), consentingPage.id);
    await advanceClock(DAY_MS + 1000);
    expectGone(await visitor(day.token)('GET', `/shared/heatmaps/${consentingPage.id}/points`));
  });
});

describe("an insight's clip", () => {
  type ClipInsight = { data: { clip: { video: string; start: number; end: number } | null } };
  const clipOf = async (token: string) =>
    expectOk<ClipInsight>(await visitor(token)('GET', '/shared/insights/1')).data.clip;

  it('plays the highlighted moment when the link allows recordings, until the link is revoked', async () => {
    const { link, path } = await sharedClipOf(ctx.t, ctx.world.client.id, ctx.world.clientAdmin.id);
    const clip = await clipOf(link.token);
    expect(clip).toMatchObject({ start: 17, end: 24 });
    expect(clip?.video.startsWith(`${path}?expires=`)).toBe(true);
    expect(clip?.video).not.toContain('holder=');
    const played = await ctx.t.app.inject({
      method: 'GET',
      url: clip?.video ?? '',
      headers: { range: 'bytes=0-9' },
    });
    expect(played.statusCode).toBe(206);

    await ctx.t.db.update(shareLinks).set({ revokedAt: ctx.t.clock.now }).where(eq(shareLinks.id, link.id));
    expectGone(await ctx.t.app.inject({ method: 'GET', url: clip?.video ?? '' }));
  });

  it('signs the clip to expire with a link that ends sooner than a media URL would', async () => {
    const { link } = await sharedClipOf(ctx.t, ctx.world.client.id, ctx.world.clientAdmin.id);
    const endsAt = new Date(ctx.t.clock.now.getTime() + 30 * 60 * 1000);
    await ctx.t.db.update(shareLinks).set({ expiresAt: endsAt }).where(eq(shareLinks.id, link.id));
    const clip = await clipOf(link.token);
    expect(new URL(clip?.video ?? '', 'http://x').searchParams.get('expires')).toBe(
      String(Math.floor(endsAt.getTime() / 1000)),
    );
  });

  it('has no clip without allow_recordings, nor for a participant who did not consent to show the screen', async () => {
    const withoutRecordings = await sharedClipOf(ctx.t, ctx.world.client.id, ctx.world.clientAdmin.id, {
      allowRecordings: false,
    });
    expect(await clipOf(withoutRecordings.link.token)).toBeNull();
    expectError(
      await ctx.t.app.inject({ method: 'GET', url: ctx.t.sign(withoutRecordings.path) }),
      'not_found',
    );

    const { test, participant, link, path } = await sharedClipOf(
      ctx.t,
      ctx.world.client.id,
      ctx.world.clientAdmin.id,
    );
    const [terms] = await ctx.t.db
      .insert(consentTerms)
      .values({
        testId: test.id,
        version: 1,
        text: 'We record you.',
        streams: ['emotions', 'screen'],
        purposes: ['report'],
      })
      .returning();
    if (!terms) throw new Error('no terms');
    await ctx.t.db.insert(consentRecords).values({
      participantId: participant.id,
      termsId: terms.id,
      streams: ['emotions'],
      purposes: ['report'],
      givenAt: new Date(AT),
      method: 'recorder',
    });
    expect(await clipOf(link.token)).toBeNull();
    expectError(await ctx.t.app.inject({ method: 'GET', url: ctx.t.sign(path) }), 'not_found');
  });
});

describe('expiry, revocation and unknown links', () => {
  it('answers one message for an expired, a revoked and an unknown link', async () => {
    const { test } = await sharedTest();
    const day = await createLink(test.id, { expires_in_days: 1 });
    const revoked = await createLink(test.id);
    expectOk(await visitor(day.token)('GET', '/shared/overview'));
    expectOk(await visitor(revoked.token)('GET', '/shared/overview'));

    expect((await as.clientAdmin.delete(`/share_links/${revoked.data.id}`)).statusCode).toBe(204);
    expectGone(await visitor(revoked.token)('GET', '/shared/overview'));
    expectGone(await visitor(revoked.token)('GET', '/shared'));

    await advanceClock(DAY_MS + 1000);
    expectGone(await visitor(day.token)('GET', '/shared/insights'));
    expectGone(await visitor('f'.repeat(64))('GET', '/shared'));
    expectGone(await visitor('not-a-token')('GET', '/shared'));

    const states = shareLinkListAnswer
      .parse(expectOk(await as.clientAdmin.get(`/companies/${ctx.world.client.id}/share_links`)))
      .data.filter((link) => [day.data.id, revoked.data.id].includes(link.id))
      .map((link) => [link.id, link.state]);
    expect(Object.fromEntries(states)).toEqual({ [day.data.id]: 'expired', [revoked.data.id]: 'revoked' });
  });

  it('offers 1, 7, 30 or 90 days, 30 by default', async () => {
    const { test } = await sharedTest();
    const now = ctx.t.clock.now.getTime() / 1000;
    expect((await createLink(test.id)).data.expires_at).toBeCloseTo(now + 30 * 86_400, -1);
    expect((await createLink(test.id, { expires_in_days: 90 })).data.expires_at).toBeCloseTo(
      now + 90 * 86_400,
      -1,
    );
    expectError(
      await as.clientAdmin.post(`/tests/${test.id}/share_links`, {
        share_link: { scope: 'test', expires_in_days: 14 },
      }),
      'validation',
      { expires_in_days: expect.any(String) },
    );
  });
});

describe('a password-protected link', () => {
  it('waits for its password, then stays open 24 hours', async () => {
    const { test } = await sharedTest();
    const { token } = await createLink(test.id, { password: 'discount-2026' });
    const share = visitor(token);
    const shell = sharedLinkAnswer.parse(expectOk(await share('GET', '/shared'))).data;
    expect(shell).toMatchObject({
      locked: true,
      has_password: true,
      test: null,
      company: ctx.world.client.name,
    });
    expectError(await share('GET', '/shared/overview'), 'unauthenticated');
    expectError(await share('GET', '/shared/insights/1'), 'unauthenticated');
    expectError(await share('POST', '/shared/unlock', { password: 'wrong password' }), 'validation', {
      password: SHARE_LINK_MESSAGES.wrongPassword,
    });
    const unlock = unlockSharedLinkAnswer.parse(
      expectOk(await share('POST', '/shared/unlock', { password: 'discount-2026' })),
    );
    const open = visitor(token, unlock.unlock_token);
    expect(sharedLinkAnswer.parse(expectOk(await open('GET', '/shared'))).data.locked).toBe(false);
    expectOk(await open('GET', '/shared/overview'));
    expectError(
      await visitor(token, `${unlock.expires_at}.forged`)('GET', '/shared/overview'),
      'unauthenticated',
    );

    await advanceClock(DAY_MS + 1000);
    expectError(await open('GET', '/shared/overview'), 'unauthenticated');
  });

  it('stores only the hash of the token and of the password', async () => {
    const { test } = await sharedTest();
    const { token, data, path } = await createLink(test.id, { password: 'discount-2026' });
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(path).toBe(`/s/${token}`);
    const [row] = await ctx.t.db.select().from(shareLinks).where(eq(shareLinks.id, data.id));
    expect(row?.tokenHash).toBe(hashOpaqueToken(token));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('has nothing to unlock without a password (409)', async () => {
    const { test } = await sharedTest();
    expectError(
      await visitor((await createLink(test.id)).token)('POST', '/shared/unlock', { password: 'x' }),
      'conflict',
    );
  });
});

describe('who shares, lists and revokes', () => {
  it('lets the users of the test’s company and staff share a done test, not demo users', async () => {
    const { test } = await sharedTest();
    const body = { share_link: { scope: 'test' } };
    expectOk(await as.clientMember.post(`/tests/${test.id}/share_links`, body), 201);
    expectOk(await as.staff.post(`/tests/${test.id}/share_links`, body), 201);
    expectError(await as.otherAdmin.post(`/tests/${test.id}/share_links`, body), 'not_found');
    const demoTest = await buildTest(ctx.t.db, ctx.world.demo.id, RESULTS_READY);
    expectError(await as.demoUser.post(`/tests/${demoTest.id}/share_links`, body), 'forbidden');
    const draft = await buildTest(ctx.t.db, ctx.world.client.id, { state: 'in-progress' });
    expectError(await as.clientAdmin.post(`/tests/${draft.id}/share_links`, body), 'conflict');
  });

  it('refuses an insight of another test (404) and a test link naming an insight (400)', async () => {
    const { test } = await sharedTest();
    const other = await sharedTest();
    expectError(
      await as.clientAdmin.post(`/tests/${test.id}/share_links`, {
        share_link: { scope: 'insight', insight_id: other.insight.id },
      }),
      'not_found',
    );
    expectError(
      await as.clientAdmin.post(`/tests/${test.id}/share_links`, {
        share_link: { scope: 'test', insight_id: other.insight.id },
      }),
      'validation',
    );
    expectError(
      await as.clientAdmin.post(`/tests/${test.id}/share_links`, { share_link: { scope: 'insight' } }),
      'validation',
      { insight_id: SHARE_LINK_MESSAGES.insightScope },
    );
  });

  it("refuses an Essential test's extra findings, which a client does not read (403)", async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, { state: 'done', testType: 'essential' });
    const [fourth] = await ctx.t.db
      .insert(insights)
      .values({ testId: test.id, assignedId: 4, title: 'An extra finding' })
      .returning();
    const response = await as.staff.post(`/tests/${test.id}/share_links`, {
      share_link: { scope: 'insight', insight_id: fourth?.id },
    });
    expectError(response, 'forbidden');
    expect(response.json().message).toBe(SHARE_LINK_MESSAGES.professionalInsight(4));
  });

  it("lists and revokes for the company's admins and staff; members 403, another company 404", async () => {
    const { test } = await sharedTest();
    const { data } = await createLink(test.id);
    const companyLinks = `/companies/${ctx.world.client.id}/share_links`;
    expectError(await as.clientMember.get(companyLinks), 'forbidden');
    expectError(await as.otherAdmin.get(companyLinks), 'not_found');
    expectError(await as.demoUser.get(companyLinks), 'not_found');
    expect(
      shareLinkListAnswer.parse(expectOk(await as.staff.get(companyLinks))).data.map((link) => link.id),
    ).toContain(data.id);
    expectError(await as.clientMember.delete(`/share_links/${data.id}`), 'forbidden');
    expectError(await as.otherAdmin.delete(`/share_links/${data.id}`), 'not_found');
    expect((await as.clientAdmin.delete(`/share_links/${data.id}`)).statusCode).toBe(204);
    const audit = auditListAnswer.parse(
      expectOk(await as.clientAdmin.get(`/audit?action=share_link_revoked&test_id=${test.id}`)),
    ).data;
    expect(audit).toHaveLength(1);
  });
});

describe('a reel link', () => {
  const reelLink = async (testId: number, insightId: number, link: Record<string, unknown> = {}) =>
    createLink(testId, { scope: 'reel', insight_id: insightId, ...link });
  const reelOf = async (token: string, unlock?: string) =>
    sharedReelAnswer.parse(expectOk(await visitor(token, unlock)('GET', '/shared/reel'))).data;
  const play = (url: string) => ctx.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
  const publish = (insightId: number, published: boolean) =>
    ctx.t.db.update(evidenceReels).set({ published }).where(eq(evidenceReels.insightId, insightId));

  it('is made by the users of the company for a published reel only (409 otherwise, 400 without insight)', async () => {
    const published = await reelInsightOf(ctx.t, ctx.world.client.id);
    const body = { share_link: { scope: 'reel', insight_id: published.insightId } };
    const made = createdShareLinkAnswer.parse(
      expectOk(await as.clientMember.post(`/tests/${published.test.id}/share_links`, body), 201),
    );
    expect(made.data).toMatchObject({
      scope: 'reel',
      insight: { id: published.insightId, assigned_id: 1, title: 'Frustrated at the discount field' },
    });
    expectError(await as.otherAdmin.post(`/tests/${published.test.id}/share_links`, body), 'not_found');
    expectError(
      await as.clientAdmin.post(`/tests/${published.test.id}/share_links`, { share_link: { scope: 'reel' } }),
      'validation',
      { insight_id: SHARE_LINK_MESSAGES.reelScope },
    );
    for (const reel of ['none', 'draft'] as const) {
      const unpublished = await reelInsightOf(ctx.t, ctx.world.client.id, { reel });
      const response = await as.clientAdmin.post(`/tests/${unpublished.test.id}/share_links`, {
        share_link: { scope: 'reel', insight_id: unpublished.insightId },
      });
      expectError(response, 'conflict');
      expect(response.json().message).toBe(SHARE_LINK_MESSAGES.noPublishedReel);
    }
    // published once, then no longer shown to clients
    await publish(published.insightId, false);
    expectError(await as.clientAdmin.post(`/tests/${published.test.id}/share_links`, body), 'conflict');
  });

  it('opens only its shell and its reel, and no other route of the app', async () => {
    const { test, insightId } = await reelInsightOf(ctx.t, ctx.world.client.id);
    const { token } = await reelLink(test.id, insightId);
    expect(await routesOpenTo(token, { id: test.id, iid: insightId, number: 1, link: 1 })).toEqual(
      getAndHead('/shared', '/shared/reel').sort(),
    );
    const share = visitor(token);
    const outOfScope = await share('GET', '/shared/insights/1');
    expectError(outOfScope, 'not_found');
    expect(outOfScope.json().message).toBe(SHARE_LINK_MESSAGES.outOfScope);
    // and a link to the test or to the insight does not read the reel
    for (const link of [{}, { scope: 'insight', insight_id: insightId }]) {
      const other = await visitor((await createLink(test.id, link)).token)('GET', '/shared/reel');
      expectError(other, 'not_found');
      expect(other.json().message).toBe(SHARE_LINK_MESSAGES.outOfScope);
    }
  });

  it('answers the reel with a video that plays and downloads, audits each view, names the insight in the shell', async () => {
    const { test, insightId } = await reelInsightOf(ctx.t, ctx.world.client.id);
    const { token, data } = await reelLink(test.id, insightId);
    const shell = sharedLinkAnswer.parse(expectOk(await visitor(token)('GET', '/shared'))).data;
    expect(shell).toMatchObject({ scope: 'reel', insight_assigned_id: 1, locked: false });
    const reel = await reelOf(token);
    expect(reel).toMatchObject({
      insight_assigned_id: 1,
      insight_title: 'Frustrated at the discount field',
      participants: 1,
      total_participants: 1,
      left_out: 0,
      clips: 1,
    });
    expect(reel.video.startsWith(`/api/v1/shared/links/${data.id}/reel/video?expires=`)).toBe(true);
    expect(reel.video).not.toContain('holder=');
    const played = await play(reel.video);
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.length).toBe(10);
    expect((await ctx.t.app.inject({ method: 'GET', url: reel.video })).statusCode).toBe(200);
    const audit = auditListAnswer.parse(
      expectOk(await as.clientAdmin.get(`/audit?action=share_link_viewed&test_id=${test.id}`)),
    ).data;
    expect(audit.map((entry) => entry.detail.screen).sort()).toEqual(['link', 'reel']);
  });

  it('stops showing the reel when it is unpublished or a participant in it withdraws, and shows it again once published', async () => {
    const { test, insightId } = await reelInsightOf(ctx.t, ctx.world.client.id);
    const { token } = await reelLink(test.id, insightId);
    const { video } = await reelOf(token);
    await publish(insightId, false);
    const gone = await visitor(token)('GET', '/shared/reel');
    expectError(gone, 'not_found');
    expect(gone.json().message).toBe(SHARE_LINK_MESSAGES.reelNotShown);
    expectError(await play(video), 'not_found');
    expectOk(await visitor(token)('GET', '/shared')); // the shell still opens: the page can say why

    await publish(insightId, true);
    expect((await play(video)).statusCode).toBe(206);
    // consent terms come that the participant in the file never agreed to
    await ctx.t.db.insert(consentTerms).values({
      testId: test.id,
      version: 1,
      text: 'We record you.',
      streams: ['emotions', 'eyes', 'mice'],
      purposes: ['report'],
    });
    expectError(await visitor(token)('GET', '/shared/reel'), 'not_found');
    expectError(await play(video), 'not_found');
  });

  it('stops at once when revoked, and at its expiry, to which the video URL is signed', async () => {
    const { test, insightId } = await reelInsightOf(ctx.t, ctx.world.client.id);
    const revoked = await reelLink(test.id, insightId);
    const { video } = await reelOf(revoked.token);
    expect((await as.clientAdmin.delete(`/share_links/${revoked.data.id}`)).statusCode).toBe(204);
    expectGone(await play(video));
    expectGone(await visitor(revoked.token)('GET', '/shared/reel'));

    const day = await reelLink(test.id, insightId, { expires_in_days: 1 });
    const endsAt = new Date(ctx.t.clock.now.getTime() + 30 * 60 * 1000);
    await ctx.t.db.update(shareLinks).set({ expiresAt: endsAt }).where(eq(shareLinks.id, day.data.id));
    const soon = (await reelOf(day.token)).video;
    expect(new URL(soon, 'http://x').searchParams.get('expires')).toBe(
      String(Math.floor(endsAt.getTime() / 1000)),
    );
    await advanceClock(31 * 60 * 1000);
    expectGone(await visitor(day.token)('GET', '/shared/reel'));
    expect((await play(soon)).statusCode).toBe(401); // its signature expired with the link
  });

  it('waits for its password like any link', async () => {
    const { link } = await sharedReelOf(ctx.t, ctx.world.client.id, ctx.world.clientAdmin.id, {
      password: 'reel-secret',
    });
    expectError(await visitor(link.token)('GET', '/shared/reel'), 'unauthenticated');
    const unlock = unlockSharedLinkAnswer.parse(
      expectOk(await visitor(link.token)('POST', '/shared/unlock', { password: 'reel-secret' })),
    );
    expect((await reelOf(link.token, unlock.unlock_token)).insight_title).toBe(
      'Frustrated at the discount field',
    );
  });
});
