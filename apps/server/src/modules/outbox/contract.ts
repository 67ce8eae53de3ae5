import { createRoute } from '@hono/zod-openapi';
import { OutboxList } from '@sweetwish/shared/accounts';

export const listOutbox = createRoute({
  operationId: 'outboxListOutbox',
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
