import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';

/** The knowledge library (spec 2 §3 Resource): written by the provider, read by everyone once published. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    resourceType: integer('resource_type').notNull().default(0),
    date: date('date', { mode: 'string' }).notNull().defaultNow(),
    author: text('author').notNull().default(''),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** File key of the cover image. */
    image: text('image'),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('resources_published_idx').on(table.published, table.date),
    check('resources_type_check', sql`${table.resourceType} between 0 and 4`),
  ],
);

export const resourceTags = pgTable(
  'resource_tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('resource_tags_name_idx').on(sql`lower(${table.name})`)],
);

export const resourceTagLinks = pgTable(
  'resource_tag_links',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => resourceTags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.resourceId, table.tagId] }),
    index('resource_tag_links_tag_idx').on(table.tagId),
  ],
);
