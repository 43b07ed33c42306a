import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_MESSAGES, type TestDetail, testDetailSchema } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildTest, signIn } from '../../../test/factories.js';
import { tests } from '../../db/schema.js';
import { runFfmpeg } from '../../media/ffmpeg.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let workDir: string;
const clips: Record<'mp4' | 'mov' | 'mkv', Buffer> = {} as never;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-test-form-'));
  for (const extension of ['mp4', 'mov', 'mkv'] as const) {
    const file = path.join(workDir, `clip.${extension}`);
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10',
      '-t',
      '1',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    clips[extension] = fs.readFileSync(file);
  }
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

type Entry = [string, string | { bytes: Buffer; filename: string; type?: string }];

/** Sends a multipart/form-data body as a browser does. */
async function sendForm(
  method: 'POST' | 'PATCH',
  url: string,
  entries: Entry[],
  user: 'clientAdmin' | 'demoUser' = 'clientAdmin',
) {
  const form = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([value.bytes], { type: value.type ?? 'video/mp4' }), value.filename);
  }
  const encoded = new Response(form);
  const { authorization } = await signIn(ctx.t.app, ctx.world[user].email);
  return ctx.t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', authorization },
  });
}

/** Every file of the store under test-videos/. */
function storedVideos(): string[] {
  const dir = path.join(ctx.t.dataDir, 'files', 'test-videos');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

const comparable = (test: TestDetail) => {
  const {
    id: _id,
    updated_at: _u,
    created_at: _c,
    associations,
    open_questions,
    evaluations,
    ...rest
  } = test;
  const texts = (list: { text: string }[]) => list.map((question) => question.text);
  return {
    ...rest,
    associations: texts(associations),
    open_questions: texts(open_questions),
    evaluations: texts(evaluations),
  };
};

describe('POST /tests as multipart/form-data', () => {
  it('makes the same test as the same fields sent as JSON', async () => {
    const json = {
      name: 'Form test',
      purpose: 'Compare',
      test_type: 'essential',
      state: 'requested',
      scenario: 'Look around',
      url: 'https://shop.example',
      stop_moment: 'Thanks page',
      target_group: 'custom',
      custom_target: 'Students',
      external_app: true,
      focus_elements: ['Menu', 'Footer'],
      addons: ['tagon', 'individual_participant'],
      open_questions: [{ text: 'Why?' }, { text: '' }],
      associations: [{ text: 'Modern' }],
      evaluations: [{ text: 'Easy?', caption_low: 'No', caption_high: 'Yes' }],
    };
    const fromJson = testDetailSchema.parse(
      expectOk(await as.clientAdmin.post('/tests', { test: json }), 201),
    );
    const response = await sendForm('POST', '/tests', [
      ['test[name]', 'Form test'],
      ['test[purpose]', 'Compare'],
      ['test[test_type]', 'essential'],
      ['test[state]', 'requested'],
      ['test[scenario]', 'Look around'],
      ['test[url]', 'https://shop.example'],
      ['test[stop_moment]', 'Thanks page'],
      ['test[target_group]', 'custom'],
      ['test[custom_target]', 'Students'],
      ['test[external_app]', 'true'],
      ['test[focus_elements][]', 'Menu'],
      ['test[focus_elements][]', 'Footer'],
      ['test[addons][]', 'tagon'],
      ['test[addons][]', 'individual_participant'],
      ['test[open_questions][1][text]', ''],
      ['test[open_questions][0][text]', 'Why?'],
      ['test[associations][0][text]', 'Modern'],
      ['test[evaluations][0][text]', 'Easy?'],
      ['test[evaluations][0][caption_low]', 'No'],
      ['test[evaluations][0][caption_high]', 'Yes'],
    ]);
    const fromForm = testDetailSchema.parse(expectOk(response, 201));
    expect(comparable(fromForm)).toEqual(comparable(fromJson));
  });

  it('stores an MP4, MOV or MKV video by its content and serves it by the signed URL', async () => {
    for (const extension of ['mp4', 'mov', 'mkv'] as const) {
      const response = await sendForm('POST', '/tests', [
        ['test[name]', `Commercial ${extension}`],
        ['test[platform]', 'video'],
        ['test[video]', { bytes: clips[extension], filename: `spot.${extension}` }],
      ]);
      const test = testDetailSchema.parse(expectOk(response, 201));
      expect(test.video).toMatch(new RegExp(`^/api/v1/tests/${test.id}/video\\?`));
      const served = await ctx.t.app.inject({ url: test.video ?? '' });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(clips[extension])).toBe(true);
      const [row] = await ctx.t.db.select({ video: tests.video }).from(tests).where(eq(tests.id, test.id));
      expect(row?.video).toMatch(new RegExp(`^test-videos/[0-9a-f]{24}\\.${extension}$`));
    }
  });

  it('refuses a text file named .mp4 and random bytes with 400 and stores nothing', async () => {
    const before = storedVideos();
    for (const bytes of [Buffer.from('These are my notes, not a video.'), Buffer.alloc(5000, 3)]) {
      const response = await sendForm('POST', '/tests', [
        ['test[name]', 'Not a video'],
        ['test[platform]', 'video'],
        ['test[video]', { bytes, filename: 'notes.mp4' }],
      ]);
      expectError(response, 'validation', { video: TEST_MESSAGES.notAVideo });
    }
    expect(storedVideos()).toEqual(before);
    const names = await ctx.t.db
      .select({ name: tests.name })
      .from(tests)
      .where(eq(tests.name, 'Not a video'));
    expect(names).toEqual([]);
  });

  it('refuses a form of a demo user before reading it', async () => {
    const response = await sendForm(
      'POST',
      '/tests',
      [
        ['test[name]', 'Demo'],
        ['test[platform]', 'video'],
        ['test[video]', { bytes: clips.mp4, filename: 'spot.mp4' }],
      ],
      'demoUser',
    );
    expectError(response, 'forbidden');
    expect(response.json().message).toBe(TEST_MESSAGES.demoCannotOrder);
  });
});

describe('PATCH /tests/{id} as multipart/form-data', () => {
  it('replaces the video of a draft and removes the old file', async () => {
    const created = testDetailSchema.parse(
      expectOk(
        await sendForm('POST', '/tests', [
          ['test[name]', 'Replace me'],
          ['test[platform]', 'video'],
          ['test[video]', { bytes: clips.mp4, filename: 'first.mp4' }],
        ]),
        201,
      ),
    );
    const [before] = await ctx.t.db
      .select({ video: tests.video })
      .from(tests)
      .where(eq(tests.id, created.id));
    const response = await sendForm('PATCH', `/tests/${created.id}`, [
      ['test[purpose]', 'Second cut'],
      ['test[video]', { bytes: clips.mkv, filename: 'second.mkv' }],
    ]);
    const changed = testDetailSchema.parse(expectOk(response));
    expect(changed.purpose).toBe('Second cut');
    const [after] = await ctx.t.db.select({ video: tests.video }).from(tests).where(eq(tests.id, created.id));
    expect(after?.video).toMatch(/\.mkv$/);
    expect(await ctx.t.files.size(before?.video ?? '')).toBeNull();
    expect(await ctx.t.files.size(after?.video ?? '')).toBe(clips.mkv.length);
  });

  it('edits questions by index with ids and _destroy, like the JSON body', async () => {
    const created = testDetailSchema.parse(
      expectOk(
        await as.clientAdmin.post('/tests', {
          test: { name: 'Questions', open_questions: [{ text: 'One?' }, { text: 'Two?' }] },
        }),
        201,
      ),
    );
    const [one, two] = created.open_questions;
    const response = await sendForm('PATCH', `/tests/${created.id}`, [
      ['test[open_questions][0][id]', String(one?.id)],
      ['test[open_questions][0][text]', 'One?'],
      ['test[open_questions][0][_destroy]', '1'],
      ['test[open_questions][1][id]', String(two?.id)],
      ['test[open_questions][1][text]', 'Two, edited?'],
      ['test[open_questions][2][text]', 'Three?'],
      ['test[video]', ''],
    ]);
    const changed = testDetailSchema.parse(expectOk(response));
    expect(changed.open_questions.map((question) => question.text)).toEqual(['Two, edited?', 'Three?']);
  });

  it('lets a client add the missing video of its requested video test, and nothing more', async () => {
    const requested = await buildTest(ctx.t.db, ctx.world.client.id, {
      platform: 'video',
      state: 'requested',
    });
    const video: Entry = ['test[video]', { bytes: clips.mp4, filename: 'later.mp4' }];
    // a field besides the video is a change of a requested test
    expectError(
      await sendForm('PATCH', `/tests/${requested.id}`, [['test[purpose]', 'Changed'], video]),
      'forbidden',
    );
    // JSON without a video changes nothing (400, issue 16), a field of it is refused
    expectError(await as.clientAdmin.patch(`/tests/${requested.id}`, { test: {} }), 'validation');
    expectError(
      await as.clientAdmin.patch(`/tests/${requested.id}`, { test: { purpose: 'Changed' } }),
      'forbidden',
    );

    const saved = testDetailSchema.parse(
      expectOk(await sendForm('PATCH', `/tests/${requested.id}`, [video])),
    );
    expect(saved.state).toBe('requested');
    expect(saved.purpose).toBe(requested.purpose);
    expect(saved.video).not.toBeNull();
    const [row] = await ctx.t.db.select({ video: tests.video }).from(tests).where(eq(tests.id, requested.id));
    expect(await ctx.t.files.size(row?.video ?? '')).toBe(clips.mp4.length);

    // once it has a video, the requested test is closed to clients again
    expectError(await sendForm('PATCH', `/tests/${requested.id}`, [video]), 'forbidden');
    const web = await buildTest(ctx.t.db, ctx.world.client.id, { platform: 'desktop', state: 'requested' });
    expectError(await sendForm('PATCH', `/tests/${web.id}`, [video]), 'forbidden');
  });

  it('refuses a form for another company’s test before reading it', async () => {
    const others = await buildTest(ctx.t.db, ctx.world.other.id, { platform: 'video' });
    const response = await sendForm('PATCH', `/tests/${others.id}`, [
      ['test[video]', { bytes: clips.mp4, filename: 'spot.mp4' }],
    ]);
    expectError(response, 'not_found');
  });
});

describe('a video over the installation’s limit', () => {
  const small = useWorld({ VIDEO_MAX_BYTES: '20000' });

  it('answers 413 naming the video and stores nothing', async () => {
    const { authorization } = await signIn(small.t.app, small.world.clientAdmin.email);
    const form = new FormData();
    form.append('test[name]', 'Too long');
    form.append('test[platform]', 'video');
    form.append('test[video]', new Blob([Buffer.alloc(30_000, 1)], { type: 'video/mp4' }), 'long.mp4');
    const encoded = new Response(form);
    const response = await small.t.app.inject({
      method: 'POST',
      url: '/api/v1/tests',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '', authorization },
    });
    expectError(response, 'payload_too_large', { video: TEST_MESSAGES.videoTooLarge });
    expect(fs.existsSync(path.join(small.t.dataDir, 'files', 'test-videos'))).toBe(false);
    expect(await small.t.db.select().from(tests).where(eq(tests.name, 'Too long'))).toEqual([]);
  });
});
