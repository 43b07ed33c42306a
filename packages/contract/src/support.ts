import { z } from 'zod';
import { MESSAGES } from './constants.js';
import { idParams, optionalText } from './fields.js';
import { defineRoutes } from './route.js';

/** The support chat (DESIGN §4): client users write to the provider's staff, who answer from the research area. */

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_NAMES: Record<SupportStatus, string> = { open: 'Open', closed: 'Closed' };

export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_SUBJECT_MAX = 120;
/** How often an open thread asks for new messages. */
export const SUPPORT_POLL_MS = 10_000;

/** Plain text, trimmed, not empty; line breaks are kept. */
const supportMessageText = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(SUPPORT_MESSAGE_MAX, `At most ${SUPPORT_MESSAGE_MAX} characters are allowed`)
  .refine(
    (text) => !text.includes('\u0000') && !/\p{Cs}/u.test(text),
    'This text contains characters that are not allowed',
  );

export const supportMessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  /** Null once the author's account is removed. */
  author_id: z.number().nullable(),
  author_name: z.string(),
  /** Written by the provider's staff. */
  is_staff: z.boolean(),
  body: z.string(),
  /** Unix seconds. */
  created_at: z.number(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  /** The user who started the conversation. */
  user_id: z.number(),
  starter_name: z.string(),
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  /** The start of the latest message, for lists. */
  last_message_preview: z.string(),
  /** Unix seconds. */
  last_message_at: z.number(),
  created_at: z.number(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportConversationListAnswer = z.array(supportConversationSchema);

export const supportThreadSchema = supportConversationSchema.extend({
  messages: z.array(supportMessageSchema),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

export const createSupportConversationBody = z.strictObject({
  message: supportMessageText,
  /** Defaults to the first line of the message. */
  subject: optionalText(SUPPORT_SUBJECT_MAX).optional(),
});
export type NewSupportConversation = z.infer<typeof createSupportConversationBody>;

export const supportReplyBody = z.strictObject({ message: supportMessageText });

export const updateSupportConversationBody = z.strictObject({
  status: z.enum(SUPPORT_STATUSES, { error: 'Choose open or closed' }),
});

/**
 * A conversation is read and written by its starter and by the research area's staff, who alone
 * list every one and close or reopen them (policies 'support.read', 'support.manage').
 */
export const supportRoutes = defineRoutes('support', {
  create: {
    method: 'POST',
    path: '/support/conversations',
    access: 'user',
    summary: 'Start a support conversation with the provider’s staff',
    body: createSupportConversationBody,
    responses: { 201: supportThreadSchema },
    errors: [403],
  },
  list: {
    method: 'GET',
    path: '/support/conversations',
    access: 'user',
    summary: 'Support conversations: one’s own, or every one to staff; newest activity first',
    responses: { 200: supportConversationListAnswer },
  },
  get: {
    method: 'GET',
    path: '/support/conversations/:id',
    access: 'user',
    summary: 'A support conversation with its messages',
    params: idParams,
    responses: { 200: supportThreadSchema },
    errors: [403],
  },
  reply: {
    method: 'POST',
    path: '/support/conversations/:id/messages',
    access: 'user',
    summary: 'Write in a support conversation (its starter or staff)',
    params: idParams,
    body: supportReplyBody,
    responses: { 201: supportThreadSchema },
    errors: [403],
  },
  update: {
    method: 'PATCH',
    path: '/support/conversations/:id',
    access: 'researcher',
    summary: 'Close or reopen a support conversation (staff)',
    params: idParams,
    body: updateSupportConversationBody,
    responses: { 200: supportThreadSchema },
  },
});
