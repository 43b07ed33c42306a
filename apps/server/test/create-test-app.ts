import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { seedReferenceData } from '../src/db/reference-data.js';
import { createDataFileStore, type FileStore } from '../src/files/file-store.js';
import { createSignedUrls, type UrlHolder } from '../src/http/signed-urls.js';
import { openTestDatabase } from './test-database.js';

export type TestApp = {
  app: FastifyInstance;
  /** The configuration the app runs with (what `env` made of it). */
  config: Config;
  db: Database;
  dataDir: string;
  /** The app's file store (DATA_DIR/files). */
  files: FileStore;
  /** Signs a media path as the app does (the same secret), for signed routes. */
  /** A signed URL of `path`, as an answer to `holder` names it (unbound without one). */
  sign: (path: string, holder?: UrlHolder) => string;
  /** Moves the server's clock; `now` starts at the real time. */
  clock: { now: Date; advance: (ms: number) => void };
  /** The waits the server asked for (the sign-in slow-down), each of which only moved `clock`. */
  sleeps: number[];
  close: () => Promise<void>;
};

/** Where a test app keeps its files and how its PostgreSQL database is named (test-database.ts). */
export type TestAppPlace = { dataRoot?: string; databasePrefix?: string };

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const JWT_SECRET = TEST_JWT_SECRET;

/** The real app on a fresh database, with files (outbox, file store) in a temp dir. */
export async function createTestApp(
  env: Record<string, string> = {},
  place: TestAppPlace = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(place.dataRoot ?? os.tmpdir(), 'limbus-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://limbus.test',
    AUTH_RATE_LIMIT: '10000',
    AI_RATE_LIMIT: '10000',
    ...env,
  });
  const database = await openTestDatabase(place.databasePrefix);
  await seedReferenceData(database.db);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const sleeps: number[] = [];
  const files = createDataFileStore(dataDir);
  const app = await buildApp({
    config,
    db: database.db,
    files,
    jwtSecret: JWT_SECRET,
    clock: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
  });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    dataDir,
    files,
    sign: (mediaPath, holder) => {
      const urls = createSignedUrls(JWT_SECRET);
      const sign = () => urls.sign(mediaPath, clock.now);
      return holder ? urls.signingFor(holder, sign) : sign();
    },
    clock,
    sleeps,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type OutboxMail = { to: string; subject: string; text: string; link: string | undefined };

/** Mails written to the outbox, oldest first, with the first link of each. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(outbox, name), 'utf8')));
}

/** A raw RFC 822 message (quoted-printable body) as a mail with its first link. */
export function parseMail(raw: string): OutboxMail {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
  return {
    to: header('To'),
    subject: header('Subject'),
    text: unfolded,
    link: /https?:\/\/[^\s"<>]+/.exec(
      unfolded
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    )?.[0],
  };
}

/** The latest mail to an address, or a failure naming what the outbox holds. */
export function lastMailTo(dataDir: string, to: string): OutboxMail {
  const mails = readOutbox(dataDir).filter((mail) => mail.to.includes(to));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`No mail to ${to} in the outbox`);
  return mail;
}
