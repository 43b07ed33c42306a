import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      seedDemo: undefined,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('trusts no proxy by default, in production too; takes a hop count or proxy addresses', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it("makes the demo's recordings in the background by default, or on view only", () => {
    expect(loadConfig({}).demoRecordings).toBe('background');
    expect(loadConfig({ DEMO_RECORDINGS: 'on-view' }).demoRecordings).toBe('on-view');
    expect(() => loadConfig({ DEMO_RECORDINGS: 'later' })).toThrow(/DEMO_RECORDINGS/);
  });

  it('counts rate limits and runs jobs in this process by default; sharing them needs PostgreSQL', () => {
    expect(loadConfig({})).toMatchObject({ rateLimitStore: 'memory', runJobs: true });
    const shared = {
      DATABASE_URL: 'postgres://limbus@db:5432/limbus',
      RATE_LIMIT_STORE: 'postgres',
      RUN_JOBS: 'off',
    };
    expect(loadConfig(shared)).toMatchObject({ rateLimitStore: 'postgres', runJobs: false });
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'postgres' })).toThrow(
      /RATE_LIMIT_STORE: postgres needs DATABASE_URL/,
    );
    expect(() => loadConfig({ RUN_JOBS: 'off' })).toThrow(/RUN_JOBS: off needs DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
  });

  it('names every bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO/,
    );
  });

  it('requires a JWT secret in production and seeds no demo there by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(config.seedDemo).toBe(false);
  });

  it('reads flags and strips a trailing slash from the public URL', () => {
    const config = loadConfig({ SEED_DEMO: 'off', PUBLIC_URL: 'https://app.limbus.test/' });
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe('https://app.limbus.test');
  });

  it('keeps files in DATA_DIR without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads an S3-compatible bucket, path-style by default with an endpoint', () => {
    const config = loadConfig({
      S3_BUCKET: 'limbus-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_PREFIX: '/prod/',
    });
    expect(config.s3).toEqual({
      bucket: 'limbus-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
      prefix: 'prod',
    });
  });

  it('uses the default credential chain and virtual-hosted style on AWS', () => {
    const config = loadConfig({ S3_BUCKET: 'limbus-files', S3_REGION: 'eu-central-1', S3_PREFIX: '' });
    expect(config.s3).toEqual({
      bucket: 'limbus-files',
      endpoint: undefined,
      region: 'eu-central-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'yes' }).s3?.forcePathStyle).toBe(true);
    expect(
      loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'off' }).s3
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('names bad or half-given S3 settings', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'minio', S3_PREFIX: 'a/../b' })).toThrow(
      /S3_BUCKET[\s\S]*S3_ENDPOINT[\s\S]*S3_PREFIX/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'limbus-files', S3_ACCESS_KEY_ID: 'minio' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required with S3_ENDPOINT/,
    );
  });
  it('writes AI text locally by default; openai needs a model and takes a base URL, key and timeout', () => {
    expect(loadConfig({}).ai).toEqual({ provider: 'local' });
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(/AI_MODEL: required with AI_PROVIDER=openai/);
    expect(() => loadConfig({ AI_PROVIDER: 'gpt', AI_BASE_URL: 'not a url', AI_TIMEOUT_MS: '0' })).toThrow(
      /AI_PROVIDER[\s\S]*AI_BASE_URL[\s\S]*AI_TIMEOUT_MS/,
    );
    expect(loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' }).ai).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
    });
    expect(
      loadConfig({
        AI_PROVIDER: 'openai',
        AI_MODEL: 'llama3',
        AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        AI_API_KEY: 'k',
        AI_TIMEOUT_MS: '5000',
      }).ai,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'k', timeoutMs: 5000 });
  });
});
