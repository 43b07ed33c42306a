import { SUPPORT_STATUSES } from '@limbus/contract';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { createdAt } from './columns.js';

export const supportStatusEnum = pgEnum('support_status', SUPPORT_STATUSES);

/** A support chat conversation (DESIGN §4): started by a user of a company, answered by the provider's staff. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The starter; only they and staff see the conversation. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: supportStatusEnum('status').notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_conversations_user_idx').on(table.userId),
    index('support_conversations_last_message_idx').on(table.lastMessageAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Plain text, at most 5000 characters. */
    body: text('body').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('support_messages_conversation_idx').on(table.conversationId, table.id)],
);
