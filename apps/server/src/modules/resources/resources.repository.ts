import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profiles, resources, resourceTagLinks, resourceTags } from '../../db/schema.js';

export type ResourceRow = typeof resources.$inferSelect & { tags: string[] };
export type ResourceValues = Pick<
  typeof resources.$inferInsert,
  'title' | 'body' | 'resourceType' | 'date' | 'author' | 'authorId' | 'image' | 'published'
>;

/** The tag names of each resource, by name. */
async function tagsOf(db: Executor, resourceIds: number[]): Promise<Map<number, string[]>> {
  const byResource = new Map<number, string[]>();
  if (resourceIds.length === 0) return byResource;
  const rows = await db
    .select({ resourceId: resourceTagLinks.resourceId, name: resourceTags.name })
    .from(resourceTagLinks)
    .innerJoin(resourceTags, eq(resourceTags.id, resourceTagLinks.tagId))
    .where(inArray(resourceTagLinks.resourceId, resourceIds))
    .orderBy(asc(sql`lower(${resourceTags.name})`));
  for (const row of rows)
    byResource.set(row.resourceId, [...(byResource.get(row.resourceId) ?? []), row.name]);
  return byResource;
}

/** Newest first; only published ones when `publishedOnly`. */
export async function listResourceRows(
  db: Executor,
  filter: { publishedOnly: boolean },
): Promise<ResourceRow[]> {
  const query = db.select().from(resources);
  const rows = await (filter.publishedOnly ? query.where(eq(resources.published, true)) : query).orderBy(
    desc(resources.date),
    desc(resources.id),
  );
  const tags = await tagsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] }));
}

export async function findResourceRow(db: Executor, id: number): Promise<ResourceRow | null> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id));
  if (!row) return null;
  return { ...row, tags: (await tagsOf(db, [id])).get(id) ?? [] };
}

export async function insertResource(db: Executor, values: ResourceValues): Promise<number> {
  const [row] = await db.insert(resources).values(values).returning({ id: resources.id });
  if (!row) throw new Error('insert into resources returned no row');
  return row.id;
}

export async function updateResource(
  db: Executor,
  id: number,
  values: Partial<ResourceValues>,
): Promise<void> {
  await db
    .update(resources)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(resources.id, id));
}

export async function deleteResourceRow(db: Executor, id: number): Promise<void> {
  await db.delete(resources).where(eq(resources.id, id));
}

/**
 * Links the resource to exactly these tags, creating the ones that do not exist yet; names
 * match whatever their case ("UX" is the tag "ux").
 */
export async function setResourceTags(db: Executor, resourceId: number, names: string[]): Promise<void> {
  await db.delete(resourceTagLinks).where(eq(resourceTagLinks.resourceId, resourceId));
  if (names.length === 0) return;
  await db
    .insert(resourceTags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const lowered = names.map((name) => name.toLowerCase());
  const tags = await db
    .select({ id: resourceTags.id })
    .from(resourceTags)
    .where(inArray(sql`lower(${resourceTags.name})`, lowered));
  await db.insert(resourceTagLinks).values(tags.map((tag) => ({ resourceId, tagId: tag.id })));
}

/** The tags of at least one resource (a published one when `publishedOnly`), by name. */
export async function listTagRows(
  db: Executor,
  filter: { publishedOnly: boolean },
): Promise<{ id: number; name: string }[]> {
  return db
    .selectDistinct({
      id: resourceTags.id,
      name: resourceTags.name,
      sortKey: sql`lower(${resourceTags.name})`,
    })
    .from(resourceTags)
    .innerJoin(resourceTagLinks, eq(resourceTagLinks.tagId, resourceTags.id))
    .innerJoin(resources, eq(resources.id, resourceTagLinks.resourceId))
    .where(filter.publishedOnly ? eq(resources.published, true) : undefined)
    .orderBy(sql`lower(${resourceTags.name})`)
    .then((rows) => rows.map(({ id, name }) => ({ id, name })));
}

/** How many resources have `image` as their cover. */
export async function countCoverUses(db: Executor, image: string): Promise<number> {
  const [row] = await db.select({ uses: count() }).from(resources).where(eq(resources.image, image));
  return row?.uses ?? 0;
}

/** The full name of a user, '' when there is none. */
export async function fullNameOf(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`trim(${profiles.firstName} || ' ' || ${profiles.lastName})` })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.name ?? '';
}
