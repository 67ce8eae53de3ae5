import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { exportRoute, getWalletRoute, statementRoute } from './contract';
import { getWallet } from './service';
import { getStatementPage, statementBetween, statementCsv } from './statement';

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
