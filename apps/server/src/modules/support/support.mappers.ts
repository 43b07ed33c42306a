import type { SupportConversation, SupportMessage, SupportThread } from '@limbus/contract';
import { toUnixSeconds } from '../users/users.mappers.js';
import type { SupportConversationRow, SupportMessageRow } from './support.repository.js';

const PREVIEW_LENGTH = 140;

/** The start of a message on one line, for lists. */
export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

export function toSupportConversationAnswer(row: SupportConversationRow): SupportConversation {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    user_id: row.userId,
    starter_name: row.starterName || row.starterEmail,
    subject: row.subject,
    status: row.status,
    last_message_preview: previewOf(row.lastMessageBody),
    last_message_at: toUnixSeconds(row.lastMessageAt),
    created_at: toUnixSeconds(row.createdAt),
  };
}

export function toSupportMessageAnswer(row: SupportMessageRow): SupportMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    author_id: row.authorId,
    author_name: row.authorName || (row.authorId === null ? 'Removed user' : ''),
    is_staff: row.isStaff,
    body: row.body,
    created_at: toUnixSeconds(row.createdAt),
  };
}

export function toSupportThreadAnswer(
  conversation: SupportConversationRow,
  messages: SupportMessageRow[],
): SupportThread {
  return { ...toSupportConversationAnswer(conversation), messages: messages.map(toSupportMessageAnswer) };
}
