import { randomBytes } from 'node:crypto';
import { type InputCase, imageFormFile, signedIn } from '../../../test/bad-input-matrix.js';
import { IMAGES, multipartFile } from '../../../test/images.js';
import {
  anyoneOk,
  type Ctx,
  fresh,
  GET_AND_HEAD,
  type RouteCases,
  signedInRoute,
  staffOnly,
} from '../../../test/route-policy-matrix.js';
import type { Database } from '../../db/client.js';
import { resources } from '../../db/schema.js';

/** A resource of the library: a draft unless `published`. */
async function insertResource(db: Database, title: string, authorId: number, published = false) {
  const [resource] = await db
    .insert(resources)
    .values({ title, authorId, published })
    .returning({ id: resources.id });
  if (!resource) throw new Error('no resource');
  return resource.id;
}

/** A resource of the library, written by a provider user; a draft unless `published`. */
const resourceOf = (ctx: Ctx, published = false) =>
  insertResource(ctx.t.db, fresh('Article'), ctx.world.staff.id, published);

/** Writing the resources library: users of the provider company (flag is_provider) and Super Admins. */
const resourceAuthors = staffOnly;

/** Resources: every signed-in user reads published articles; the provider company writes them. */
export const resourcesPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/resources',
    signedInRoute(() => ({ url: '/api/v1/resources' })),
  ),
  ...GET_AND_HEAD('/api/v1/resources/:id', {
    access: 'user',
    targets: ['none'],
    // A draft: it does not exist for readers outside the provider company.
    request: async (ctx) => ({ url: `/api/v1/resources/${await resourceOf(ctx)}` }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 404,
      clientMember: 404,
      otherAdmin: 404,
      demoUser: 404,
    },
  }),
  'POST /api/v1/resources': {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/resources', payload: { resource: { title: 'New', resource_type: 1 } } }),
    expect: resourceAuthors,
  },
  'PATCH /api/v1/resources/:id': {
    access: 'user',
    targets: ['none'],
    request: async (ctx) => ({
      url: `/api/v1/resources/${await resourceOf(ctx, true)}`,
      payload: { resource: { published: false } },
    }),
    expect: resourceAuthors,
  },
  'DELETE /api/v1/resources/:id': {
    access: 'user',
    targets: ['none'],
    request: async (ctx) => ({ url: `/api/v1/resources/${await resourceOf(ctx, true)}` }),
    expect: resourceAuthors,
  },
  ...GET_AND_HEAD(
    '/api/v1/resource_tags',
    signedInRoute(() => ({ url: '/api/v1/resource_tags' })),
  ),
  'POST /api/v1/resource_images': {
    access: 'user',
    targets: ['none'],
    request: () =>
      multipartFile(IMAGES.png).then((upload) => ({ url: '/api/v1/resource_images', ...upload })),
    expect: resourceAuthors,
  },
  // The random name is the key: an image link works for whoever holds it, as an <img src> needs.
  ...GET_AND_HEAD('/api/v1/resource_images/:name', {
    access: 'public',
    targets: ['none'],
    request: async (ctx) => {
      const name = `${randomBytes(16).toString('hex')}.png`;
      await ctx.t.files.put(`resource-images/${name}`, IMAGES.png);
      return { url: `/api/v1/resource_images/${name}` };
    },
    expect: anyoneOk,
  }),
};

export const resourcesInputCases: InputCase[] = [
  signedIn('GET /api/v1/resources/:id', ['params'], (w) => ({ id: w.resourceId })),
  signedIn('POST /api/v1/resources', ['body'], (w) => ({
    body: {
      resource: {
        title: 'How to order a test',
        body: '<p>Open <strong>User tests</strong></p>',
        resource_type: 0,
        tags: ['Help', 'Ordering'],
        date: '2026-03-01',
        author: 'Limbus team',
        author_id: w.world.superAdmin.id,
        published: false,
      },
    },
  })),
  signedIn('PATCH /api/v1/resources/:id', ['body', 'params'], (w) => ({
    id: w.resourceId,
    body: { resource: { title: 'Changed', body: '<p>New</p>', tags: ['News'], published: true } },
  })),
  {
    key: 'DELETE /api/v1/resources/:id',
    isPublic: false,
    parts: ['params'],
    // A new draft of the resources library.
    sample: async (w) => ({ id: await insertResource(w.t.db, 'Draft', w.world.superAdmin.id) }),
  },
  {
    key: 'GET /api/v1/resource_images/:name',
    isPublic: true,
    parts: ['params'],
    sample: (w) => ({ params: { name: w.resourceImageName } }),
  },
  // A form only: no body schema, query or id; the matrix sends it broken.
  { ...signedIn('POST /api/v1/resource_images', [], () => ({})), multipart: imageFormFile },
];
