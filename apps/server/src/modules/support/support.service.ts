import {
  type NewSupportConversation,
  SUPPORT_SUBJECT_MAX,
  type SupportStatus,
  type SupportThread,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Actor, authorize, can, isResearcher } from '../../http/policy.js';
import type { MailMessage } from '../../mail/mailer.js';
import { supportConversationMail, supportReplyMail } from '../../mail/templates.js';
import { toSupportConversationAnswer, toSupportThreadAnswer } from './support.mappers.js';
import {
  findConversationRow,
  insertConversation,
  insertMessage,
  listConversationRows,
  listMessageRows,
  listSupportStaffEmails,
  type SupportConversationRow,
  setConversationStatus,
} from './support.repository.js';

/** The subject as given, or the first line of the message; on one line, at most 120 characters. */
export function subjectOf(input: NewSupportConversation): string {
  const given = input.subject?.replace(/\s+/g, ' ').trim();
  if (given) return given;
  const firstLine = (input.message.split(/\r?\n/, 1)[0] ?? '').replace(/\s+/g, ' ').trim();
  return firstLine.length > SUPPORT_SUBJECT_MAX
    ? `${firstLine.slice(0, SUPPORT_SUBJECT_MAX - 1)}…`
    : firstLine;
}

/** Mails notify; a failing mail server must not lose the message, which is stored already. */
async function sendQuietly(deps: Deps, mails: MailMessage[]): Promise<void> {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.warn({ err: error, to: mail.to }, 'support mail not sent');
    }
  }
}

async function loadThread(deps: Deps, conversation: SupportConversationRow): Promise<SupportThread> {
  return toSupportThreadAnswer(conversation, await listMessageRows(deps.db, conversation.id));
}

const findReadable = (deps: Deps, actor: Actor, id: number): Promise<SupportConversationRow> =>
  loadFor(actor, 'support.read', 'The conversation', findConversationRow(deps.db, id));

/** Any user of a company starts a conversation; every staff member who answers support gets a mail. */
export async function startConversation(
  deps: Deps,
  actor: Actor,
  input: NewSupportConversation,
): Promise<SupportThread> {
  authorize(actor, 'support.start', undefined);
  const companyId = actor.companyId;
  if (companyId === null) throw forbidden();
  const at = deps.clock();
  const id = await deps.db.transaction(async (tx) => {
    const conversationId = await insertConversation(tx, {
      companyId,
      userId: actor.id,
      subject: subjectOf(input),
      at,
    });
    await insertMessage(tx, {
      conversationId,
      authorId: actor.id,
      body: input.message,
      isStaff: isResearcher(actor),
      at,
    });
    return conversationId;
  });
  const conversation = await findConversationRow(deps.db, id);
  if (!conversation) throw notFound('The conversation');
  const link = `${deps.config.publicUrl}/research/support/${id}`;
  const staff = (await listSupportStaffEmails(deps.db)).filter(
    (email) => email !== conversation.starterEmail,
  );
  await sendQuietly(
    deps,
    staff.map((email) =>
      supportConversationMail(
        email,
        {
          subject: conversation.subject,
          companyName: conversation.companyName,
          starterName: conversation.starterName || conversation.starterEmail,
          message: input.message,
        },
        link,
      ),
    ),
  );
  return loadThread(deps, conversation);
}

/** Staff see every conversation; everyone else the ones they started. */
export async function listConversations(deps: Deps, actor: Actor) {
  const rows = can(actor, 'support.manage', undefined)
    ? await listConversationRows(deps.db)
    : await listConversationRows(deps.db, { userId: actor.id });
  return rows.map(toSupportConversationAnswer);
}

export async function getConversation(deps: Deps, actor: Actor, id: number): Promise<SupportThread> {
  return loadThread(deps, await findReadable(deps, actor, id));
}

/** The starter or staff write; a staff reply mails the starter. */
export async function addMessage(
  deps: Deps,
  actor: Actor,
  id: number,
  message: string,
): Promise<SupportThread> {
  const conversation = await findReadable(deps, actor, id);
  const isStaff = isResearcher(actor);
  await deps.db.transaction((tx) =>
    insertMessage(tx, { conversationId: id, authorId: actor.id, body: message, isStaff, at: deps.clock() }),
  );
  if (isStaff && actor.id !== conversation.userId) {
    const link = `${deps.config.publicUrl}/home?support=${id}`;
    await sendQuietly(deps, [supportReplyMail(conversation.starterEmail, conversation.subject, link)]);
  }
  return getConversation(deps, actor, id);
}

export async function changeStatus(
  deps: Deps,
  actor: Actor,
  id: number,
  status: SupportStatus,
): Promise<SupportThread> {
  authorize(actor, 'support.manage', undefined);
  await findReadable(deps, actor, id);
  await setConversationStatus(deps.db, id, status);
  return getConversation(deps, actor, id);
}
