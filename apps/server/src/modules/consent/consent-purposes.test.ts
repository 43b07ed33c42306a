import {
  benchmarkAnswer,
  type ConsentPurpose,
  insightGenerationAnswer,
  insightProposalAnswer,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { categories, consentRecords, consentTerms, tags, testMetrics } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';

/** A purpose that was not granted keeps the participant out of that use (docs/data-rights.md). */

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const AT = Date.UTC(2026, 0, 12, 9, 30);

/** Version 1 of the test's terms, covering every stream and purpose; answers its id. */
async function giveTerms(testId: number) {
  const [terms] = await ctx.t.db
    .insert(consentTerms)
    .values({
      testId,
      version: 1,
      text: 'We record your emotions, gaze and mouse.',
      streams: ['emotions', 'eyes', 'mice', 'screen', 'voice', 'answers'],
      purposes: ['report', 'norms', 'ai'],
    })
    .returning();
  if (!terms) throw new Error('no terms');
  return terms.id;
}

async function consent(participantId: number, termsId: number, purposes: ConsentPurpose[]) {
  await ctx.t.db.insert(consentRecords).values({
    participantId,
    termsId,
    streams: ['emotions', 'eyes', 'mice'],
    purposes,
    givenAt: new Date(AT),
    method: 'recorder',
  });
}

describe('norms and benchmarks', () => {
  const page = (id: number, frustration: number) => ({
    id,
    name: 'Checkout',
    urls: [],
    total_participants: 10,
    average_time: 20_000,
    joy: 0.4,
    attention: 0.5,
    frustration,
    significant_points: [],
  });
  async function measuredTest(categoryId: number, frustration: number) {
    const test = await buildTest(ctx.t.db, ctx.world.other.id, { ...RESULTS_READY, categoryId });
    await ctx.t.db
      .insert(testMetrics)
      .values({ testId: test.id, kind: 'pages', payload: [page(1000 + test.id, frustration)] });
    return test.id;
  }

  it('leaves out of the benchmark every test with a participant who did not grant anonymised reuse', async () => {
    const [category] = await ctx.t.db
      .insert(categories)
      .values({ name: `Consent category ${Date.now()}` })
      .returning();
    if (!category) throw new Error('no category');
    const own = await measuredTest(category.id, 0.35);
    const reference = [];
    for (const frustration of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
      reference.push(await measuredTest(category.id, frustration));
    const [granted, refused, silent] = reference as [number, number, number];
    // Granted 'norms': counted. Refused it: left out. No consent at all on a test with terms: left out.
    const grantedTerms = await giveTerms(granted);
    await consent((await buildParticipant(ctx.t, granted)).id, grantedTerms, ['report', 'norms']);
    const refusedTerms = await giveTerms(refused);
    await consent((await buildParticipant(ctx.t, refused)).id, refusedTerms, ['report', 'ai']);
    await consent((await buildParticipant(ctx.t, refused)).id, refusedTerms, ['report', 'norms', 'ai']);
    await giveTerms(silent);
    await buildParticipant(ctx.t, silent);
    // A test without terms (legacy) counts as before.
    const read = async () =>
      benchmarkAnswer.parse(expectOk(await as.staff.get(`/tests/${own}/benchmark`))).data.category_group;
    const group = await read();
    expect(group).toMatchObject({ tests: 4, is_shown: false });

    // The refusing participant grants norms on paper: the test counts again, at once.
    const [refusedParticipant] = await ctx.t.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.termsId, refusedTerms))
      .orderBy(consentRecords.id);
    if (!refusedParticipant) throw new Error('no record');
    await consent(refusedParticipant.participantId, refusedTerms, ['report', 'norms']);
    const regained = await read();
    expect(regained).toMatchObject({ tests: 5, is_shown: true });
    // 0.35 above 0.1, 0.2, 0.3 of 0.1, 0.2, 0.4, 0.5, 0.6 (0.3 is the silent test's): 0.1, 0.2 → 40th
    expect(regained?.test?.frustration.percentile).toBe(40);
  });
});

describe('AI prompts', () => {
  /** A test with terms and three participants' points on one tag; the third did not grant AI processing. */
  async function shopTest() {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, {
      name: 'Shoe shop',
      purpose: 'Why do buyers leave the cart?',
    });
    const termsId = await giveTerms(test.id);
    const visit = { timestampStart: AT, timestampEnd: AT + 60_000, label: { name: 'Cart', urls: [] } };
    const participant = async (comment: string, purposes: ConsentPurpose[]) => {
      const { id } = await buildParticipant(ctx.t, test.id, {
        significantPoints: [{ emotion: 'frustration', comment, tags: ['Discount'], timestampTop: AT + 1000 }],
        sections: [visit],
      });
      await consent(id, termsId, purposes);
      return id;
    };
    await participant('De discount code werkt niet', ['report', 'norms', 'ai']);
    await participant('Waar vul ik de code in?', ['report', 'ai']);
    const withheld = await participant('Mijn geheime opmerking', ['report', 'norms']);
    const [tag] = await ctx.t.db.select().from(tags).where(eq(tags.testId, test.id));
    if (!tag) throw new Error('no tag');
    return { testId: test.id, tagId: tag.id, withheld, termsId };
  }

  async function generate(testId: number, tagId: number) {
    const queued = insightGenerationAnswer.parse(
      expectOk(await as.staff.post(`/tests/${testId}/ai/insights`, { tag_id: tagId }), 202),
    );
    await runJobsUntilIdle(
      {
        db: ctx.t.db,
        files: ctx.t.files,
        log: ctx.t.app.log,
        clock: () => ctx.t.clock.now,
        ai: ctx.t.config.ai,
      },
      JOB_HANDLERS,
    );
    return insightGenerationAnswer.parse(
      expectOk(await as.staff.get(`/tests/${testId}/ai/insights/${queued.id}`)),
    );
  }

  it("leaves a participant without 'ai' out of the prompt, and the wizard's answer says how many and why", async () => {
    const shop = await shopTest();
    const ended = await generate(shop.testId, shop.tagId);
    expect(ended.state).toBe('done');
    const answer = insightProposalAnswer.parse(ended.result);
    expect(answer.points.map((point) => point.participant_id)).not.toContain(shop.withheld);
    expect(answer.points).toHaveLength(2);
    expect(answer.participants_left_out).toBe(1);
    expect(answer.left_out_message).toBe('1 participant is left out: they did not consent to AI processing.');
    expect(JSON.stringify(answer.proposal)).not.toContain('geheime');
  });

  it('refuses to generate from a tag whose points all come from participants without AI consent', async () => {
    const shop = await shopTest();
    const points = await ctx.t.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.termsId, shop.termsId));
    for (const record of points) await consent(record.participantId, shop.termsId, ['report']);
    const refused = await as.staff.post(`/tests/${shop.testId}/ai/insights`, { tag_id: shop.tagId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.tag_id[0]).toMatch(/did not consent to AI processing/);
  });
});
