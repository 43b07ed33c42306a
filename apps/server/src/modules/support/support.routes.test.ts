import {
  SUPPORT_MESSAGE_MAX,
  type SupportThread,
  supportConversationListAnswer,
  supportThreadSchema,
} from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiClient,
  expectError,
  expectOk,
  lastLinkTo,
  signInWorld,
  useWorld,
} from '../../../test/api.js';
import { readOutbox } from '../../../test/create-test-app.js';
import { buildUser, signIn } from '../../../test/factories.js';
import { subjectOf } from './support.service.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

async function start(client: ApiClient, body: Record<string, unknown>): Promise<SupportThread> {
  return supportThreadSchema.parse(expectOk(await client.post('/support/conversations', body), 201));
}

const listIds = async (client: ApiClient) =>
  supportConversationListAnswer
    .parse(expectOk(await client.get('/support/conversations')))
    .map((row) => row.id);

const mailsTo = (address: string) => readOutbox(ctx.t.dataDir).filter((mail) => mail.to.includes(address));

describe('POST /support/conversations', () => {
  it('starts a conversation with the first message, its subject taken from the first line', async () => {
    const { world } = ctx;
    const thread = await start(as.clientAdmin, {
      message: '  How do I add a test?\nWe want a second one.  ',
    });
    expect(thread).toMatchObject({
      company_id: world.client.id,
      company_name: 'Client Co',
      user_id: world.clientAdmin.id,
      subject: 'How do I add a test?',
      status: 'open',
      last_message_preview: 'How do I add a test? We want a second one.',
    });
    expect(thread.messages).toEqual([
      expect.objectContaining({
        author_id: world.clientAdmin.id,
        is_staff: false,
        body: 'How do I add a test?\nWe want a second one.',
      }),
    ]);
    expect(thread.starter_name).toMatch(/^First Last/);
  });

  it('takes a given subject', async () => {
    const thread = await start(as.clientMember, { message: 'Please upgrade Test 4', subject: ' Upgrade ' });
    expect(thread.subject).toBe('Upgrade');
  });

  it('mails every staff member with the research licence a link to the inbox', async () => {
    const { world } = ctx;
    const thread = await start(as.demoUser, { message: 'Demo users write too' });
    for (const staff of [world.staff, world.superAdmin]) {
      const link = lastLinkTo(ctx.t.dataDir, staff.email);
      expect(link.href).toBe(`http://limbus.test/research/support/${thread.id}`);
      expect(mailsTo(staff.email).at(-1)?.text).toContain('Demo users write too');
    }
    for (const client of [world.clientAdmin, world.clientMember, world.otherAdmin])
      expect(mailsTo(client.email).filter((mail) => mail.subject.startsWith('Support'))).toEqual([]);
  });

  it.each([
    ['an empty message', { message: '   ' }, 'message'],
    ['no message', {}, 'message'],
    ['a message over the limit', { message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) }, 'message'],
    ['a subject over 120 characters', { message: 'Hi', subject: 's'.repeat(121) }, 'subject'],
    ['an unknown field', { message: 'Hi', company_id: 1 }, 'company_id'],
  ])('answers 400 for %s', async (_case, body, field) => {
    const before = await listIds(as.staff);
    expectError(await as.clientAdmin.post('/support/conversations', body), 'validation', {
      [field]: expect.any(String),
    });
    expect(await listIds(as.staff)).toEqual(before);
  });

  it('keeps a message of exactly the limit', async () => {
    const thread = await start(as.clientAdmin, { message: 'y'.repeat(SUPPORT_MESSAGE_MAX) });
    expect(thread.messages[0]?.body).toHaveLength(SUPPORT_MESSAGE_MAX);
    expect(thread.subject).toHaveLength(120);
  });

  it('needs a signed-in user', async () => {
    expectError(await as.anonymous.post('/support/conversations', { message: 'Hi' }), 'unauthenticated');
  });
});

describe('GET /support/conversations', () => {
  it('shows client users their own conversations and staff every one, newest activity first', async () => {
    const { t } = ctx;
    const mine = await start(as.clientMember, { message: 'Member question' });
    const colleague = await start(as.clientAdmin, { message: 'Admin question' });
    const other = await start(as.otherAdmin, { message: 'Other company question' });
    t.clock.advance(60_000);
    expectOk(await as.staff.post(`/support/conversations/${mine.id}/messages`, { message: 'Answer' }), 201);

    const memberIds = await listIds(as.clientMember);
    expect(memberIds).toContain(mine.id);
    expect(memberIds).not.toContain(colleague.id);
    expect(memberIds).not.toContain(other.id);
    expect(await listIds(as.otherAdmin)).toEqual([other.id]);

    const staffRows = supportConversationListAnswer.parse(
      expectOk(await as.staff.get('/support/conversations')),
    );
    expect(staffRows[0]).toMatchObject({
      id: mine.id,
      company_name: 'Client Co',
      last_message_preview: 'Answer',
    });
    expect(staffRows.map((row) => row.id)).toEqual(expect.arrayContaining([colleague.id, other.id]));
    const times = staffRows.map((row) => row.last_message_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await listIds(as.superAdmin)).toEqual(staffRows.map((row) => row.id));
  });
});

describe('GET /support/conversations/{id}', () => {
  it('answers the starter and staff, refuses colleagues and other companies', async () => {
    const thread = await start(as.clientAdmin, { message: 'Private question' });
    expect(
      supportThreadSchema.parse(expectOk(await as.clientAdmin.get(`/support/conversations/${thread.id}`))),
    ).toEqual(thread);
    expect(expectOk(await as.staff.get(`/support/conversations/${thread.id}`)).id).toBe(thread.id);
    expect(expectOk(await as.superAdmin.get(`/support/conversations/${thread.id}`)).id).toBe(thread.id);
    for (const stranger of [as.clientMember, as.otherAdmin, as.demoUser])
      expectError(await stranger.get(`/support/conversations/${thread.id}`), 'not_found');
    expectError(await as.staff.get('/support/conversations/999999'), 'not_found');
  });
});

describe('POST /support/conversations/{id}/messages', () => {
  it('adds a staff reply marked as staff and mails the starter a link to the chat', async () => {
    const { world } = ctx;
    const thread = await start(as.clientAdmin, { message: 'Need help' });
    const replied = supportThreadSchema.parse(
      expectOk(
        await as.staff.post(`/support/conversations/${thread.id}/messages`, { message: ' On it! ' }),
        201,
      ),
    );
    expect(replied.messages.map((message) => [message.body, message.is_staff, message.author_id])).toEqual([
      ['Need help', false, world.clientAdmin.id],
      ['On it!', true, world.staff.id],
    ]);
    const link = lastLinkTo(ctx.t.dataDir, world.clientAdmin.email);
    expect(link.href).toBe(`http://limbus.test/home?support=${thread.id}`);
    expect(mailsTo(world.clientAdmin.email).at(-1)?.subject).toBe('Re: Need help');
  });

  it('lets the starter answer without mailing anyone', async () => {
    const { world } = ctx;
    const thread = await start(as.clientAdmin, { message: 'Follow-up' });
    const before = readOutbox(ctx.t.dataDir).length;
    const answered = supportThreadSchema.parse(
      expectOk(
        await as.clientAdmin.post(`/support/conversations/${thread.id}/messages`, { message: 'More' }),
        201,
      ),
    );
    expect(answered.messages.at(-1)).toMatchObject({
      body: 'More',
      is_staff: false,
      author_id: world.clientAdmin.id,
    });
    expect(readOutbox(ctx.t.dataDir).length).toBe(before);
  });

  it('refuses colleagues and other companies, and validates the message', async () => {
    const thread = await start(as.clientAdmin, { message: 'Only mine' });
    for (const stranger of [as.clientMember, as.otherAdmin, as.demoUser])
      expectError(
        await stranger.post(`/support/conversations/${thread.id}/messages`, { message: 'Hi' }),
        'not_found',
      );
    for (const body of [
      { message: '' },
      { message: 'z'.repeat(SUPPORT_MESSAGE_MAX + 1) },
      { message: 'Hi', is_staff: true },
    ])
      expectError(
        await as.clientAdmin.post(`/support/conversations/${thread.id}/messages`, body),
        'validation',
      );
    const after = supportThreadSchema.parse(
      expectOk(await as.clientAdmin.get(`/support/conversations/${thread.id}`)),
    );
    expect(after.messages).toHaveLength(1);
  });
});

describe('PATCH /support/conversations/{id}', () => {
  it('lets staff close and reopen; a new message reopens a closed conversation', async () => {
    const thread = await start(as.clientAdmin, { message: 'Close me' });
    const closed = supportThreadSchema.parse(
      expectOk(await as.staff.patch(`/support/conversations/${thread.id}`, { status: 'closed' })),
    );
    expect(closed.status).toBe('closed');
    expect(closed.messages).toHaveLength(1);
    const reopened = supportThreadSchema.parse(
      expectOk(await as.superAdmin.patch(`/support/conversations/${thread.id}`, { status: 'open' })),
    );
    expect(reopened.status).toBe('open');
    expectOk(await as.staff.patch(`/support/conversations/${thread.id}`, { status: 'closed' }));
    const written = supportThreadSchema.parse(
      expectOk(
        await as.clientAdmin.post(`/support/conversations/${thread.id}/messages`, {
          message: 'Still there?',
        }),
        201,
      ),
    );
    expect(written.status).toBe('open');
  });

  it('is for staff only and validates the status', async () => {
    const thread = await start(as.clientAdmin, { message: 'Leave me open' });
    expectError(
      await as.clientAdmin.patch(`/support/conversations/${thread.id}`, { status: 'closed' }),
      'forbidden',
    );
    expectError(
      await as.otherAdmin.patch(`/support/conversations/${thread.id}`, { status: 'closed' }),
      'forbidden',
    );
    expectError(
      await as.staff.patch(`/support/conversations/${thread.id}`, { status: 'archived' }),
      'validation',
      {
        status: expect.any(String),
      },
    );
    expectError(await as.staff.patch('/support/conversations/999999', { status: 'closed' }), 'not_found');
    expect(expectOk(await as.clientAdmin.get(`/support/conversations/${thread.id}`)).status).toBe('open');
  });
});

describe('when the starter or the company goes', () => {
  it('removes the conversations of a removed user', async () => {
    const { t, world } = ctx;
    const user = await buildUser(t.db, { role: 'company_member', companyId: world.client.id });
    const client = apiClient(t.app, await signIn(t.app, user.email));
    const thread = await start(client, { message: 'Soon gone' });
    expect((await as.staff.delete(`/users/${user.id}`)).statusCode).toBe(204);
    expectError(await as.staff.get(`/support/conversations/${thread.id}`), 'not_found');
  });
});

describe('subjectOf', () => {
  it('uses the first line, on one line, shortened to 120 characters', () => {
    expect(subjectOf({ message: 'First\tline  here\nsecond' })).toBe('First line here');
    expect(subjectOf({ message: 'a'.repeat(200) })).toHaveLength(120);
    expect(subjectOf({ message: 'Body', subject: '  ' })).toBe('Body');
  });
});
