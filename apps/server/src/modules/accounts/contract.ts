import { createRoute, z } from '@hono/zod-openapi';
import { Me, PublicConfig, SignInMethods, SocialProvider } from '@sweetwish/shared/accounts';
import { OPTIONAL_SESSION, SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const getPublicConfig = createRoute({
  operationId: 'accountsGetPublicConfig',
  method: 'get',
  path: '/public-config',
  summary: 'Which sign-in options this server offers',
  responses: { 200: jsonResponse(PublicConfig, 'The options') },
});

export const getMeRoute = createRoute({
  operationId: 'accountsGetMe',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/me',
  summary: 'The signed-in user, or null for a visitor',
  // A visitor is an answer, not an error: a 401 on every page load showed as a console error.
  responses: { 200: jsonResponse(z.union([Me, z.null()]), 'The user, or null when nobody is signed in') },
});

export const getSignInMethods = createRoute({
  operationId: 'accountsGetSignInMethods',
  security: SESSION,
  method: 'get',
  path: '/sign-in-methods',
  summary: "The signed-in user's ways to sign in, and the providers they can still link",
  responses: { 200: jsonResponse(SignInMethods, 'The methods'), 401: errorResponse('Nobody is signed in') },
});

export const deleteSignInMethod = createRoute({
  operationId: 'accountsDeleteSignInMethod',
  security: SESSION,
  method: 'delete',
  path: '/sign-in-methods/{provider}',
  summary: 'Unlink Google or Apple (never the last way to sign in)',
  request: { params: z.object({ provider: SocialProvider }) },
  responses: {
    200: jsonResponse(SignInMethods, 'The methods left'),
    401: errorResponse('Nobody is signed in'),
    404: errorResponse('Not linked'),
    409: errorResponse('The only way to sign in'),
  },
});
