import { processingRecordSchema } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildCompany, buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { companies } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const recordOf = (response: Parameters<typeof expectOk>[0]) =>
  processingRecordSchema.parse(expectOk<{ data: unknown }>(response).data);

async function consentedParticipant(testId: number, streams: string[], purposes: string[]) {
  const { id } = await buildParticipant(ctx.t, testId);
  const given_at = Math.floor(ctx.t.clock.now.getTime() / 1000) - 3_600;
  expectOk(
    await as.staff.post(`/tests/${testId}/participants/${id}/consent`, {
      consent: { version: 1, streams, purposes, given_at },
    }),
    201,
  );
  return id;
}

describe("a company's record of processing (Art. 30)", () => {
  it("reads the company's tests, the consents in force and its retention policy", async () => {
    const company = await buildCompany(ctx.t.db, { name: 'Record Co', address: 'Keizersgracht 1' });
    const test = await buildTest(ctx.t.db, company.id, { ...RESULTS_READY, name: 'Checkout study' });
    expectOk(
      await as.staff.post(`/tests/${test.id}/consent-terms`, {
        terms: {
          text: 'We record your emotions, gaze and screen for the report, the norms and AI text.',
          streams: ['emotions', 'eyes', 'screen'],
          purposes: ['report', 'norms', 'ai'],
        },
      }),
      201,
    );
    await consentedParticipant(test.id, ['emotions', 'eyes', 'screen'], ['report', 'norms', 'ai']);
    const withdrawing = await consentedParticipant(test.id, ['emotions', 'eyes'], ['report', 'norms']);
    expectOk(
      await as.staff.post(`/tests/${test.id}/participants/${withdrawing}/consent/withdrawal`, {
        purposes: ['norms'],
      }),
      201,
    );
    await buildParticipant(ctx.t, test.id); // recorded before any consent was entered
    const legacy = await buildTest(ctx.t.db, company.id, { name: 'Legacy study' });
    expectOk(
      await as.staff.put(`/companies/${company.id}/retention`, {
        recordings_days: 30,
        streams_days: 365,
        derived_days: null,
      }),
    );

    const record = recordOf(await as.staff.get(`/companies/${company.id}/record-of-processing`));

    expect(record.controller).toEqual({
      company_id: company.id,
      name: 'Record Co',
      address: 'Keizersgracht 1, 1000 AA Amsterdam',
      contact: null,
    });
    expect(record.processor.name).toBe('Provider');
    expect(record.data_subjects).toEqual({ tests: 2, participants: 3, with_consent: 2 });
    // The withdrawal is in force: one participant still grants the norms.
    expect(Object.fromEntries(record.purposes.map((p) => [p.purpose, p.granted]))).toEqual({
      report: 2,
      norms: 1,
      ai: 1,
    });
    const categories = Object.fromEntries(record.data_categories.map((c) => [c.stream, c]));
    expect(categories.emotions).toMatchObject({ granted: 2, special_category: true });
    expect(categories.screen).toMatchObject({ granted: 1, special_category: false });
    expect(categories.voice).toMatchObject({ granted: 0 });
    expect(record.tests).toEqual([
      {
        id: test.id,
        name: 'Checkout study',
        participants: 3,
        terms_version: 1,
        streams: ['emotions', 'eyes', 'screen'],
        purposes: ['report', 'norms', 'ai'],
      },
      {
        id: legacy.id,
        name: 'Legacy study',
        participants: 0,
        terms_version: null,
        streams: [],
        purposes: [],
      },
    ]);
    expect(record.retention).toMatchObject({ recordings_days: 30, streams_days: 365, is_default: false });
    // The test installation: embedded database, local files, the built-in AI text.
    expect(record.locations.files).toMatch(/local disk/);
    expect(record.recipients.at(-1)).toMatch(/^No AI provider/);
    expect(record.security_measures.length).toBeGreaterThan(3);
  });

  it("names the company's admin as its contact", async () => {
    await ctx.t.db
      .update(companies)
      .set({ adminId: ctx.world.clientAdmin.id })
      .where(eq(companies.id, ctx.world.client.id));
    const record = recordOf(
      await as.clientAdmin.get(`/companies/${ctx.world.client.id}/record-of-processing`),
    );
    expect(record.controller.contact?.email).toBe(ctx.world.clientAdmin.email);
    expect(record.controller.name).toBe('Client Co');
  });

  it("is for staff and the company's own admins only; others' admins and an unknown company 404", async () => {
    const url = `/companies/${ctx.world.client.id}/record-of-processing`;
    expectOk(await as.staff.get(url));
    expectOk(await as.superAdmin.get(url));
    expectError(await as.clientMember.get(url), 'forbidden');
    // another company's admin is told nothing of this company (issue 28, finding 7)
    expectError(await as.otherAdmin.get(url), 'not_found');
    expectError(await as.demoUser.get(url), 'not_found');
    expectError(await as.anonymous.get(url), 'unauthenticated');
    expectError(await as.staff.get('/companies/999999/record-of-processing'), 'not_found');
  });
});
