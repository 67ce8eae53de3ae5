import { CLEARING_DAYS_DEFAULT } from '@sweetwish/shared/fees';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy';

/** Folder names as storage keys have them (isStorageKey): none hidden, single slashes, a trailing one allowed. */
const KEY_PREFIX = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\/?$/;

/** MODERATORS entries: a user id (`id:` and the id), an e-mail address, or what looks like a handle (refused). */
const MODERATOR_ID = /^id:[A-Za-z0-9_-]{1,64}$/;
const MODERATOR_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const HANDLE_LIKE = /^@?\w{4,24}$/;

/**
 * Every environment variable the server reads, validated at start-up by config.ts (the only reader of
 * process.env); a bad environment stops the process with one message that names each malformed variable.
 */
export const EnvSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5172),
  /** The address users reach the app at; decides HSTS and, later, links in e-mails. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where PGlite and media live when no external services are configured. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string. Unset: embedded PGlite under DATA_DIR/db. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  /**
   * Behind reverse proxies: which of them may name the client in X-Forwarded-For (trust-proxy.ts):
   * true (one), false, a number of proxies, or their addresses and ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs sessions and tokens. Unset: a random secret kept in DATA_DIR/auth-secret. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Serves /metrics to requests with `Authorization: Bearer <it>`. Unset: no metrics served (decision 020). */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** E-mail through SMTP, e.g. smtps://user:pass@smtp.example.com:465. Unset: the local outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z.string().min(3).default('Sweetwish <no-reply@sweetwish.app>'),
  /** SMS through Twilio when all three are set. Unset: the local outbox. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC\w{32}$/, 'must look like AC followed by 32 characters')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+\d{8,15}$/, 'must be an E.164 number')
    .optional(),
  /** Twilio's API address; tests point it at a local stand-in. */
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** Media in an S3-compatible bucket when the bucket and both keys are set. Unset: files under DATA_DIR/media. */
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/, 'must be a bucket name such as sweetwish-media')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (or auto)')
    .default('us-east-1'),
  /** An S3-compatible service's address (MinIO, R2, ...). Unset: AWS S3 itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Prepended to every media key, e.g. `sweetwish/production`, so several deployments can share a bucket. */
  S3_KEY_PREFIX: z
    .string()
    .refine(
      (prefix) => KEY_PREFIX.test(prefix) && !prefix.includes('..'),
      'must be folder names of A-Z, a-z, 0-9, _, . and - joined by single slashes, without ..',
    )
    .optional(),
  /** Stripe's secret API key. Unset: the local card sandbox (only on a local PUBLIC_URL; architecture.md section 4). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)')
    .optional(),
  /** The signing secret of the Stripe webhook endpoint that points at /api/payments/webhook. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)')
    .optional(),
  /** The signing secret of the Stripe Connect webhook endpoint (events on connected accounts) at /api/payments/connect-webhook. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)')
    .optional(),
  /** Local card sandbox only: seconds a card payment's funds stay pending in the platform balance. */
  CARD_SANDBOX_FUNDS_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(0),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  /** A fixed client-secret JWT; or, better, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY to sign one at run time. */
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team ID')
    .optional(),
  APPLE_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key ID')
    .optional(),
  /** The .p8 key's contents (PEM); `\n` written literally is read as a line break. */
  APPLE_PRIVATE_KEY: z
    .string()
    .transform((key) => key.replaceAll('\\n', '\n'))
    .pipe(z.string().includes('PRIVATE KEY', { message: 'must be the contents of the .p8 key file' }))
    .optional(),
  /** The store-review account (decision 057): created at start-up with this address and password. */
  PREVIEW_EMAIL: z.email().optional(),
  PREVIEW_PASSWORD: z.string().min(12).optional(),
  /**
   * `on` while an app store reviews the app: the preview account then signs in with its address alone, and
   * /api/public-config publishes the address. `off` (default): neither.
   */
  STORE_REVIEW: z.enum(['on', 'off']).default('off'),
  /**
   * How long a message notification waits before it is sent: a recipient who reads the message on screen
   * meanwhile is not notified.
   */
  MESSAGE_NOTIFICATION_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** Days an earned token stays pending before it can be withdrawn (decision 017); 0 clears at once. */
  CLEARING_DAYS: z.coerce.number().int().min(0).max(180).default(CLEARING_DAYS_DEFAULT),
  /** Uploaded images processed at once by this instance (each in its own process); unset: one per core. */
  IMAGE_JOBS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Behind a load balancer: how long a stopping instance keeps serving while /api/ready answers 503, so the
   * balancer stops sending it work before it closes its listener (decision 020).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /**
   * Who moderates (decision 028): verified e-mail addresses and user ids (`id:<user id>`), separated by
   * commas or spaces, e.g. `mod@sweetwish.app, id:kX3vQ9aLr2`. Never handles: anyone may claim one once it
   * is free, so a handle is refused at start-up. Unset: nobody, and every moderation route answers 404.
   */
  MODERATORS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const names = value
        .split(/[\s,]+/)
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const handles = names
        .filter((name) => HANDLE_LIKE.test(name))
        .map((name) => name.replace(/^@/, '').toLowerCase());
      const bad = names.filter(
        (name) => !HANDLE_LIKE.test(name) && !MODERATOR_EMAIL.test(name) && !MODERATOR_ID.test(name),
      );
      if (handles.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message:
            `names handles (${handles.join(', ')}): a handle can be claimed by anyone once it is free. ` +
            'Name each moderator by verified e-mail address or by user id (id:<user id>).',
        });
      }
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be verified e-mail addresses or user ids written id:<user id> (not: ${bad.join(', ')})`,
        });
      }
      if (handles.length > 0 || bad.length > 0) return z.NEVER;
      return {
        userIds: new Set(names.filter((name) => MODERATOR_ID.test(name)).map((name) => name.slice('id:'.length))),
        emails: new Set(names.filter((name) => MODERATOR_EMAIL.test(name)).map((name) => name.toLowerCase())),
      };
    }),
  /**
   * Web push (decision 029): the VAPID key pair as `npx web-push generate-vapid-keys` prints it (base64url).
   * Both or neither; unset: generated once into DATA_DIR/vapid.json (PGlite) or the database (PostgreSQL).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an unpadded base64url P-256 public key (87 characters, starting with B)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be an unpadded base64url P-256 private key (43 characters)')
    .optional(),
  /** Who runs this server, for push services: a mailto: or https: address. Unset: PUBLIC_URL if https. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
    .optional(),
  // Benchmarks only (scripts/bench): `off` measures public pages and search as a cache miss.
  PUBLIC_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * Tests only: the port of a fixture store on 127.0.0.1 that reading store links may reach (decision 110).
   * Refused unless PUBLIC_URL is this machine.
   */
  STORE_IMPORT_TEST_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});
