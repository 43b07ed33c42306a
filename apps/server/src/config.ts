import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Limbus <no-reply@limbus.test>'),
  PUBLIC_URL: z.url().optional(),
  /** Seeds demo content; defaults to on for an empty database outside production. */
  SEED_DEMO: booleanFlag.optional(),
  /** Secret for access tokens. Generated and kept in DATA_DIR when unset (not in production). */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET needs at least 32 characters').optional(),
  SUPPORT_URL: z.url().default('mailto:support@limbus.test'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests a minute per address on the sign-in, sign-up and password-reset calls. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  WEB_DIST: z.string().optional(),
  /** Largest screen recording a test setup may upload, in bytes (4 GiB by default). */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  seedDemo: boolean | undefined;
  jwtSecret: string | undefined;
  supportUrl: string;
  logLevel: string;
  authRateLimit: number;
  webDist: string;
  videoMaxBytes: number;
};

/** Reads and validates the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    seedDemo: values.SEED_DEMO ?? (values.NODE_ENV === 'production' ? false : undefined),
    jwtSecret: values.JWT_SECRET,
    supportUrl: values.SUPPORT_URL,
    logLevel: values.LOG_LEVEL,
    authRateLimit: values.AUTH_RATE_LIMIT,
    webDist: path.resolve(values.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    videoMaxBytes: values.VIDEO_MAX_BYTES,
  };
}
