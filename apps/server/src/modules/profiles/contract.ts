import { createRoute, z } from '@hono/zod-openapi';
import {
  CompleteProfileInput,
  HandleAvailability,
  HandleAvailabilityQuery,
  Inviter,
  Me,
  SetHandleInput,
} from '@sweetwish/shared/accounts';
import { PublicProfile, UpdateProfileInput, UserSearchQuery, UserSearchResults } from '@sweetwish/shared/profiles';
import { OPTIONAL_SESSION, SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const getProfile = createRoute({
  operationId: 'profilesGetProfile',
  method: 'get',
  path: '/users/{handle}',
  summary: 'The public profile at /{handle}; a past handle answers with the current profile',
  request: { params: z.object({ handle: z.string().min(1).max(64) }) },
  responses: { 200: jsonResponse(PublicProfile, 'The profile'), 404: errorResponse('User Not Found') },
});

export const patchProfile = createRoute({
  operationId: 'profilesPatchProfile',
  security: SESSION,
  method: 'patch',
  path: '/profile',
  summary: 'Change parts of the signed-in user\u2019s profile',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateProfileInput } } } },
  responses: {
    200: jsonResponse(PublicProfile, 'The profile'),
    400: errorResponse('A field breaks a rule'),
    401: errorResponse('Nobody is signed in'),
  },
});

export const searchRoute = createRoute({
  operationId: 'profilesSearch',
  method: 'get',
  path: '/search/users',
  summary: 'Users whose handle or display name contains the term (userSearch)',
  request: { query: UserSearchQuery },
  responses: { 200: jsonResponse(UserSearchResults, 'Up to 20 users, best match first') },
});

export const getHandleAvailability = createRoute({
  operationId: 'profilesGetHandleAvailability',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/handles/availability',
  summary: 'Whether a handle can be taken',
  request: { query: HandleAvailabilityQuery },
  responses: { 200: jsonResponse(HandleAvailability, 'The answer'), 400: errorResponse('The handle breaks a rule') },
});

export const postCompleteProfile = createRoute({
  operationId: 'profilesPostCompleteProfile',
  security: SESSION,
  method: 'post',
  path: '/profile/complete',
  summary: 'Set handle and display name after the first sign-in (completeProfile)',
  request: { body: { required: true, content: { 'application/json': { schema: CompleteProfileInput } } } },
  responses: {
    200: jsonResponse(Me, 'The completed profile'),
    400: errorResponse('A field breaks a rule'),
    401: errorResponse('Nobody is signed in'),
    409: errorResponse('The handle is taken, or the profile was already complete'),
  },
});

export const putHandle = createRoute({
  operationId: 'profilesPutHandle',
  security: SESSION,
  method: 'put',
  path: '/profile/handle',
  summary: 'Change the handle, keeping the old one for redirects (setHandle)',
  request: { body: { required: true, content: { 'application/json': { schema: SetHandleInput } } } },
  responses: {
    200: jsonResponse(Me, 'The profile'),
    400: errorResponse('The handle breaks a rule'),
    401: errorResponse('Nobody is signed in'),
    409: errorResponse('The handle is taken'),
  },
});

export const getAffiliate = createRoute({
  operationId: 'profilesGetAffiliate',
  method: 'get',
  path: '/affiliates/{code}',
  summary: 'The inviter an affiliate code stands for',
  request: { params: z.object({ code: z.string().max(64) }) },
  responses: { 200: jsonResponse(Inviter, 'The inviter'), 404: errorResponse('No such inviter') },
});
