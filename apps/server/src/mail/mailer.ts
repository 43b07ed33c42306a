import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * SMTP when `smtpUrl` is set; otherwise each mail becomes an .eml file in `outboxDir` and, with
 * `logLinks` (not in production: a log is read by more people than the mail's addressee), its link
 * is logged, so that sign-up, invitation and reset work on a laptop without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  logger: FastifyBaseLogger;
  logLinks?: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async ({ link: _link, ...message }) => {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async ({ link, ...message }) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      writeOutboxFile(options.outboxDir, message.to, info.message as Buffer);
      const logged = options.logLinks === false ? {} : { link };
      options.logger.info(
        { to: message.to, subject: message.subject, ...logged },
        'mail written to the outbox',
      );
    },
  };
}

function writeOutboxFile(outboxDir: string, to: string, content: Buffer): void {
  fs.mkdirSync(outboxDir, { recursive: true });
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}-${safeTo}.eml`;
  const temp = path.join(outboxDir, `.${name}.tmp`);
  fs.writeFileSync(temp, content);
  fs.renameSync(temp, path.join(outboxDir, name));
}
