import { createRoute, z } from '@hono/zod-openapi';
import { StatementExportQuery, StatementPage, StatementQuery } from '@sweetwish/shared/payouts';
import { Wallet } from '@sweetwish/shared/wallet';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const getWalletRoute = createRoute({
  operationId: 'walletGetWallet',
  security: SESSION,
  method: 'get',
  path: '/wallet',
  summary: "The signed-in user's token balances: spendable, available for withdrawal, pending with dates",
  responses: { 200: jsonResponse(Wallet, 'The wallet'), 401: errorResponse('Nobody is signed in') },
});

export const statementRoute = createRoute({
  operationId: 'walletStatement',
  security: SESSION,
  method: 'get',
  path: '/wallet/statement',
  summary: "A page of the signed-in user's earnings statement (the wallet's ledger lines), newest first",
  request: { query: StatementQuery },
  responses: {
    200: jsonResponse(StatementPage, 'The lines'),
    400: errorResponse('A bad cursor or limit'),
    401: errorResponse('Nobody is signed in'),
  },
});

export const exportRoute = createRoute({
  operationId: 'walletExport',
  security: SESSION,
  method: 'get',
  path: '/wallet/statement.csv',
  summary: 'The earnings statement of a range of days (UTC) as CSV',
  request: { query: StatementExportQuery },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
    400: errorResponse('A bad date range'),
    401: errorResponse('Nobody is signed in'),
  },
});
