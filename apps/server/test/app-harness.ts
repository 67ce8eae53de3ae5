import { Writable } from 'node:stream';
import { createApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createLogger } from '../src/logger';

/** A logger whose JSON lines are kept in memory, so a test can read what the server logged. */
export function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: '/tmp/sweetwish-unused', ...env });
}

/** The app as the server builds it, answering in-process requests through app.request(). */
export function buildTestApp(
  database: DatabaseHandle,
  options: { env?: Record<string, string>; webDistDir?: string } = {},
) {
  const { logger, lines } = captureLogger();
  const app = createApp({
    config: testConfig(options.env),
    database,
    logger,
    webDistDir: options.webDistDir ?? '/nonexistent-web-dist',
  });
  return { app, logLines: lines };
}
