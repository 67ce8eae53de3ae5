import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is validated at start-up; a bad environment stops the
 * process with one message that names each missing or malformed variable.
 */
const EnvSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5172),
  /** The address users reach the app at; decides HSTS and, later, links in e-mails. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where PGlite and media live when no external services are configured. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string. Unset: embedded PGlite under DATA_DIR/db. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  host: string;
  port: number;
  publicUrl: URL;
  /** True when the public address is served over HTTPS from a real host name. */
  isPublicHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return present[name] === undefined ? `${name} is required` : `${name} ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    isPublicHttps: publicUrl.protocol === 'https:' && !LOCAL_HOSTS.has(publicUrl.hostname),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
  };
}
