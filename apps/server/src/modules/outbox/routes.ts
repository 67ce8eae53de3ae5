import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { OutboxList } from '@sweetwish/shared/accounts';
import { listOutboxMessages } from '../../adapters/outbox/outbox-store';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { localOnly } from '../../http/local-request';
import { validationHook } from '../../http/validation-hook';

const listOutbox = createRoute({
  method: 'get',
  path: '/dev/outbox',
  summary: 'Every SMS and e-mail the local adapters kept instead of sending, newest first',
  responses: {
    200: {
      description: 'The latest outbox messages',
      content: { 'application/json': { schema: OutboxList } },
    },
  },
});

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
