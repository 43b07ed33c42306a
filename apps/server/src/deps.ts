import type { AccessTokens } from './auth/access-tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/mailer.js';

/** What services need from the outside world, passed in explicitly (tests give their own). */
export type Deps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  accessTokens: AccessTokens;
  clock: () => Date;
};
