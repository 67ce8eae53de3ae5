import { OpenAPIHono } from '@hono/zod-openapi';
import { OutboxList } from '@sweetwish/shared/accounts';
import { listOutboxMessages } from '../../adapters/outbox/outbox-store';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { localOnly } from '../../http/local-request';
import { validationHook } from '../../http/validation-hook';

import { listOutbox } from './contract';

/**
 * Mounted only while a local adapter is in use on a local address (outbox-policy.ts), and answers only
 * requests made on this machine (local-request.ts): sign-in codes and links are in it.
 */
export function outboxRoutes(database: DatabaseHandle) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/dev/outbox', localOnly());
  return app.openapi(listOutbox, async (c) => {
    const rows = await listOutboxMessages(database.db);
    const messages = OutboxList.parse(rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
    return c.json(messages, 200);
  });
}
