import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/**
 * The shape of a file store's key (files/file-store.ts): relative paths of segments that start with
 * a letter or digit, so that no segment is `.`, `..` or hidden. S3_PREFIX, put before every key,
 * must have it too.
 */
export function isSafeFileKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key);
}

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
  /**
   * Whose X-Forwarded-For to believe: `off` (default; the client's own address counts), the
   * number of proxies in front, or their addresses and networks separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) =>
        /^(off|false|\d{1,2})$/.test(value) ||
        value.split(',').every((item) => /^[\d.:a-fA-F/]+$/.test(item.trim())),
      'off, a number of proxies, or proxy addresses (CIDR allowed) separated by commas',
    )
    .default('off'),
  /** Requests a minute per address on the sign-in, sign-up and password-reset calls. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Where rate limits count: this process's memory, or PostgreSQL (DATABASE_URL) shared by every API process. */
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).default('memory'),
  /** Run queued jobs in this process; off when separate workers (`npm run worker`) run them. */
  RUN_JOBS: booleanFlag.default(true),
  /**
   * When the demo's screen recordings are made: one after another from the start ('background'),
   * or each on its participant's first view only ('on-view').
   */
  DEMO_RECORDINGS: z.enum(['background', 'on-view']).default('background'),
  /** AI text requests a minute per signed-in user (each may cost a model call). */
  AI_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  WEB_DIST: z.string().optional(),
  /** Largest screen recording a test setup may upload, in bytes (4 GiB by default). */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  /** How long an upload may send nothing before it is answered as broken (400). */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
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
  /** Chromium for heatmap screenshots captured on the server (Debian's by default). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Let captures reach loopback, private and link-local addresses (a lab's intranet; tests). */
  CAPTURE_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  CAPTURE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** Keys go under this folder of the bucket. */
  S3_PREFIX: z
    .string()
    .transform((value) => value.replace(/^\/+|\/+$/g, ''))
    .refine((value) => value === '' || isSafeFileKey(value), 'folder names (a-z, 0-9, . _ -) separated by /')
    .optional(),
  /** Who writes AI text: `local` builds it from the test's own data; `openai` asks a chat-completions endpoint. */
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  /** An OpenAI-compatible API (OpenAI, Azure, Ollama, vLLM …), up to the /v1 part. */
  AI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** How long one model call may take before it counts as failed. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(60_000),
  /** An .onnx saliency model that predictions run instead of the built-in model (onnx-attention.ts). */
  ATTENTION_MODEL_PATH: z
    .string()
    .trim()
    .min(1)
    .refine((value) => value.toLowerCase().endsWith('.onnx'), 'an .onnx file')
    .optional(),
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
  rateLimitStore: 'memory' | 'postgres';
  runJobs: boolean;
  demoRecordings: 'background' | 'on-view';
  /** Fastify's trustProxy: false, a hop count or the proxies' addresses. */
  trustProxy: false | number | string[];
  aiRateLimit: number;
  webDist: string;
  videoMaxBytes: number;
  uploadIdleTimeoutMs: number;
  /** Files in an S3-compatible bucket (S3_BUCKET …); DATA_DIR/files when undefined. */
  s3: S3Settings | undefined;
  ai: AiSettings;
  capture: CaptureSettings;
} & AttentionModelSetting;

/** Where the files live: S3_* in the configuration. */
export type S3Settings = {
  bucket: string;
  /** An S3-compatible server (MinIO …); AWS when undefined. */
  endpoint: string | undefined;
  region: string;
  /** The SDK's default credential chain (environment, profile, instance role) when undefined. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (MinIO and most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
  /** Keys are stored under `prefix/` when set (several installations in one bucket). */
  prefix: string | undefined;
};

/** The ONNX model predictions run instead of the built-in one; undefined for the built-in one. */
export type AttentionModelSetting = { attentionModelPath?: string | undefined };

/** Server-side screenshots of heatmap pages (modules/heatmaps/heatmap-capture.ts). */
export type CaptureSettings = {
  chromiumPath: string;
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  /** More Chromium flags; not from the environment (tests turn Chromium's own checks off). */
  browserArgs?: readonly string[];
  /**
   * Not from the environment: tests map a public address, once the capture's proxy has checked
   * it, to the local test server that stands for it (capture-proxy.ts).
   */
  dialRules?: Readonly<Record<string, string>>;
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
  if (values.RATE_LIMIT_STORE === 'postgres' && !values.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  RATE_LIMIT_STORE: postgres needs DATABASE_URL');
  }
  if (!values.RUN_JOBS && !values.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  RUN_JOBS: off needs DATABASE_URL (workers cannot share the embedded database)',
    );
  }
  if (values.AI_PROVIDER === 'openai' && !values.AI_MODEL) {
    throw new Error('Invalid configuration:\n  AI_MODEL: required with AI_PROVIDER=openai');
  }
  const attentionModelPath = values.ATTENTION_MODEL_PATH && path.resolve(values.ATTENTION_MODEL_PATH);
  if (attentionModelPath && !fs.statSync(attentionModelPath, { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`Invalid configuration:\n  ATTENTION_MODEL_PATH: no file at ${attentionModelPath}`);
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
    rateLimitStore: values.RATE_LIMIT_STORE,
    runJobs: values.RUN_JOBS,
    demoRecordings: values.DEMO_RECORDINGS,
    trustProxy: trustProxy(values.TRUST_PROXY),
    aiRateLimit: values.AI_RATE_LIMIT,
    webDist: path.resolve(values.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    videoMaxBytes: values.VIDEO_MAX_BYTES,
    uploadIdleTimeoutMs: values.UPLOAD_IDLE_TIMEOUT_MS,
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
    attentionModelPath: attentionModelPath || undefined,
    capture: {
      chromiumPath: values.CHROMIUM_PATH,
      allowPrivateAddresses: values.CAPTURE_ALLOW_PRIVATE_ADDRESSES,
      timeoutMs: values.CAPTURE_TIMEOUT_MS,
    },
  };
}

function trustProxy(value: string): false | number | string[] {
  if (value === 'off' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((item) => item.trim());
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
