import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWorld, useWorld } from '../../../test/api.js';
import {
  buildCompany,
  buildParticipant,
  buildPublishedReel,
  buildTest,
  pointIdsOf,
  RESULTS_READY,
} from '../../../test/factories.js';
import { evidenceReels } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

/** A done test of the company with a participant's point and two published reels showing it. */
async function testWithReels(companyId: number) {
  const test = await buildTest(ctx.t.db, companyId, RESULTS_READY);
  const participant = await buildParticipant(ctx.t, test.id, {
    significantPoints: [
      { emotion: 'frustration', timestampTop: Date.UTC(2026, 0, 12, 9, 30, 4), comment: 'Sighs', tags: [] },
    ],
  });
  const points = await pointIdsOf(ctx.t.db, participant.id);
  return {
    test,
    first: await buildPublishedReel(ctx.t, test.id, points),
    second: await buildPublishedReel(ctx.t, test.id, points),
  };
}

const reelExists = async (id: number) =>
  (await ctx.t.db.select().from(evidenceReels).where(eq(evidenceReels.id, id))).length > 0;

describe('the files of reels whose rows are deleted', () => {
  it("go with their insight; the test's other reels keep theirs", async () => {
    const { test, first, second } = await testWithReels(ctx.world.client.id);
    expect((await as.staff.delete(`/tests/${test.id}/insights/${first.insightId}`)).statusCode).toBe(204);
    expect(await reelExists(first.reel.id)).toBe(false);
    expect(await ctx.t.files.size(first.fileKey)).toBeNull();
    expect(await reelExists(second.reel.id)).toBe(true);
    expect(await ctx.t.files.size(second.fileKey)).not.toBeNull();
  });

  it('go with their test', async () => {
    const { test, first, second } = await testWithReels(ctx.world.client.id);
    const other = await testWithReels(ctx.world.client.id);
    expect((await as.staff.delete(`/tests/${test.id}`)).statusCode).toBe(200);
    for (const { fileKey } of [first, second]) expect(await ctx.t.files.size(fileKey)).toBeNull();
    expect(await ctx.t.files.size(other.first.fileKey)).not.toBeNull();
  });

  it('go with their company', async () => {
    const company = await buildCompany(ctx.t.db);
    const { first, second } = await testWithReels(company.id);
    const other = await testWithReels(ctx.world.client.id);
    expect((await as.superAdmin.delete(`/companies/${company.id}`)).statusCode).toBe(204);
    for (const { fileKey } of [first, second]) expect(await ctx.t.files.size(fileKey)).toBeNull();
    expect(await ctx.t.files.size(other.first.fileKey)).not.toBeNull();
  });
});
