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
});
