import type { SupportStatus } from '@limbus/contract';
import { and, asc, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, profiles, supportConversations, supportMessages, users } from '../../db/schema.js';

export type SupportConversationRow = typeof supportConversations.$inferSelect & {
  companyName: string;
  starterName: string;
  starterEmail: string;
  lastMessageBody: string;
};

export type SupportMessageRow = typeof supportMessages.$inferSelect & { authorName: string };

const fullName = (first: SQL | typeof profiles.firstName, last: SQL | typeof profiles.lastName) =>
  sql<string>`trim(coalesce(${first}, '') || ' ' || coalesce(${last}, ''))`;

function selectConversations(db: Executor) {
  const lastBody = sql<string>`coalesce((select ${supportMessages.body} from ${supportMessages}
    where ${supportMessages.conversationId} = ${supportConversations.id}
    order by ${supportMessages.id} desc limit 1), '')`;
  return db
    .select({
      conversation: supportConversations,
      companyName: companies.name,
      starterName: fullName(profiles.firstName, profiles.lastName),
      starterEmail: users.email,
      lastMessageBody: lastBody,
    })
    .from(supportConversations)
    .innerJoin(companies, eq(companies.id, supportConversations.companyId))
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .leftJoin(profiles, eq(profiles.userId, supportConversations.userId));
}

type SelectedConversation = Awaited<ReturnType<ReturnType<typeof selectConversations>['execute']>>[number];

const toConversationRow = ({ conversation, ...related }: SelectedConversation): SupportConversationRow => ({
  ...conversation,
  ...related,
});

/** Newest activity first; of one user only when `userId` is given. */
export async function listConversationRows(
  db: Executor,
  filter: { userId?: number } = {},
): Promise<SupportConversationRow[]> {
  const query = selectConversations(db);
  const rows = await (filter.userId === undefined
    ? query
    : query.where(eq(supportConversations.userId, filter.userId))
  ).orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id));
  return rows.map(toConversationRow);
}

export async function findConversationRow(db: Executor, id: number): Promise<SupportConversationRow | null> {
  const [row] = await selectConversations(db).where(eq(supportConversations.id, id));
  return row ? toConversationRow(row) : null;
}

export async function listMessageRows(db: Executor, conversationId: number): Promise<SupportMessageRow[]> {
  const rows = await db
    .select({ message: supportMessages, authorName: fullName(profiles.firstName, profiles.lastName) })
    .from(supportMessages)
    .leftJoin(profiles, eq(profiles.userId, supportMessages.authorId))
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(asc(supportMessages.id));
  return rows.map(({ message, authorName }) => ({ ...message, authorName }));
}

export async function insertConversation(
  db: Executor,
  conversation: { companyId: number; userId: number; subject: string; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(supportConversations)
    .values({
      companyId: conversation.companyId,
      userId: conversation.userId,
      subject: conversation.subject,
      lastMessageAt: conversation.at,
      createdAt: conversation.at,
    })
    .returning({ id: supportConversations.id });
  if (!row) throw new Error('insert into support_conversations returned no row');
  return row.id;
}

/** Adds a message and moves the conversation's last activity; a new message reopens a closed conversation. */
export async function insertMessage(
  db: Executor,
  message: { conversationId: number; authorId: number; body: string; isStaff: boolean; at: Date },
): Promise<void> {
  await db.insert(supportMessages).values({
    conversationId: message.conversationId,
    authorId: message.authorId,
    body: message.body,
    isStaff: message.isStaff,
    createdAt: message.at,
  });
  await db
    .update(supportConversations)
    .set({ lastMessageAt: message.at, status: 'open' })
    .where(eq(supportConversations.id, message.conversationId));
}

export async function setConversationStatus(db: Executor, id: number, status: SupportStatus): Promise<void> {
  await db.update(supportConversations).set({ status }).where(eq(supportConversations.id, id));
}

/** The addresses of the provider's staff who answer support: Super Admins and users of a company with licence_research. */
export async function listSupportStaffEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(isNotNull(users.confirmedAt), or(eq(users.role, 'admin'), eq(companies.licenceResearch, true))),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}
