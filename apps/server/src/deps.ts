import type { FastifyBaseLogger } from 'fastify';
import type { AccessTokens } from './auth/access-tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { FileStore } from './files/file-store.js';
import type { SignedUrls } from './http/signed-urls.js';
import type { Mailer } from './mail/mailer.js';

/** What services need from the outside world, passed in explicitly (tests give their own). */
export type Deps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** Sample streams and media (DATA_DIR/files by default). */
  files: FileStore;
  /** For faults that must not fail a request (a file left behind after a removal). */
  log: FastifyBaseLogger;
  accessTokens: AccessTokens;
  /** Signs the URLs of media (videos) that the browser loads without the bearer token. */
  signedUrls: SignedUrls;
  clock: () => Date;
  /** Waits `ms` (the sign-in slow-down); tests give one that only moves their clock. */
  sleep: (ms: number) => Promise<void>;
};
