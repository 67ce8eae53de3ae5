import { createRoute, z } from '@hono/zod-openapi';
import { LIVE_TOPICS } from '@sweetwish/shared/live';
import { SESSION } from '../../http/api-contract';
import { errorResponse } from '../../http/openapi-responses';

/** One Server-Sent Event of /api/events: its `event` name and its `data` (JSON). */
const LiveStreamEvent = z
  .discriminatedUnion('event', [
    z.object({ event: z.literal('ready'), data: z.object({}).describe('Empty: the stream is open') }),
    z.object({
      event: z.literal('change'),
      data: z.object({ topic: z.enum(LIVE_TOPICS), conversationId: z.string().optional() }),
    }),
  ])
  .meta({ id: 'LiveStreamEvent', description: 'An event of the live stream; `: heartbeat` comments keep it open' });

export const liveEventsRoute = createRoute({
  operationId: 'liveEvents',
  security: SESSION,
  method: 'get',
  path: '/events',
  summary: "The signed-in user's live updates as Server-Sent Events: refetch what a `change` names",
  responses: {
    200: {
      description: 'An endless event stream: `ready` first, then `change` events; `retry` spreads reconnects',
      content: { 'text/event-stream': { schema: LiveStreamEvent } },
    },
    401: errorResponse('Nobody is signed in'),
  },
});
