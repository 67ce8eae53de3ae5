import { createRoute } from '@hono/zod-openapi';
import { DeleteAccountInput, Settings, UpdateSettingsInput } from '@sweetwish/shared/settings';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const signedIn = { 401: errorResponse('Nobody is signed in') };

export const getRoute = createRoute({
  operationId: 'settingsGet',
  security: SESSION,
  method: 'get',
  path: '/settings',
  summary: "The signed-in user's settings",
  responses: { 200: jsonResponse(Settings, 'The settings'), ...signedIn },
});

export const patchRoute = createRoute({
  operationId: 'settingsPatch',
  security: SESSION,
  method: 'patch',
  path: '/settings',
  summary: 'Change some settings: notifications of gifts and messages, messages from fans',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateSettingsInput } } } },
  responses: { 200: jsonResponse(Settings, 'The settings'), 400: errorResponse('Nothing to change'), ...signedIn },
});

export const signOutEverywhereRoute = createRoute({
  operationId: 'settingsSignOutEverywhere',
  security: SESSION,
  method: 'post',
  path: '/account/sign-out-everywhere',
  summary: 'End every session of the signed-in user, this one included',
  responses: { 204: { description: 'Signed out everywhere' }, ...signedIn },
});

export const deleteAccountRoute = createRoute({
  operationId: 'settingsDeleteAccount',
  security: SESSION,
  method: 'post',
  path: '/account/delete',
  summary:
    "Delete the signed-in user's account: needs an empty wallet or a confirmed remainder given up; ledger records are kept",
  request: { body: { required: true, content: { 'application/json': { schema: DeleteAccountInput } } } },
  responses: {
    204: { description: 'Deleted, and signed out' },
    400: errorResponse('Not confirmed'),
    ...signedIn,
    409: errorResponse(
      'Not yet: a dispute is open, earnings are pending (with the date they clear), a withdrawal is under way or ' +
        'the balance must be withdrawn; or a remainder that cannot be withdrawn must be given up (fields.forfeitCents)',
    ),
  },
});
