import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { StatementExportQuery, StatementPage, StatementQuery } from '@sweetwish/shared/payouts';
import { Wallet } from '@sweetwish/shared/wallet';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getWallet } from './service';
import { getStatementPage, statementBetween, statementCsv } from './statement';

const getWalletRoute = createRoute({
  method: 'get',
  path: '/wallet',
  summary: "The signed-in user's token balances: spendable, available for withdrawal, pending with dates",
  responses: { 200: jsonResponse(Wallet, 'The wallet'), 401: errorResponse('Nobody is signed in') },
});

const statementRoute = createRoute({
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

const exportRoute = createRoute({
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

export function walletRoutes(deps: { database: DatabaseHandle; auth: Auth; clearingDays: number }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/wallet', requireUser(deps.auth));
  app.use('/wallet/*', requireUser(deps.auth));
  return app
    .openapi(getWalletRoute, async (c) => c.json(await getWallet(db, c.get('userId'), deps.clearingDays), 200))
    .openapi(statementRoute, async (c) =>
      c.json(await getStatementPage(db, c.get('userId'), c.req.valid('query')), 200),
    )
    .openapi(exportRoute, async (c) => {
      const { from, to } = c.req.valid('query');
      const csv = statementCsv(await statementBetween(db, c.get('userId'), from, to));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="sweetwish-statement-${from}-to-${to}.csv"`,
        'Cache-Control': 'no-store',
      });
    });
}
