import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentOption, ImportError, main } from '../../../scripts/import.js';
import { consentRecords, consentTerms, participants } from '../src/db/schema.js';
import { apiClient, expectOk, useWorld } from './api.js';
import { buildTest, RESULTS_READY, signIn } from './factories.js';

const SAMPLE = fileURLToPath(new URL('../../../scripts/import-sample', import.meta.url));

describe('import CLI with consent (scripts/import.ts)', () => {
  const ctx = useWorld();
  let url: string;
  let key: string;
  const tmpDirs: string[] = [];

  beforeAll(async () => {
    url = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));
    key = expectOk<{ key: string }>(await staff.post('/test_setups', { name: 'Import lab' }), 201).key;
  });
  afterAll(() => {
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A done test with version 1 of terms covering the sample's streams and every purpose. */
  const testWithTerms = async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    await ctx.t.db.insert(consentTerms).values({
      testId: test.id,
      version: 1,
      text: 'We record your emotions, gaze and mouse.',
      streams: ['emotions', 'eyes', 'mice', 'screen'],
      purposes: ['report', 'norms', 'ai'],
    });
    return test.id;
  };
  const run = async (testId: number, extra: string[] = []) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await main(
      [SAMPLE, '--url', url, '--key', key, '--test', String(testId), ...extra],
      { log: (line) => lines.push(line), error: (line) => errors.push(line) },
      { retryMs: 10, attempts: 2 },
    );
    return { code, out: lines.join('\n'), err: errors.join('\n') };
  };
  const recordsOf = (testId: number) =>
    ctx.t.db
      .select({ realId: participants.realId, record: consentRecords })
      .from(consentRecords)
      .innerJoin(participants, eq(participants.id, consentRecords.participantId))
      .where(eq(participants.testId, testId))
      .orderBy(participants.realId);

  it('sends the consent of a file with every participant (method import), once on a rerun', async () => {
    const testId = await testWithTerms();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-consent-'));
    tmpDirs.push(dir);
    const file = path.join(dir, 'consent.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        streams: ['emotions', 'eyes', 'mice'],
        purposes: ['report', 'norms'],
        given_at: '2026-01-12T09:00:00Z',
      }),
    );
    const result = await run(testId, ['--consent-file', file]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect((await run(testId, ['--consent-file', file])).code).toBe(0);
    const records = await recordsOf(testId);
    expect(records.map((row) => row.realId)).toEqual(['sample-1', 'sample-2']);
    for (const { record } of records)
      expect(record).toMatchObject({
        method: 'import',
        streams: ['emotions', 'eyes', 'mice'],
        purposes: ['report', 'norms'],
        givenAt: new Date('2026-01-12T09:00:00Z'),
      });
  });

  it('stops, naming the stream and the version, when the consent does not grant a stream of the import', async () => {
    const testId = await testWithTerms();
    const result = await run(testId, [
      '--consent-version',
      '1',
      '--consent-streams',
      'emotions,mice',
      '--consent-purposes',
      'report',
    ]);
    expect(result.code).toBe(1);
    // Told before the first call, from the consent the import would send: nothing reaches the server.
    expect(result.err).toMatch(
      /sample-1: Participant sample-1 did not consent to gaze \(eyes\) under consent version 1: nothing of it is stored; nothing was sent/,
    );
    expect(await recordsOf(testId)).toEqual([]);
  });

  it('stops on a test with terms when no consent is given, and imports a legacy test without one', async () => {
    const result = await run(await testWithTerms());
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/Participant sample-1 has no consent record/);
    const legacy = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    expect((await run(legacy.id)).code).toBe(0);
  });

  it('reads the consent flags and refuses bad ones before anything is sent', () => {
    expect(
      consentOption({
        'consent-version': '2',
        'consent-streams': 'eyes, mice',
        'consent-purposes': 'report',
        'consent-given-at': '1768208400',
      }),
    ).toEqual({ version: 2, streams: ['eyes', 'mice'], purposes: ['report'], givenAt: 1_768_208_400_000 });
    expect(consentOption({})).toBeNull();
    expect(() => consentOption({ 'consent-version': 'one', 'consent-streams': 'eyes' })).toThrow(ImportError);
    expect(() =>
      consentOption({ 'consent-version': '1', 'consent-streams': 'eyes,brainwaves', 'consent-purposes': '' }),
    ).toThrow(/"brainwaves" is none of emotions, eyes, mice, screen, voice, answers/);
    expect(() => consentOption({ 'consent-file': '/nonexistent/consent.json' })).toThrow(/cannot be read/);
    expect(() => consentOption({ 'consent-file': 'x.json', 'consent-version': '1' })).toThrow(/not both/);
  });
});
