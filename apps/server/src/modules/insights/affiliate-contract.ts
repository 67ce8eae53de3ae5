import { createRoute } from '@hono/zod-openapi';
import { AffiliateEarnings, InvitedCreatorPage } from '@sweetwish/shared/affiliate';
import { PageQuery } from '@sweetwish/shared/paging';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

const signedIn = { 401: errorResponse('Nobody is signed in') };

export const affiliateEarningsRoute = createRoute({
  operationId: 'affiliateEarnings',
  security: SESSION,
  method: 'get',
  path: '/affiliate/earnings',
  summary: 'What the signed-in user earned as an affiliate: per UTC month of the last 12, and in all',
  responses: { 200: jsonResponse(AffiliateEarnings, 'The earnings'), ...signedIn },
});

export const invitedCreatorsRoute = createRoute({
  operationId: 'affiliateInvited',
  security: SESSION,
  method: 'get',
  path: '/affiliate/invited',
  summary: 'A page of the creators the signed-in user invited, newest first, with what each earned them',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(InvitedCreatorPage, 'The invited creators'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});
