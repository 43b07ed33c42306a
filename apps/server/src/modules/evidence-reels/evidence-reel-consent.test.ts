import { REEL_MESSAGES, reelOrNoneAnswer } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { consentRecords, consentTerms, evidenceReels } from '../../db/schema.js';
import { reelInsightOf } from './evidence-reels.route-cases.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const apiPath = (url: string) => url.replace('/api/v1', '');

/** A published reel whose one participant consented to everything a reel shows. */
async function consentedReel() {
  const made = await reelInsightOf(ctx.t, ctx.world.client.id, { reel: 'published' });
  const [terms] = await ctx.t.db
    .insert(consentTerms)
    .values({
      testId: made.test.id,
      version: 1,
      text: 'We record you.',
      streams: ['emotions', 'eyes', 'mice', 'screen', 'voice', 'answers'],
      purposes: ['report', 'norms', 'ai'],
    })
    .returning();
  if (!terms) throw new Error('no terms');
  await ctx.t.db.insert(consentRecords).values({
    participantId: made.participant.id,
    termsId: terms.id,
    streams: ['emotions', 'eyes', 'mice', 'screen', 'voice', 'answers'],
    purposes: ['report', 'norms', 'ai'],
    givenAt: new Date(Date.UTC(2026, 0, 12)),
    method: 'recorder',
  });
  const withdraw = (body: object) =>
    as.staff.post(`/tests/${made.test.id}/participants/${made.participant.id}/consent/withdrawal`, body);
  return { ...made, withdraw };
}

async function storedReel(insightId: number) {
  const [row] = await ctx.t.db.select().from(evidenceReels).where(eq(evidenceReels.insightId, insightId));
  return row;
}

describe('an evidence reel when consent is withdrawn', () => {
  it('loses its file at once and waits, a draft, for a new render', async () => {
    const made = await consentedReel();
    expect(await ctx.t.files.openRead(made.fileKey ?? '')).not.toBeNull();
    expectOk(await made.withdraw({ streams: ['screen'] }), 201);

    expect(await ctx.t.files.openRead(made.fileKey ?? '')).toBeNull();
    expect(await storedReel(made.insightId)).toMatchObject({
      state: 'draft',
      fileKey: null,
      renderedPointIds: [],
      message: REEL_MESSAGES.consentWithdrawn,
      // clients see it again once a researcher renders it (without this participant)
      published: true,
    });
    expect(reelOrNoneAnswer.parse(expectOk(await as.clientMember.get(apiPath(made.url)))).data).toBeNull();
    const research = reelOrNoneAnswer.parse(expectOk(await as.staff.get(apiPath(made.url)))).data;
    expect(research).toMatchObject({ state: 'draft', video: null, message: REEL_MESSAGES.consentWithdrawn });
  });

  it('goes for the gaze, the pointer, the voice, the emotions and the report alike', async () => {
    for (const body of [
      { streams: ['eyes'] },
      { streams: ['mice'] },
      { streams: ['voice'] },
      { streams: ['emotions'] },
      { purposes: ['report'] },
    ]) {
      const made = await consentedReel();
      expectOk(await made.withdraw(body), 201);
      expect(await ctx.t.files.openRead(made.fileKey ?? ''), JSON.stringify(body)).toBeNull();
      expect((await storedReel(made.insightId))?.fileKey, JSON.stringify(body)).toBeNull();
    }
  });

  it('keeps the file when what is withdrawn is not in it (the answers, the norms, the AI)', async () => {
    const made = await consentedReel();
    const before = await storedReel(made.insightId);
    expectOk(await made.withdraw({ streams: ['answers'], purposes: ['norms', 'ai'] }), 201);
    expect(await storedReel(made.insightId)).toEqual(before);
    expect(await ctx.t.files.openRead(made.fileKey ?? '')).not.toBeNull();
  });

  it('goes as well when a paper consent grants less than the one in force', async () => {
    const made = await consentedReel();
    const paper = (streams: string[]) =>
      as.staff.post(`/tests/${made.test.id}/participants/${made.participant.id}/consent`, {
        consent: { version: 1, streams, purposes: ['report', 'norms', 'ai'], given_at: 1768176000 },
      });
    // the same grants again: the file stays
    expectOk(await paper(['emotions', 'eyes', 'mice', 'screen', 'voice', 'answers']), 201);
    expect(await ctx.t.files.openRead(made.fileKey ?? '')).not.toBeNull();
    // without the gaze: it goes
    expectOk(await paper(['emotions', 'mice', 'screen', 'voice', 'answers']), 201);
    expect(await ctx.t.files.openRead(made.fileKey ?? '')).toBeNull();
    expect(await storedReel(made.insightId)).toMatchObject({ state: 'draft', fileKey: null });
  });

  it('makes a render in hand a draft, so that it stores nothing', async () => {
    const made = await consentedReel();
    await ctx.t.db
      .update(evidenceReels)
      .set({ state: 'rendering' })
      .where(eq(evidenceReels.insightId, made.insightId));
    expectOk(await made.withdraw({ streams: ['screen'] }), 201);
    expect(await storedReel(made.insightId)).toMatchObject({ state: 'draft', fileKey: null });
  });
});
