import { CONSENT_PURPOSES, CONSENT_STREAMS } from '@limbus/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { consentRecords, consentTerms, participants, tests } from '../db/schema.js';
import { DEMO_CONSENT_TEXT, DEMO_WITHOUT_AI, seedDemoConsent } from './demo-consent.js';
import { seedDemoData } from './demo-data.js';
import { seedDemoWebTests } from './demo-recordings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const now = new Date();
  await seedDemoData(t.db, now);
  await seedDemoWebTests(
    { db: t.db, files: t.files, log: t.app.log, clock: () => t.clock.now },
    { now, participantsPerTest: 5 },
  );
  await seedDemoConsent(t.db);
}, 300_000);
afterAll(() => t?.close());

describe('demo consent', () => {
  it('gives every demo test version 1 of its terms', async () => {
    const all = await t.db.select({ id: tests.id }).from(tests);
    const terms = await t.db.select().from(consentTerms);
    expect(new Set(terms.map((row) => row.testId))).toEqual(new Set(all.map((row) => row.id)));
    expect(terms.every((row) => row.version === 1 && row.text === DEMO_CONSENT_TEXT)).toBe(true);
  });

  it("records the recorder's consent of every participant, two of each recorded test without AI processing", async () => {
    const people = await t.db
      .select({ id: participants.id, testId: participants.testId })
      .from(participants)
      .where(eq(participants.type, 'default'));
    expect(people.length).toBeGreaterThan(0);
    const records = await t.db
      .select()
      .from(consentRecords)
      .where(
        inArray(
          consentRecords.participantId,
          people.map((person) => person.id),
        ),
      );
    expect(records).toHaveLength(people.length);
    const termsById = new Map((await t.db.select().from(consentTerms)).map((row) => [row.id, row]));
    for (const record of records) {
      expect(record.method).toBe('recorder');
      // The terms were written before anyone signed them.
      expect(termsById.get(record.termsId)?.createdAt.getTime()).toBeLessThan(record.givenAt.getTime());
      // Everything but what only a browser session reads.
      expect(record.streams).toEqual(CONSENT_STREAMS.filter((stream) => stream !== 'expressions'));
    }
    const testIds = new Set(people.map((person) => person.testId));
    for (const testId of testIds) {
      const ofTest = new Set(people.filter((person) => person.testId === testId).map((person) => person.id));
      const withoutAi = records.filter(
        (record) => ofTest.has(record.participantId) && !record.purposes.includes('ai'),
      );
      expect(withoutAi, `test ${testId}`).toHaveLength(DEMO_WITHOUT_AI);
      for (const record of withoutAi) expect(record.purposes).toEqual(['report', 'norms']);
    }
    expect(records.filter((record) => record.purposes.length === CONSENT_PURPOSES.length).length).toBe(
      people.length - DEMO_WITHOUT_AI * testIds.size,
    );
  });

  it('writes nothing twice when it runs again (a start killed midway resumes)', async () => {
    const before = await t.db.select().from(consentRecords);
    await seedDemoConsent(t.db);
    expect(await t.db.select().from(consentRecords)).toHaveLength(before.length);
    const terms = await t.db
      .select()
      .from(consentTerms)
      .where(and(eq(consentTerms.version, 2)));
    expect(terms).toEqual([]);
  });
});
