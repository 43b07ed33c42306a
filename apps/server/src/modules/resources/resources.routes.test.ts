import fs from 'node:fs';
import path from 'node:path';
import {
  RESOURCE_IMAGE_MAX_BYTES,
  RESOURCE_IMAGE_REFUSED,
  type Resource,
  resourceImageAnswer,
  resourceListAnswer,
  resourceSchema,
  resourceTagListAnswer,
} from '@limbus/contract';
import { loadImage } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiClient,
  expectError,
  expectOk,
  signInWorld,
  useWorld,
} from '../../../test/api.js';
import { buildCompany, buildContract, buildUser, signIn } from '../../../test/factories.js';
import { IMAGES, multipartFile } from '../../../test/images.js';
import { detectImageFormat } from './resource-images.js';
import { uniqueTags } from './resources.service.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
/** Signed-in users the clients above lack: their bearer tokens, for uploads. */
let tokens: Record<'staff' | 'clientAdmin', string>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  tokens = {
    staff: (await signIn(ctx.t.app, ctx.world.staff.email)).authorization,
    clientAdmin: (await signIn(ctx.t.app, ctx.world.clientAdmin.email)).authorization,
  };
});

let sequence = 0;

async function create(client: ApiClient, fields: Record<string, unknown> = {}): Promise<Resource> {
  const resource = { title: `Article ${++sequence}`, resource_type: 0, ...fields };
  return resourceSchema.parse(expectOk(await client.post('/resources', { resource }), 201));
}

async function upload(
  authorization: string,
  bytes: Uint8Array,
  options?: Parameters<typeof multipartFile>[1],
) {
  const { payload, headers } = await multipartFile(bytes, options);
  return ctx.t.app.inject({
    method: 'POST',
    url: '/api/v1/resource_images',
    payload,
    headers: { ...headers, authorization },
  });
}

async function uploaded(bytes: Uint8Array = IMAGES.png) {
  return resourceImageAnswer.parse(expectOk(await upload(tokens.staff, bytes), 201));
}

const listIds = async (client: ApiClient) =>
  resourceListAnswer.parse(expectOk(await client.get('/resources'))).map((row) => row.id);

/** How many uploaded images the file store holds. */
function fileCount(): number {
  const folder = path.join(ctx.t.dataDir, 'files', 'resource-images');
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
}

describe('POST /resources', () => {
  it('creates an article with every field, its tags and a sanitized body', async () => {
    const image = await uploaded();
    const created = await create(as.staff, {
      title: '  How to order a test  ',
      body: '<h2>Steps</h2><p onclick="x()">Open <a href="https://limbus.test/create-test">the form</a></p><script>alert(1)</script>',
      resource_type: 0,
      tags: ['Ordering', 'Help', 'ordering'],
      date: '2026-03-01',
      author: 'Limbus team',
      author_id: ctx.world.staff.id,
      published: true,
      image: image.name,
    });
    expect(created).toMatchObject({
      title: 'How to order a test',
      resource_type: 0,
      tags: ['Help', 'Ordering'],
      date: '2026-03-01',
      author: 'Limbus team',
      author_id: ctx.world.staff.id,
      published: true,
      image: image.url,
      body: '<h2>Steps</h2><p>Open <a href="https://limbus.test/create-test" target="_blank" rel="noopener noreferrer nofollow">the form</a></p>',
    });
    expect(resourceSchema.parse(expectOk(await as.clientMember.get(`/resources/${created.id}`)))).toEqual(
      created,
    );
  });

  it('defaults to a draft of today by the signed-in author, without tags or body', async () => {
    const created = await create(as.staff);
    expect(created).toMatchObject({
      published: false,
      tags: [],
      body: '',
      image: null,
      author_id: ctx.world.staff.id,
      author: expect.stringMatching(/^First Last/),
      date: new Date().toISOString().slice(0, 10),
    });
  });

  it('refuses an author who may not write articles, and an image that was not uploaded', async () => {
    const before = await listIds(as.superAdmin);
    expectError(
      await as.staff.post('/resources', {
        resource: { title: 'X', resource_type: 1, author_id: ctx.world.clientAdmin.id },
      }),
      'validation',
      { author_id: 'Choose an author of the provider company' },
    );
    expectError(
      await as.staff.post('/resources', {
        resource: { title: 'X', resource_type: 1, image: `${'a'.repeat(32)}.png` },
      }),
      'validation',
      { image: 'This image was not uploaded; upload it again' },
    );
    expectError(
      await as.staff.post('/resources', { resource: { title: 'X', resource_type: 5 } }),
      'validation',
      { resource_type: 'Choose a type' },
    );
    expect(await listIds(as.superAdmin)).toEqual(before);
  });

  it('lets another provider user be named as the author', async () => {
    const created = await create(as.superAdmin, { author_id: ctx.world.staff.id });
    expect(created.author_id).toBe(ctx.world.staff.id);
  });

  it('is for users of the provider company and Super Admins only', async () => {
    for (const client of [as.clientAdmin, as.clientMember, as.otherAdmin, as.demoUser])
      expectError(
        await client.post('/resources', { resource: { title: 'X', resource_type: 1 } }),
        'forbidden',
      );
    expectError(
      await as.anonymous.post('/resources', { resource: { title: 'X', resource_type: 1 } }),
      'unauthenticated',
    );
    expect((await create(as.superAdmin)).author_id).toBe(ctx.world.superAdmin.id);
  });

  it('tests the company flag, not an id: users of a second provider company author too', async () => {
    const provider = await buildCompany(ctx.t.db, { name: 'Second provider', isProvider: true });
    await buildContract(ctx.t.db, provider.id);
    const author = await buildUser(ctx.t.db, { role: 'company_member', companyId: provider.id });
    const client = apiClient(ctx.t.app, await signIn(ctx.t.app, author.email));
    await create(client);
  });
});

describe('the publish rule', () => {
  it('shows a draft only to authors; others find it nowhere until it is published, and lose it again', async () => {
    const draft = await create(as.staff, { tags: ['Secret launch'] });
    const readers = [as.clientAdmin, as.clientMember, as.otherAdmin, as.demoUser];
    for (const reader of readers) {
      expect(await listIds(reader)).not.toContain(draft.id);
      expectError(await reader.get(`/resources/${draft.id}`), 'not_found');
      const tags = resourceTagListAnswer.parse(expectOk(await reader.get('/resource_tags')));
      expect(tags.map((tag) => tag.name)).not.toContain('Secret launch');
    }
    for (const author of [as.staff, as.superAdmin]) {
      expect(await listIds(author)).toContain(draft.id);
      expectOk(await author.get(`/resources/${draft.id}`));
    }

    expectOk(await as.staff.patch(`/resources/${draft.id}`, { resource: { published: true } }));
    for (const reader of readers) {
      expect(await listIds(reader)).toContain(draft.id);
      expect(resourceSchema.parse(expectOk(await reader.get(`/resources/${draft.id}`))).published).toBe(true);
      const tags = resourceTagListAnswer.parse(expectOk(await reader.get('/resource_tags')));
      expect(tags.map((tag) => tag.name)).toContain('Secret launch');
    }

    expectOk(await as.staff.patch(`/resources/${draft.id}`, { resource: { published: false } }));
    for (const reader of readers) {
      expect(await listIds(reader)).not.toContain(draft.id);
      expectError(await reader.get(`/resources/${draft.id}`), 'not_found');
    }
  });

  it('lists newest first, without bodies', async () => {
    const older = await create(as.staff, { date: '2020-01-01', published: true, body: '<p>Long</p>' });
    const newer = await create(as.staff, { date: '2030-01-01', published: true });
    const list = resourceListAnswer.parse(expectOk(await as.clientAdmin.get('/resources')));
    const ids = list.map((row) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.every((row) => !('body' in row))).toBe(true);
  });

  it('answers 401 to anonymous readers', async () => {
    expectError(await as.anonymous.get('/resources'), 'unauthenticated');
    expectError(await as.anonymous.get('/resource_tags'), 'unauthenticated');
  });
});

describe('PATCH /resources/:id', () => {
  it('changes only the fields sent, replacing the tags', async () => {
    const created = await create(as.staff, { tags: ['One', 'Two'], body: '<p>Old</p>', author: 'A' });
    const changed = resourceSchema.parse(
      expectOk(
        await as.staff.patch(`/resources/${created.id}`, {
          resource: { title: 'New title', tags: ['Two', 'Three'], resource_type: 3 },
        }),
      ),
    );
    expect(changed).toMatchObject({
      title: 'New title',
      tags: ['Three', 'Two'],
      resource_type: 3,
      body: '<p>Old</p>',
      author: 'A',
    });
  });

  it('replaces the cover and removes the old file; null removes the cover', async () => {
    const first = await uploaded();
    const second = await uploaded(IMAGES.jpg);
    const created = await create(as.staff, { image: first.name });
    const changed = resourceSchema.parse(
      expectOk(await as.staff.patch(`/resources/${created.id}`, { resource: { image: second.name } })),
    );
    expect(changed.image).toBe(second.url);
    expect((await ctx.t.app.inject({ url: first.url })).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ url: second.url })).statusCode).toBe(200);
    const removed = resourceSchema.parse(
      expectOk(await as.staff.patch(`/resources/${created.id}`, { resource: { image: null } })),
    );
    expect(removed.image).toBeNull();
  });

  it('is for authors; a missing article is 404', async () => {
    const created = await create(as.staff, { published: true });
    for (const client of [as.clientAdmin, as.clientMember, as.otherAdmin, as.demoUser])
      expectError(
        await client.patch(`/resources/${created.id}`, { resource: { published: false } }),
        'forbidden',
      );
    expectError(await as.staff.patch('/resources/999999', { resource: { title: 'X' } }), 'not_found');
    expect(
      resourceSchema.parse(expectOk(await as.clientAdmin.get(`/resources/${created.id}`))).published,
    ).toBe(true);
  });
});

describe('DELETE /resources/:id', () => {
  it('deletes an article with its links and cover, for authors only', async () => {
    const image = await uploaded();
    const created = await create(as.staff, { published: true, image: image.name, tags: ['Gone'] });
    expectError(await as.clientAdmin.delete(`/resources/${created.id}`), 'forbidden');
    expect((await as.staff.delete(`/resources/${created.id}`)).statusCode).toBe(204);
    expectError(await as.staff.get(`/resources/${created.id}`), 'not_found');
    expect((await ctx.t.app.inject({ url: image.url })).statusCode).toBe(404);
    expectError(await as.staff.delete(`/resources/${created.id}`), 'not_found');
  });
});

describe('images', () => {
  it('takes PNG, JPEG, GIF and WebP by their bytes, stores their pixels afresh and serves them to anyone', async () => {
    const types = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
    // the canvas writes no GIF: a GIF is kept as a PNG of its first frame
    const stored = { png: 'png', jpg: 'jpg', gif: 'png', webp: 'webp' } as const;
    for (const [format, bytes] of Object.entries(IMAGES) as [keyof typeof IMAGES, Buffer][]) {
      // The declared type and name do not count: the bytes do.
      const image = resourceImageAnswer.parse(
        expectOk(
          await upload(tokens.staff, bytes, { filename: 'x.bin', type: 'application/octet-stream' }),
          201,
        ),
      );
      expect(image.name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${stored[format]}$`));
      expect(image.url).toBe(`/api/v1/resource_images/${image.name}`);
      const served = await ctx.t.app.inject({ url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(types[stored[format]]);
      const [picture, original] = [await loadImage(served.rawPayload), await loadImage(bytes)];
      expect([picture.width, picture.height]).toEqual([original.width, original.height]);
    }
  });

  it('uploads checked by their first bytes only (issue 28, finding 6): what is stored is pixels, without what hid behind them or EXIF', async () => {
    const script = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const polyglot = Buffer.concat([IMAGES.gif, Buffer.from(script)]);
    const exifPayload = Buffer.concat([
      Buffer.from('Exif\0\0'),
      Buffer.from('GPSLatitude 52.3676 N, GPSLongitude 4.9041 E'),
    ]);
    const exifSegment = Buffer.concat([Buffer.from([0xff, 0xe1, 0, exifPayload.length + 2]), exifPayload]);
    const withLocation = Buffer.concat([IMAGES.jpg.subarray(0, 2), exifSegment, IMAGES.jpg.subarray(2)]);
    for (const [bytes, hidden] of [
      [polyglot, '<script'],
      [withLocation, 'GPSLatitude'],
    ] as const) {
      const image = await uploaded(bytes);
      const served = (await ctx.t.app.inject({ url: image.url })).rawPayload;
      expect(served.includes(hidden)).toBe(false);
      expect(served.includes('Exif')).toBe(false);
      expect((await loadImage(served)).width).toBe((await loadImage(bytes)).width);
    }
  });

  it('refuses an image whose first bytes are right but which does not decode', async () => {
    const before = fileCount();
    const broken = Buffer.concat([IMAGES.png.subarray(0, 16), Buffer.alloc(64, 7)]);
    expectError(await upload(tokens.staff, broken), 'validation', { file: RESOURCE_IMAGE_REFUSED });
    expect(fileCount()).toBe(before);
  });

  it('refuses what is not an image, whatever its name and declared type, storing nothing', async () => {
    const before = fileCount();
    const fakes = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('just text renamed to .png'),
      Buffer.from('%PDF-1.7'),
      Buffer.alloc(0),
    ];
    for (const bytes of fakes) {
      const response = await upload(tokens.staff, bytes, { filename: 'photo.png', type: 'image/png' });
      expectError(response, 'validation', { file: RESOURCE_IMAGE_REFUSED });
    }
    expect(fileCount()).toBe(before);
  });

  it('refuses an image over the limit with 413, a missing file and a body that is not multipart', async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(RESOURCE_IMAGE_MAX_BYTES)]);
    expectError(await upload(tokens.staff, big), 'payload_too_large', {
      file: 'An image may be at most 5 MB',
    });
    expectError(await upload(tokens.staff, IMAGES.png, { field: 'other' }), 'validation', {
      file: 'Choose an image to upload',
    });
    const json = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/resource_images',
      payload: { file: 'x' },
      headers: { authorization: tokens.staff },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'validation' });
  });

  it('answers a form cut off midway and a form without boundary with 4xx, storing nothing', async () => {
    const before = fileCount();
    const { payload, headers } = await multipartFile(Buffer.concat([IMAGES.png, Buffer.alloc(4096, 1)]));
    const cutOff = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/resource_images',
      payload: payload.subarray(0, payload.length / 2),
      headers: { ...headers, authorization: tokens.staff },
    });
    expect(cutOff.statusCode, `cut off: ${cutOff.body}`).toBeGreaterThanOrEqual(400);
    expect(cutOff.statusCode, `cut off: ${cutOff.body}`).toBeLessThan(500);
    const noBoundary = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/resource_images',
      payload,
      headers: { 'content-type': 'multipart/form-data', authorization: tokens.staff },
    });
    expect(noBoundary.statusCode, noBoundary.body).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode, noBoundary.body).toBeLessThan(500);
    expect(fileCount()).toBe(before);
  });

  it('lets only authors upload', async () => {
    expectError(await upload(tokens.clientAdmin, IMAGES.png), 'forbidden');
    const anonymous = await multipartFile(IMAGES.png);
    expectError(
      await ctx.t.app.inject({ method: 'POST', url: '/api/v1/resource_images', ...anonymous }),
      'unauthenticated',
    );
  });

  it('answers 404 for an image that does not exist and 400 for a name that is not one', async () => {
    expectError(
      await ctx.t.app.inject({ url: `/api/v1/resource_images/${'b'.repeat(32)}.png` }),
      'not_found',
    );
    expectError(
      await ctx.t.app.inject({ url: '/api/v1/resource_images/..%2F..%2Fetc%2Fpasswd' }),
      'validation',
    );
  });

  it('keeps uploaded images inside the body and drops any other image', async () => {
    const image = await uploaded();
    const created = await create(as.staff, {
      body: `<p>A</p><img src="${image.url}" alt="Chart"><img src="https://tracker.test/pixel.gif"><img src="data:image/png;base64,AAAA">`,
    });
    expect(created.body).toBe(`<p>A</p><img src="${image.url}" alt="Chart" />`);
  });
});

describe('GET /resource_tags', () => {
  it('lists the tags of readable articles once, by name', async () => {
    await create(as.staff, { published: true, tags: ['zeta', 'Alpha'] });
    await create(as.staff, { published: true, tags: ['alpha'] });
    const names = resourceTagListAnswer
      .parse(expectOk(await as.clientMember.get('/resource_tags')))
      .map((tag) => tag.name);
    expect(names.filter((name) => name.toLowerCase() === 'alpha')).toEqual(['Alpha']);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });
});

describe('helpers', () => {
  it('detects image formats by magic numbers only', () => {
    expect(detectImageFormat(IMAGES.png)).toBe('png');
    expect(detectImageFormat(IMAGES.jpg)).toBe('jpg');
    expect(detectImageFormat(IMAGES.gif)).toBe('gif');
    expect(detectImageFormat(IMAGES.webp)).toBe('webp');
    expect(detectImageFormat(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(detectImageFormat(IMAGES.png.subarray(0, 4))).toBeNull();
  });

  it('keeps one spelling of each tag', () => {
    expect(uniqueTags(['UX', 'ux', 'Help', 'HELP', 'New'])).toEqual(['UX', 'Help', 'New']);
  });
});
