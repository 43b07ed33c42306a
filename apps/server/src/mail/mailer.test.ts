import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MESSAGES } from '@limbus/contract';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../test/api.js';
import {
  createTestApp,
  lastMailTo,
  parseMail,
  readOutbox,
  type TestApp,
} from '../../test/create-test-app.js';
import { createMailer } from './mailer.js';
import { passwordResetMail } from './templates.js';

type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signUp = (app: TestApp['app'], email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: { email, password: 'secret1', profile: { first_name: 'Sam', last_name: 'Smtp' } },
  });

describe('with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Limbus <mail@limbus.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the activation mail with its link to the SMTP server, and the link works', async () => {
    expectOk(await signUp(t.app, 'smtp.user@example.test'), 201);
    expect(smtp.received).toHaveLength(1);
    const [delivered] = smtp.received;
    expect(delivered?.from).toBe('mail@limbus.test');
    expect(delivered?.to).toEqual(['smtp.user@example.test']);
    const mail = parseMail(delivered?.raw ?? '');
    expect(mail.subject).toBe('Activate your Limbus account');
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://limbus.test/activate');
    expect(readOutbox(t.dataDir)).toEqual([]);

    const token = link.searchParams.get('confirmation_token');
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/confirmation?confirmation_token=${token}`,
    });
    expect(expectOk(confirm)).toEqual({ message: MESSAGES.activated });
  });

  it('delivers the password reset mail', async () => {
    const before = smtp.received.length;
    expectOk(await t.app.inject({ url: '/api/v1/password_reset?email=smtp.user@example.test' }));
    expect(smtp.received).toHaveLength(before + 1);
    const mail = parseMail(smtp.received.at(-1)?.raw ?? '');
    expect(new URL(mail.link ?? '').pathname).toBe('/new-password');
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('writes the mail with its link to the outbox folder', async () => {
    expectOk(await signUp(t.app, 'outbox.user@example.test'), 201);
    const files = fs.readdirSync(path.join(t.dataDir, 'outbox'));
    expect(files).toEqual([expect.stringMatching(/outbox\.user@example\.test\.eml$/)]);
    const mail = lastMailTo(t.dataDir, 'outbox.user@example.test');
    expect(mail.subject).toBe('Activate your Limbus account');
    expect(new URL(mail.link ?? '').pathname).toBe('/activate');
  });

  it.each([
    { logLinks: true, what: 'logs the link of each mail it writes (development)' },
    { logLinks: false, what: 'keeps the link in the outbox only, not in the log (production)' },
  ])('$what', async ({ logLinks }) => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-outbox-'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    try {
      const mailer = createMailer({
        smtpUrl: undefined,
        outboxDir,
        from: 'Limbus <mail@limbus.test>',
        logger: pino(sink),
        logLinks,
      });
      const link = 'http://limbus.test/new-password?token=abc';
      await mailer.send(passwordResetMail('someone@example.test', link));
      const logged = lines.map((line) => JSON.parse(line) as { to?: string; link?: string });
      expect(logged).toContainEqual(expect.objectContaining({ to: 'someone@example.test' }));
      expect(lines.join('').includes('token=abc')).toBe(logLinks);
      const [file] = fs.readdirSync(outboxDir);
      const mail = parseMail(fs.readFileSync(path.join(outboxDir, file ?? ''), 'utf8'));
      expect(mail).toMatchObject({ to: 'someone@example.test', link });
      expect(mail.text).toContain('From: Limbus <mail@limbus.test>');
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
