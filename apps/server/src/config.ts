import { createECDH } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { EnvSchema } from './config-env';
import type { TrustProxy } from './trust-proxy';

export type Config = {
  host: string;
  port: number;
  publicUrl: URL;
  /** True when the public address is served over HTTPS from a real host name. */
  isPublicHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Which proxies may name the client's address (for per-network limits). */
  trustProxy: TrustProxy;
  authSecret: string | undefined;
  /** The bearer token /metrics asks for; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  smtp: { url: string; from: string } | undefined;
  twilio: { accountSid: string; authToken: string; fromNumber: string; apiUrl: string } | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  apple: { clientId: string; secret: AppleSecretSource } | undefined;
  /** The store-review account; `isReviewOpen`: it signs in without a code and its address is published. */
  preview: { email: string; password: string; isReviewOpen: boolean } | undefined;
  /** PUBLIC_URL is this machine: local stand-ins (outbox, card sandbox) may be served. */
  isLocalPublicUrl: boolean;
  /** Cards and payouts through Stripe; undefined: the local card sandbox (or none on a public host). */
  stripe: { secretKey: string; webhookSecret: string; connectWebhookSecret: string } | undefined;
  /** The local card sandbox: how long card funds stay pending before transfers may use them. */
  cardSandboxFundsDelaySeconds: number;
  messageNotificationDelaySeconds: number;
  /** Days earned tokens stay pending (decision 017). */
  clearingDays: number;
  /** Uploaded images processed at once; as many more may wait, and beyond that an upload is refused (429). */
  imageJobs: number;
  shutdownDrainSeconds: number;
  /** The VAPID key pair from the environment; undefined: generated and kept (modules/push/vapid.ts). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The VAPID `sub` claim: a contact for push services. */
  vapidSubject: string;
  /** Whether public pages and search results are kept in memory (decision 005); off for benchmarks only. */
  publicCache: boolean;
  /** Tests only: the fixture store's port on 127.0.0.1 that store links may reach (decision 110). */
  storeImportTestPort: number | undefined;
  /** Who moderates: user ids and lowercase e-mail addresses, never handles (decision 028). */
  moderators: { userIds: ReadonlySet<string>; emails: ReadonlySet<string> };
  /** Media storage in an S3-compatible bucket; undefined: files on disk under dataDir/media. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        keyPrefix: string | undefined;
      }
    | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings that only work as a group: some set and some not is a mistake worth stopping for. */
function together(env: Record<string, unknown>, names: string[]): string[] {
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length === 0 || missing.length === names.length) return [];
  return missing.map(
    (name) => `${name} is required when ${names.filter((n) => !missing.includes(n)).join(' and ')} is set`,
  );
}

/** A fixed client secret, or Apple's key to sign one with (modules/accounts/apple-client-secret.ts). */
export type AppleSecretSource =
  | { kind: 'fixed'; clientSecret: string }
  | { kind: 'key'; teamId: string; keyId: string; privateKey: string };

type Env = z.infer<typeof EnvSchema>;

function appleProblems(e: Env): string[] {
  const hasKey = e.APPLE_TEAM_ID !== undefined;
  const hasSecret = e.APPLE_CLIENT_SECRET !== undefined;
  if (hasKey && hasSecret) return ['APPLE_CLIENT_SECRET and APPLE_TEAM_ID cannot both be set: choose one'];
  if (e.APPLE_CLIENT_ID && !hasKey && !hasSecret) {
    return [
      'APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (or APPLE_CLIENT_SECRET) are required when APPLE_CLIENT_ID is set',
    ];
  }
  if (!e.APPLE_CLIENT_ID && (hasKey || hasSecret))
    return ['APPLE_CLIENT_ID is required when an Apple key or secret is set'];
  return [];
}

function appleSecretSource(e: Env): AppleSecretSource {
  if (e.APPLE_CLIENT_SECRET) return { kind: 'fixed', clientSecret: e.APPLE_CLIENT_SECRET };
  return {
    kind: 'key',
    teamId: e.APPLE_TEAM_ID ?? '',
    keyId: e.APPLE_KEY_ID ?? '',
    privateKey: e.APPLE_PRIVATE_KEY ?? '',
  };
}

/** Whether the public key is the private key's (both base64url, P-256); never says what either is. */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === publicKey;
  } catch {
    return false;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The environment parsed by `schema`, or a ConfigError naming each problem. */
function parseEnv<T extends z.ZodType>(schema: T, env: Record<string, string | undefined>): z.infer<T> {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return present[name] === undefined ? `${name} is required` : `${name} ${issue.message}`;
    }),
  );
}

/**
 * Only where the database is, for commands that read it and sign nothing (`npm run reconcile`): they need no
 * AUTH_SECRET, and a setting they do not use cannot stop them.
 */
export function loadDatabaseSettings(env: Record<string, string | undefined> = process.env): {
  dataDir: string;
  databaseUrl: string | undefined;
} {
  const e = parseEnv(EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }), env);
  return { dataDir: path.resolve(e.DATA_DIR), databaseUrl: e.DATABASE_URL };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(EnvSchema, env);
  const problems = [
    ...together(e, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER']),
    ...together(e, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']),
    ...together(e, ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY']),
    ...appleProblems(e),
    ...together(e, ['PREVIEW_EMAIL', 'PREVIEW_PASSWORD']),
    ...together(e, ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']),
    ...together(e, ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']),
    ...together(e, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET']),
  ];
  // Without a bucket these would be ignored and media would quietly stay on the local disk.
  for (const name of ['S3_ENDPOINT', 'S3_KEY_PREFIX'] as const) {
    if (e[name] !== undefined && e.S3_BUCKET === undefined) problems.push(`S3_BUCKET is required when ${name} is set`);
  }
  if (e.STORE_REVIEW === 'on' && !(e.PREVIEW_EMAIL && e.PREVIEW_PASSWORD)) {
    problems.push('PREVIEW_EMAIL and PREVIEW_PASSWORD are required when STORE_REVIEW is on');
  }
  if (e.PREVIEW_EMAIL && e.MODERATORS.emails.has(e.PREVIEW_EMAIL.toLowerCase())) {
    problems.push('MODERATORS names the preview account (PREVIEW_EMAIL), which may never moderate');
  }
  // Instances behind a load balancer must sign sessions alike: a per-machine secret would not do.
  if (e.DATABASE_URL && !e.AUTH_SECRET) problems.push('AUTH_SECRET is required when DATABASE_URL is set');
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && !isVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  }
  if (
    e.STORE_IMPORT_TEST_PORT !== undefined &&
    e.PUBLIC_URL !== undefined &&
    !LOCAL_HOSTS.has(new URL(e.PUBLIC_URL).hostname)
  ) {
    problems.push('STORE_IMPORT_TEST_PORT is for tests on this machine: PUBLIC_URL must be local');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    isPublicHttps: publicUrl.protocol === 'https:' && !LOCAL_HOSTS.has(publicUrl.hostname),
    isLocalPublicUrl: LOCAL_HOSTS.has(publicUrl.hostname),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    metricsToken: e.METRICS_TOKEN,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM_NUMBER
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            fromNumber: e.TWILIO_FROM_NUMBER,
            apiUrl: e.TWILIO_API_URL,
          }
        : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    apple: e.APPLE_CLIENT_ID ? { clientId: e.APPLE_CLIENT_ID, secret: appleSecretSource(e) } : undefined,
    preview:
      e.PREVIEW_EMAIL && e.PREVIEW_PASSWORD
        ? { email: e.PREVIEW_EMAIL, password: e.PREVIEW_PASSWORD, isReviewOpen: e.STORE_REVIEW === 'on' }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_CONNECT_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
          }
        : undefined,
    cardSandboxFundsDelaySeconds: e.CARD_SANDBOX_FUNDS_DELAY_SECONDS,
    messageNotificationDelaySeconds: e.MESSAGE_NOTIFICATION_DELAY_SECONDS,
    clearingDays: e.CLEARING_DAYS,
    imageJobs: e.IMAGE_JOBS ?? availableParallelism(),
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    publicCache: e.PUBLIC_CACHE === 'on',
    storeImportTestPort: e.STORE_IMPORT_TEST_PORT,
    moderators: e.MODERATORS,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? (publicUrl.protocol === 'https:' ? publicUrl.origin : 'mailto:push@localhost'),
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            keyPrefix: e.S3_KEY_PREFIX,
          }
        : undefined,
  };
}

/** The configuration, or the process ends with the list of what is wrong (for the entry points). */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
