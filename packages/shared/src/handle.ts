import { z } from 'zod';
import { CONTROL_CHARACTER } from './control-character';

/** Handle and display-name rules (product.md section 5; architecture.md section 8). */
export const HANDLE_MIN = 4;
export const HANDLE_MAX = 24;
export const DISPLAY_NAME_MIN = 4;
export const DISPLAY_NAME_MAX = 24;

export const HANDLE_MESSAGES = {
  short: 'Too Short',
  long: 'Too Long',
  invalid: 'Only letters, numbers, and _',
  taken: 'Handle taken, try another',
  error: 'Error checking handle...',
} as const;

export const DISPLAY_NAME_MESSAGES = {
  short: 'Too Short',
  long: 'Too Long',
  invalid: 'Only letters, numbers, and spaces, and _',
  control: 'Remove tabs, line breaks and other control characters',
} as const;

export { CONTROL_CHARACTER };

/**
 * Handles no one may take: every first path segment the app routes (a handle lives at /{handle}) and
 * names kept for the platform. Compared without regard to case.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  // routes of product.md section 2
  'sign-in',
  'sign-up',
  'join',
  'email',
  'email-link-sent',
  'complete-profile',
  'unsafe',
  'home',
  'search',
  'conversations',
  'purchases',
  'received',
  'create',
  'edit',
  'x',
  'success',
  'cs',
  'stripe',
  'tokens',
  'balance',
  'settings',
  'overlay',
  'profile',
  'why',
  'support',
  'terms-of-service',
  'privacy',
  'test',
  // screens added after the first route table (product.md section 2 lists them too)
  'fans',
  'moderation',
  'suspended',
  'insights',
  'subscriptions',
  'inbox',
  'affiliate',
  // kept for the platform (architecture.md section 8)
  'api',
  'admin',
  'www',
  'media',
  'assets',
  'static',
  'dev',
  'sandbox',
  'help',
  'about',
  // answered by the server itself, and refused by the load balancer however spelled (deploy/haproxy.cfg)
  'metrics',
  // the same words in the characters a handle may use
  'signin',
  'signup',
  'sign_in',
  'sign_up',
  'emaillinksent',
  'completeprofile',
  'termsofservice',
  'terms',
  'sweetwish',
  'root',
  'system',
  'support_team',
  'official',
  'anonymous',
  'null',
  'undefined',
]);

export type HandleProblem = 'short' | 'long' | 'invalid';

/** What is wrong with a handle on its face, before asking the server whether it is free. */
export function handleProblem(handle: string): HandleProblem | undefined {
  if (handle.length < HANDLE_MIN) return 'short';
  if (handle.length > HANDLE_MAX) return 'long';
  if (!/^[A-Za-z0-9_]+$/.test(handle)) return 'invalid';
  return undefined;
}

export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.has(handle.trim().toLowerCase());
}

export type DisplayNameProblem = HandleProblem | 'control';

export function displayNameProblem(name: string): DisplayNameProblem | undefined {
  if (CONTROL_CHARACTER.test(name)) return 'control';
  if (name.length < DISPLAY_NAME_MIN) return 'short';
  if (name.length > DISPLAY_NAME_MAX) return 'long';
  if (!/^[A-Za-z0-9_ ]+$/.test(name)) return 'invalid';
  return undefined;
}

export const Handle = z.string().superRefine((value, ctx) => {
  const problem = handleProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: HANDLE_MESSAGES[problem] });
});

export const DisplayName = z.string().superRefine((value, ctx) => {
  const problem = displayNameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: DISPLAY_NAME_MESSAGES[problem] });
});

const ADJECTIVES = ['sweet', 'sunny', 'lucky', 'cosy', 'bright', 'gentle', 'happy', 'merry', 'rosy', 'starry'];
const NOUNS = ['wish', 'heart', 'cupcake', 'petal', 'star', 'honey', 'cherry', 'candy', 'bloom', 'sprinkle'];

/** A random, valid handle to offer on the complete-profile screen, e.g. "rosy_cupcake482". */
export function suggestHandle(random: () => number = Math.random): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return `${pick(ADJECTIVES)}_${pick(NOUNS)}${Math.floor(random() * 900 + 100)}`;
}
