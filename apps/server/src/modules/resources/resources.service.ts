import type {
  NewResource,
  Resource,
  ResourceChanges,
  ResourceImage,
  ResourceSummary,
  ResourceTag,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { type Actor, authorize, authorsResources, can } from '../../http/policy.js';
import { sanitizeResourceBody } from '../../rich-text/sanitize-rich-text.js';
import { toIsoDate } from '../contracts/contract-rules.js';
import { findActor } from '../users/users.service.js';
import { imageKey, storeResourceImage } from './resource-images.js';
import { toResourceAnswer, toResourceSummaryAnswer } from './resources.mappers.js';
import {
  countCoverUses,
  deleteResourceRow,
  findResourceRow,
  fullNameOf,
  insertResource,
  listResourceRows,
  listTagRows,
  type ResourceRow,
  type ResourceValues,
  setResourceTags,
  updateResource,
} from './resources.repository.js';

/** Tag names once each, whatever their case; the first spelling wins. */
export function uniqueTags(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Everyone reads published articles; only authors see drafts, to others they do not exist. */
export async function listResources(deps: Deps, actor: Actor): Promise<ResourceSummary[]> {
  const rows = await listResourceRows(deps.db, { publishedOnly: !authorsResources(actor) });
  return rows.map(toResourceSummaryAnswer);
}

export async function listResourceTags(deps: Deps, actor: Actor): Promise<ResourceTag[]> {
  return listTagRows(deps.db, { publishedOnly: !authorsResources(actor) });
}

async function findReadable(deps: Deps, actor: Actor, id: number): Promise<ResourceRow> {
  const row = await findResourceRow(deps.db, id);
  if (!row || !can(actor, 'resource.read', row)) throw notFound('The resource');
  return row;
}

export async function getResource(deps: Deps, actor: Actor, id: number): Promise<Resource> {
  return toResourceAnswer(await findReadable(deps, actor, id));
}

/** The author named by `author_id` must be one who may write articles. */
async function checkAuthor(deps: Deps, actor: Actor, authorId: number): Promise<void> {
  if (authorId === actor.id) return;
  const author = await findActor(deps.db, authorId);
  if (!author || !authorsResources(author))
    throw AppError.fieldError('validation', 'author_id', 'Choose an author of the provider company');
}

/** A cover must be an image uploaded before (POST /resource_images). */
async function checkImage(deps: Deps, image: string | null | undefined): Promise<void> {
  if (!image) return;
  if ((await deps.files.size(imageKey(image))) === null)
    throw AppError.fieldError('validation', 'image', 'This image was not uploaded; upload it again');
}

/** Removes a cover that no resource uses any more; a failure leaves a stray file, not a broken article. */
async function removeUnusedCover(deps: Deps, image: string | null): Promise<void> {
  if (!image || (await countCoverUses(deps.db, image)) > 0) return;
  try {
    await deps.files.delete(imageKey(image));
  } catch (error) {
    deps.log.warn({ err: error, image }, 'cover image not removed');
  }
}

function toValues(input: ResourceChanges): Partial<ResourceValues> {
  const values: Partial<ResourceValues> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.body !== undefined) values.body = sanitizeResourceBody(input.body);
  if (input.resource_type !== undefined) values.resourceType = input.resource_type;
  if (input.date !== undefined) values.date = input.date;
  if (input.author !== undefined) values.author = input.author;
  if (input.author_id !== undefined) values.authorId = input.author_id;
  if (input.image !== undefined) values.image = input.image;
  if (input.published !== undefined) values.published = input.published;
  return values;
}

export async function createResource(deps: Deps, actor: Actor, input: NewResource): Promise<Resource> {
  authorize(actor, 'resource.author', undefined);
  const authorId = input.author_id ?? actor.id;
  await checkAuthor(deps, actor, authorId);
  await checkImage(deps, input.image);
  const values: ResourceValues = {
    title: input.title,
    body: '',
    resourceType: input.resource_type,
    date: toIsoDate(deps.clock()),
    author: input.author || (await fullNameOf(deps.db, authorId)),
    published: false,
    ...toValues(input),
    authorId,
  };
  const id = await deps.db.transaction(async (tx) => {
    const created = await insertResource(tx, values);
    await setResourceTags(tx, created, uniqueTags(input.tags ?? []));
    return created;
  });
  return getResource(deps, actor, id);
}

export async function changeResource(
  deps: Deps,
  actor: Actor,
  id: number,
  input: ResourceChanges,
): Promise<Resource> {
  authorize(actor, 'resource.author', undefined);
  const before = await findReadable(deps, actor, id);
  if (input.author_id !== undefined) await checkAuthor(deps, actor, input.author_id);
  await checkImage(deps, input.image);
  await deps.db.transaction(async (tx) => {
    await updateResource(tx, id, toValues(input));
    if (input.tags !== undefined) await setResourceTags(tx, id, uniqueTags(input.tags));
  });
  if (input.image !== undefined && input.image !== before.image) await removeUnusedCover(deps, before.image);
  return getResource(deps, actor, id);
}

export async function deleteResource(deps: Deps, actor: Actor, id: number): Promise<void> {
  authorize(actor, 'resource.author', undefined);
  const resource = await findReadable(deps, actor, id);
  await deleteResourceRow(deps.db, id);
  await removeUnusedCover(deps, resource.image);
}

/** Authors upload; `readBytes` reads the upload only once the actor may. */
export async function uploadResourceImage(
  deps: Deps,
  actor: Actor,
  readBytes: () => Promise<Buffer>,
): Promise<ResourceImage> {
  authorize(actor, 'resource.author', undefined);
  return storeResourceImage(deps.files, await readBytes());
}

// For the demo seed (src/demo), which writes the library's articles in the transaction of its accounts.
export { insertResource, setResourceTags } from './resources.repository.js';
