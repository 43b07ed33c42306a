import path from 'node:path';
import { z } from 'zod';
import { assertSafeKey } from './files/file-store.js';
import type { S3Settings } from './files/s3-file-store.js';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const isSafePrefix = (value: string) => {
  try {
    assertSafeKey(value);
    return true;
  } catch {
    return false;
  }
};

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
  /** AI text requests a minute per signed-in user (each may cost a model call). */
  AI_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  WEB_DIST: z.string().optional(),
  /** Largest screen recording a test setup may upload, in bytes (4 GiB by default). */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  /** Keeps files in this S3 bucket instead of DATA_DIR/files. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '3 to 63 lowercase letters, digits, dots and hyphens')
    .optional(),
  /** An S3-compatible server (MinIO …); AWS S3 when unset. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; neither uses the AWS SDK's default credential chain. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name; on by default with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Keys go under this folder of the bucket. */
  S3_PREFIX: z
    .string()
    .transform((value) => value.replace(/^\/+|\/+$/g, ''))
    .refine((value) => value === '' || isSafePrefix(value), 'folder names (a-z, 0-9, . _ -) separated by /')
    .optional(),
  /** Who writes AI text: `local` builds it from the test's own data; `openai` asks a chat-completions endpoint. */
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  /** An OpenAI-compatible API (OpenAI, Azure, Ollama, vLLM …), up to the /v1 part. */
  AI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** How long one model call may take before it counts as failed. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(60_000),
});

const S3_OPTIONS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
];

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
  aiRateLimit: number;
  webDist: string;
  videoMaxBytes: number;
  /** Files in an S3-compatible bucket (S3_BUCKET …); DATA_DIR/files when undefined. */
  s3: S3Settings | undefined;
  ai: AiSettings;
};

export type AiSettings =
  | { provider: 'local' }
  | { provider: 'openai'; baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };

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
  const s3Problem = checkS3(values, env);
  if (s3Problem) throw new Error(`Invalid configuration:\n  ${s3Problem}`);
  if (values.AI_PROVIDER === 'openai' && !values.AI_MODEL) {
    throw new Error('Invalid configuration:\n  AI_MODEL: required with AI_PROVIDER=openai');
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
    aiRateLimit: values.AI_RATE_LIMIT,
    webDist: path.resolve(values.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    videoMaxBytes: values.VIDEO_MAX_BYTES,
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          credentials:
            values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: values.S3_FORCE_PATH_STYLE ?? values.S3_ENDPOINT !== undefined,
          prefix: values.S3_PREFIX || undefined,
        }
      : undefined,
    ai: aiSettings(values),
  };
}

function aiSettings(values: z.infer<typeof envSchema>): AiSettings {
  if (values.AI_PROVIDER === 'local' || !values.AI_MODEL) return { provider: 'local' };
  return {
    provider: 'openai',
    baseUrl: values.AI_BASE_URL.replace(/\/+$/, ''),
    apiKey: values.AI_API_KEY,
    model: values.AI_MODEL,
    timeoutMs: values.AI_TIMEOUT_MS,
  };
}

/** S3 settings that would be ignored or half-used are mistakes worth stopping for. */
function checkS3(values: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): string | null {
  if (!values.S3_BUCKET) {
    const given = S3_OPTIONS.filter((name) => env[name] !== undefined);
    return given.length > 0 ? `S3_BUCKET: required with ${given.join(', ')}` : null;
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    return 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both, or neither for the default credential chain';
  }
  return null;
}
