import { createRoute, z } from '@hono/zod-openapi';
import { EmailLinkVerifyInput, PreviewSignInInput, SendEmailLinkInput } from '@sweetwish/shared/accounts';
import { OPTIONAL_SESSION, SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

// Sign-in as better-auth serves it under /api/auth (the ones the app calls), with what auth-routes.ts adds.

const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const Ok = z.object({ status: z.boolean() }).meta({ id: 'AuthStatus' });
/** better-auth's session answer; the app reads only who is signed in. */
const AuthSession = z
  .object({ user: z.object({ id: z.string() }).loose(), session: z.object({ expiresAt: z.string() }).loose() })
  .nullable()
  .meta({ id: 'AuthSession' });
const Altcha = z.string().max(4096).optional().describe('A solved /api/auth/challenge, when the send asks for one');
const notSent = {
  400: errorResponse('A bad phone number or e-mail address'),
  429: errorResponse('Too many codes or links: wait, or solve a challenge (`fields.altcha`)'),
};

export const challengeRoute = createRoute({
  operationId: 'authChallenge',
  method: 'get',
  path: '/auth/challenge',
  summary: 'A proof-of-work challenge (ALTCHA) a send of a code or link may need',
  responses: { 200: jsonResponse(z.record(z.string(), z.unknown()).meta({ id: 'AltchaChallenge' }), 'The challenge') },
});

export const sendCodeRoute = createRoute({
  operationId: 'authSendPhoneCode',
  method: 'post',
  path: '/auth/phone-number/send-otp',
  summary: 'Send a sign-in code by SMS to a US phone number',
  request: json(z.object({ phoneNumber: z.string().max(32), altcha: Altcha })),
  responses: { 200: jsonResponse(Ok, 'The code is sent'), ...notSent },
});

export const verifyCodeRoute = createRoute({
  operationId: 'authVerifyPhoneCode',
  method: 'post',
  path: '/auth/phone-number/verify',
  summary: 'Sign in with the code: sets the session cookie',
  request: json(z.object({ phoneNumber: z.string().max(32), code: z.string().max(16) })),
  responses: {
    200: jsonResponse(z.record(z.string(), z.unknown()), 'Signed in: the session cookie is set'),
    400: errorResponse('No code waits for this number, or a wrong code'),
    403: errorResponse('Too many wrong guesses: request a new code'),
    429: errorResponse('Too many attempts from this address'),
  },
});

export const sendEmailLinkRoute = createRoute({
  operationId: 'authSendEmailLink',
  method: 'post',
  path: '/auth/sign-in/magic-link',
  summary: 'Send a sign-in link by e-mail',
  request: json(SendEmailLinkInput.extend({ callbackURL: z.string().max(2048).optional(), altcha: Altcha })),
  responses: { 200: jsonResponse(Ok, 'The link is sent'), ...notSent },
});

export const verifyEmailLinkRoute = createRoute({
  operationId: 'authVerifyEmailLink',
  method: 'post',
  path: '/auth/magic-link/verify',
  summary: "Complete an e-mail link sign-in from the app's /email page: sets the session cookie",
  request: json(EmailLinkVerifyInput),
  responses: {
    200: jsonResponse(z.record(z.string(), z.unknown()), 'Signed in'),
    400: errorResponse('The link is wrong, used or expired, or for another address'),
  },
});

export const checkEmailLinkRoute = createRoute({
  operationId: 'authCheckEmailLink',
  method: 'post',
  path: '/auth/magic-link/check',
  summary: 'Whether an e-mail link can still sign in (asked by /email before the address); says nothing of whose it is',
  request: json(EmailLinkVerifyInput.pick({ token: true })),
  responses: { 200: jsonResponse(z.object({ isValid: z.boolean() }), 'Whether the link is still good') },
});

export const socialSignInRoute = createRoute({
  operationId: 'authSocialSignIn',
  method: 'post',
  path: '/auth/sign-in/social',
  summary: 'Start a Google or Apple sign-in: answers where to send the browser',
  request: json(
    z.object({
      provider: z.enum(['google', 'apple']),
      callbackURL: z.string().max(2048).optional(),
      errorCallbackURL: z.string().max(2048).optional(),
      newUserURL: z.string().max(2048).optional(),
    }),
  ),
  responses: {
    200: jsonResponse(z.object({ url: z.string(), redirect: z.boolean() }).loose(), 'The provider URL'),
    400: errorResponse('An unknown provider, or a return address off this site'),
    404: errorResponse('This provider is not set up on this deployment'),
  },
});

export const linkSocialRoute = createRoute({
  operationId: 'authLinkSocial',
  security: SESSION,
  method: 'post',
  path: '/auth/link-social',
  summary: 'Add Google or Apple as a sign-in method of the signed-in user (Settings)',
  request: json(
    z.object({
      provider: z.enum(['google', 'apple']),
      callbackURL: z.string().max(2048).optional(),
      errorCallbackURL: z.string().max(2048).optional(),
    }),
  ),
  responses: {
    200: jsonResponse(z.object({ url: z.string(), redirect: z.boolean() }).loose(), 'The provider URL'),
    400: errorResponse('An unknown provider, or a return address off this site'),
    401: errorResponse('Nobody is signed in'),
    404: errorResponse('This provider is not set up on this deployment'),
  },
});

const callback = (method: 'get' | 'post', operationId: string) =>
  createRoute({
    operationId,
    method,
    path: '/auth/callback/{provider}',
    summary: `The provider sends the browser back here (${method === 'post' ? "Apple's form post" : 'Google'})`,
    request: { params: z.object({ provider: z.string().max(32) }) },
    responses: {
      302: { description: 'Signed in (the session cookie is set) or not: on to the app' },
      400: errorResponse('A broken answer from the provider'),
      404: errorResponse('No such provider'),
    },
  });
export const callbackGetRoute = callback('get', 'authCallback');
export const callbackPostRoute = callback('post', 'authCallbackPost');

export const getSessionRoute = createRoute({
  operationId: 'authGetSession',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/auth/get-session',
  summary: 'The current session, or null',
  responses: { 200: jsonResponse(AuthSession, 'The session, or null for a visitor') },
});

export const signOutRoute = createRoute({
  operationId: 'authSignOut',
  security: OPTIONAL_SESSION,
  method: 'post',
  path: '/auth/sign-out',
  summary: 'Sign out this browser: ends the session and clears its cookie',
  responses: { 200: jsonResponse(z.object({ success: z.boolean() }), 'Signed out') },
});

export const previewSignInRoute = createRoute({
  operationId: 'authPreviewSignIn',
  method: 'post',
  path: '/preview-sign-in',
  summary: "Sign in to a preview deployment's demo account (preview hosts only)",
  request: json(PreviewSignInInput),
  responses: {
    200: jsonResponse(z.record(z.string(), z.unknown()), 'Signed in'),
    400: errorResponse('There was a problem with the preview account'),
    404: errorResponse('Not a preview deployment'),
  },
});
