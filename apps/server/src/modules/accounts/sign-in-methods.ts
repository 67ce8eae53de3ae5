import type { SignInMethod, SignInMethods, SocialProvider } from '@sweetwish/shared/accounts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isPhoneOnlyEmail } from './auth';
import { accounts, users } from './tables';

const SOCIAL: readonly SocialProvider[] = ['google', 'apple'];
export const LAST_METHOD_MESSAGE = 'This is your only way to sign in, so it cannot be removed.';

/**
 * Apple's "Hide My Email" addresses. Mail reaches them only from domains registered with Apple's relay,
 * so an e-mail link to one is not counted as a way to sign in.
 */
export function isAppleRelayEmail(email: string): boolean {
  return email.toLowerCase().endsWith('@privaterelay.appleid.com');
}

type UserRow = { email: string; phoneNumber: string | null };

function methodsOf(user: UserRow, linked: readonly SocialProvider[]): SignInMethod[] {
  const fixed: SignInMethod[] = [
    ...(user.phoneNumber ? [{ kind: 'phone' as const, detail: user.phoneNumber, isRemovable: false }] : []),
    ...(isPhoneOnlyEmail(user.email) || isAppleRelayEmail(user.email)
      ? []
      : [{ kind: 'email' as const, detail: user.email, isRemovable: false }]),
  ];
  // A linked provider can go while any other way to sign in remains.
  const isRemovable = fixed.length + linked.length > 1;
  return [...fixed, ...linked.map((kind) => ({ kind, detail: null, isRemovable }))];
}

async function linkedProviders(db: Database, userId: string): Promise<SocialProvider[]> {
  const rows = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.providerId, [...SOCIAL])));
  return SOCIAL.filter((provider) => rows.some((row) => row.providerId === provider));
}

function configuredProviders(config: Config): SocialProvider[] {
  return SOCIAL.filter((provider) => config[provider] !== undefined);
}

export async function listSignInMethods(db: Database, config: Config, userId: string): Promise<SignInMethods> {
  const [user] = await db
    .select({ email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 'No user');
  const linked = await linkedProviders(db, userId);
  return {
    methods: methodsOf(user, linked),
    linkable: configuredProviders(config).filter((provider) => !linked.includes(provider)),
  };
}

/**
 * Unlinks Google or Apple, never the last way to sign in. The user's row is locked while counting, so two
 * removals at once (Google and Apple from two tabs) cannot both pass the count.
 */
export async function removeSignInMethod(
  db: Database,
  config: Config,
  userId: string,
  provider: SocialProvider,
): Promise<SignInMethods> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('UNAUTHENTICATED', 'No user');
    const tdb = tx as unknown as Database;
    const method = methodsOf(user, await linkedProviders(tdb, userId)).find((m) => m.kind === provider);
    if (!method) throw new AppError('NOT_FOUND', 'This sign-in method is not linked.');
    if (!method.isRemovable) throw new AppError('CONFLICT', LAST_METHOD_MESSAGE);
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, provider)));
  });
  return listSignInMethods(db, config, userId);
}
