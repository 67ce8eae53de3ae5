import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5172);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl.toString()).toBe('http://localhost:5172/');
    expect(config.isPublicHttps).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names every malformed variable in one message', () => {
    const error = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/x',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://x',
    });
    expect(error.problems).toHaveLength(4);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_URL']) expect(error.message).toContain(name);
    expect(error.message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' }).problems[0]).toMatch(/^PORT /);
  });

  it('sends HSTS only for HTTPS on a real host', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://sweetwish.app' }).isPublicHttps).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://localhost:5172' }).isPublicHttps).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://sweetwish.app' }).isPublicHttps).toBe(false);
  });
});
