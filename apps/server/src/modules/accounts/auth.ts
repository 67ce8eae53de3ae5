import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SMS_CODE_LENGTH, US_PHONE } from '@sweetwish/shared/accounts';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { magicLink, phoneNumber } from 'better-auth/plugins';
import type { Messaging } from '../../adapters/messaging';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../../logger';
import { appleClientSecret } from './apple-client-secret';
import { emailPageLink } from './email-page-link';
import { type ProviderEndpoints, testProviderEndpoints } from './provider-endpoints';
import { isUserSuspended } from './repo';
import { accounts, sessions, users, verifications } from './tables';

export const CODE_TTL_SECONDS = 10 * 60;
export const LINK_TTL_SECONDS = 15 * 60;
export const CODE_ATTEMPTS = 3;
/** Phone-only accounts get an address that can never receive mail (better-auth needs one). */
const PHONE_EMAIL_DOMAIN = 'phone.sweetwish.invalid';

export function isPhoneOnlyEmail(email: string): boolean {
  return email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
}

/** The address a phone-only account is created with. */
export function phoneOnlyEmail(phoneNumber: string): string {
  return `${phoneNumber.replace(/\D/g, '')}@${PHONE_EMAIL_DOMAIN}`;
}

/** Apple answers sign-in with a form POST from this origin (response_mode=form_post). */
const APPLE_ORIGIN = 'https://appleid.apple.com';

export type Auth = ReturnType<typeof createAuth>;

/** A local OpenID Connect provider standing in for Google and Apple, in tests only (decision 016). */
export type TestOAuthProvider = { origin: string } & Partial<Record<'google' | 'apple', ProviderEndpoints>>;

/** Sign-in by phone code, e-mail link, Google and Apple (when configured) and the preview account. */
export function createAuth(deps: {
  config: Config;
  database: DatabaseHandle;
  messaging: Messaging;
  secret: string;
  logger: Logger;
  /** Tests only: never set from configuration, so a deployment cannot be pointed at another provider. */
  testOAuthProvider?: TestOAuthProvider;
}) {
  const { config, database, messaging, logger, testOAuthProvider } = deps;
  const apple = config.apple;
  const appleSecret = apple && appleClientSecret(apple.secret, apple.clientId);
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl.origin,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: [
      config.publicUrl.origin,
      ...(apple ? [APPLE_ORIGIN] : []),
      ...(testOAuthProvider ? [testOAuthProvider.origin] : []),
    ],
    // A failed or cancelled provider sign-in (and a bad state) lands on the sign-in screen, which says so.
    onAPIError: { errorURL: new URL('/sign-in', config.publicUrl).toString() },
    account: {
      // Google or Apple with a verified address that matches an account's verified address reaches that
      // account (better-auth's default). Linking from settings may use another address: Apple's relay.
      accountLinking: { enabled: true, allowDifferentEmails: true },
    },
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Into our log, not the console; the message only (its details can hold a sign-in's state or codes).
    logger: { level: 'warn', log: (level, message) => logger[level]({ source: 'better-auth' }, message) },
    // Our own limits (send-limits.ts) live in the database and hold across instances.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // A suspended account cannot sign in by any method (decision 028): no session is ever made for it.
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            if (await isUserSuspended(database.db, session.userId)) {
              throw new APIError('FORBIDDEN', { message: SAFETY_MESSAGES.suspended });
            }
          },
        },
      },
    },
    advanced: { useSecureCookies: config.isPublicHttps },
    emailAndPassword: { enabled: config.preview !== undefined, disableSignUp: true },
    socialProviders: {
      ...(config.google && { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }),
      ...(apple &&
        appleSecret && {
          apple: {
            clientId: apple.clientId,
            // Read at each code exchange: a signed secret is renewed long before it expires.
            get clientSecret() {
              return appleSecret();
            },
          },
        }),
    },
    plugins: [
      ...(testOAuthProvider ? [testProviderEndpoints(testOAuthProvider)] : []),
      phoneNumber({
        otpLength: SMS_CODE_LENGTH,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        phoneNumberValidator: (number) => US_PHONE.test(number),
        sendOTP: async ({ phoneNumber: to, code }) => {
          await messaging.sms
            .send(to, `${code} is your ${PRODUCT_NAME} sign-in code. It expires in 10 minutes.`)
            .catch((err: unknown) => {
              logger.warn({ err }, 'sending a sign-in code failed');
              throw new APIError('BAD_GATEWAY', { message: 'Error confirming phone number' });
            });
        },
        signUpOnVerification: {
          getTempEmail: phoneOnlyEmail,
          getTempName: (number) => number,
        },
      }),
      magicLink({
        expiresIn: LINK_TTL_SECONDS,
        sendMagicLink: async ({ email, url, token }) => {
          const link = emailPageLink(new URL(url).searchParams.get('callbackURL'), config.publicUrl);
          link.searchParams.set('token', token);
          await messaging.email
            .send({
              to: email,
              subject: `Sign in to ${PRODUCT_NAME}`,
              text: `Open this link to sign in to ${PRODUCT_NAME}:\n\n${link}\n\nIt works once and expires in 15 minutes. If you did not ask for it, ignore this e-mail.`,
            })
            .catch((err: unknown) => {
              logger.warn({ err }, 'sending a sign-in link failed');
              throw new APIError('BAD_GATEWAY', { message: 'There was a problem signing in.' });
            });
        },
      }),
    ],
  });
}

/**
 * The secret that signs sessions: AUTH_SECRET, or on the embedded set-up a random one created once
 * and kept in DATA_DIR, so sessions survive restarts.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Makes sure the preview account exists with the configured password (store review signs in with it). */
export async function ensurePreviewAccount(auth: Auth, config: Config): Promise<void> {
  if (!config.preview) return;
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(config.preview.password);
  const existing = await ctx.internalAdapter.findUserByEmail(config.preview.email, { includeAccounts: true });
  if (!existing) {
    const user = await ctx.internalAdapter.createUser(
      { email: config.preview.email, name: 'Preview Account', emailVerified: true },
      { method: 'email' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: hash,
    });
    return;
  }
  const hasPassword = existing.accounts.some((a) => a.providerId === 'credential');
  if (hasPassword) await ctx.internalAdapter.updatePassword(existing.user.id, hash);
  else
    await ctx.internalAdapter.linkAccount({
      userId: existing.user.id,
      providerId: 'credential',
      accountId: existing.user.id,
      password: hash,
    });
}
