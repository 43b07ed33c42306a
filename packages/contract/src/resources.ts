import { z } from 'zod';
import { idField, idParams, isoDate, optionalText, requiredText } from './fields.js';
import { defineRoutes } from './route.js';

/** The resources library (spec 2 §2 Resources, §3 Resource): articles written by the provider company. */

export const RESOURCE_TYPES = [0, 1, 2, 3, 4] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const RESOURCE_TYPE_NAMES: Record<ResourceType, string> = {
  0: 'Help',
  1: 'Blog',
  2: 'Product update',
  3: 'News',
  4: 'Case study',
};
/** The type filter's value for every type (spec 2 §9). */
export const RESOURCE_TYPE_ALL = 99;

export const RESOURCE_TITLE_MAX = 200;
export const RESOURCE_TAG_MAX = 40;
export const RESOURCE_TAGS_MAX = 12;
/** Characters of sanitized HTML; a long article with markup stays far below it. */
export const RESOURCE_BODY_MAX = 200_000;
/** Bytes of an uploaded image (cover or inside the body). */
export const RESOURCE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const RESOURCE_IMAGE_MAX_MEGABYTES = RESOURCE_IMAGE_MAX_BYTES / (1024 * 1024);
/** The image formats an upload may have, by their bytes (not by the name or the declared type). */
export const RESOURCE_IMAGE_FORMATS = ['png', 'jpg', 'gif', 'webp'] as const;
export type ResourceImageFormat = (typeof RESOURCE_IMAGE_FORMATS)[number];
/** Where the server serves an uploaded image; the body's `<img src>` may point nowhere else. */
export const RESOURCE_IMAGE_PATH = '/api/v1/resource_images/';
/** The name of an uploaded image: random, so that its URL cannot be guessed. */
export const resourceImageName = z
  .string()
  .regex(/^[0-9a-f]{32}\.(png|jpg|gif|webp)$/, 'Upload the image first and use the name it was given');

export const resourceTypeField = z
  .number({ error: 'Choose a type' })
  .int({ error: 'Choose a type' })
  .refine((value): value is ResourceType => (RESOURCE_TYPES as readonly number[]).includes(value), {
    error: 'Choose a type',
  });

export const resourceSchema = z.object({
  id: z.number(),
  title: z.string(),
  tags: z.array(z.string()),
  /** YYYY-MM-DD. */
  date: z.string(),
  author: z.string(),
  author_id: z.number().nullable(),
  /** URL of the cover image, or null. */
  image: z.string().nullable(),
  /** Sanitized HTML. */
  body: z.string(),
  published: z.boolean(),
  resource_type: z.number(),
});
export type Resource = z.infer<typeof resourceSchema>;

/** The list leaves out the body. */
export const resourceSummarySchema = resourceSchema.omit({ body: true });
export type ResourceSummary = z.infer<typeof resourceSummarySchema>;
export const resourceListAnswer = z.array(resourceSummarySchema);

export const resourceTagSchema = z.object({ id: z.number(), name: z.string() });
export type ResourceTag = z.infer<typeof resourceTagSchema>;
export const resourceTagListAnswer = z.array(resourceTagSchema);

/** Rich text as HTML; the server sanitizes it. */
const bodyField = z
  .string()
  .max(RESOURCE_BODY_MAX, `At most ${RESOURCE_BODY_MAX} characters are allowed`)
  .refine(
    (text) => !text.includes('\u0000') && !/\p{Cs}/u.test(text),
    'This text contains characters that are not allowed',
  );

const resourceFields = {
  title: requiredText(RESOURCE_TITLE_MAX),
  body: bodyField,
  resource_type: resourceTypeField,
  tags: z
    .array(requiredText(RESOURCE_TAG_MAX), { error: 'Give the tags as a list of names' })
    .max(RESOURCE_TAGS_MAX, `At most ${RESOURCE_TAGS_MAX} tags are allowed`),
  date: isoDate,
  author: optionalText(100),
  author_id: idField,
  published: z.boolean({ error: 'Must be true or false' }),
  /** The name of an uploaded image; null removes the cover. Sent only when it changed. */
  image: resourceImageName.nullable(),
};

export const createResourceBody = z.strictObject({
  resource: z.strictObject({
    ...resourceFields,
    body: resourceFields.body.optional(),
    tags: resourceFields.tags.optional(),
    date: resourceFields.date.optional(),
    author: resourceFields.author.optional(),
    author_id: resourceFields.author_id.optional(),
    published: resourceFields.published.optional(),
    image: resourceFields.image.optional(),
  }),
});
export type NewResource = z.infer<typeof createResourceBody>['resource'];

export const updateResourceBody = z.strictObject({
  resource: z.strictObject(resourceFields).partial(),
});
export type ResourceChanges = z.infer<typeof updateResourceBody>['resource'];

export const resourceImageParams = z.strictObject({ name: resourceImageName });

/** The answer to an image upload: its name (for `image`) and its URL (for `<img src>`). */
export const resourceImageAnswer = z.object({ name: z.string(), url: z.string() });
export type ResourceImage = z.infer<typeof resourceImageAnswer>;

/** The message of an upload that is not a PNG, JPEG, GIF or WebP image. */
export const RESOURCE_IMAGE_REFUSED = 'Only images can be uploaded (PNG, JPEG, GIF or WebP)';
/** The question before an article is deleted (spec 2 §8). */
export const RESOURCE_CONFIRM_DELETE = 'Are you sure?!';

/**
 * Read by every signed-in user (drafts only by their authors); written by the users of the
 * provider company (policy 'resource.author'). Images are served publicly by their random name.
 */
export const resourceRoutes = defineRoutes('resources', {
  list: {
    method: 'GET',
    path: '/resources',
    access: 'user',
    summary: 'The resources library, newest first: published articles, and drafts to their authors',
    responses: { 200: resourceListAnswer },
  },
  get: {
    method: 'GET',
    path: '/resources/:id',
    access: 'user',
    summary: 'An article with its body (a draft is not found except by its authors)',
    params: idParams,
    responses: { 200: resourceSchema },
  },
  create: {
    method: 'POST',
    path: '/resources',
    access: 'user',
    summary: 'Write an article (users of the provider company)',
    body: createResourceBody,
    responses: { 201: resourceSchema },
    errors: [403],
  },
  update: {
    method: 'PATCH',
    path: '/resources/:id',
    access: 'user',
    summary: 'Change, publish or unpublish an article (users of the provider company)',
    params: idParams,
    body: updateResourceBody,
    responses: { 200: resourceSchema },
    errors: [403],
  },
  delete: {
    method: 'DELETE',
    path: '/resources/:id',
    access: 'user',
    summary: 'Delete an article (users of the provider company)',
    params: idParams,
    responses: { 204: null },
    errors: [403],
  },
  tags: {
    method: 'GET',
    path: '/resource_tags',
    access: 'user',
    summary: 'The tags of the articles one may read, by name',
    responses: { 200: resourceTagListAnswer },
  },
  image: {
    method: 'GET',
    path: '/resource_images/:name',
    access: 'public',
    summary: 'An uploaded image, by the URL its upload answered (the random name is the key)',
    params: resourceImageParams,
    responses: { 200: { file: 'image/*' } },
  },
  upload: {
    method: 'POST',
    path: '/resource_images',
    access: 'user',
    summary: `Upload an image for an article, its cover or its body (multipart field "file"; PNG, JPEG, GIF or WebP, at most ${RESOURCE_IMAGE_MAX_MEGABYTES} MB)`,
    multipart: 'only',
    responses: { 201: resourceImageAnswer },
    errors: [400, 403, 413, 415],
  },
});
