import { createRoute, z } from '@hono/zod-openapi';
import { OverlayAlert, OverlayState } from '@sweetwish/shared/overlay';
import { errorResponse } from '../../http/openapi-responses';

/** One Server-Sent Event of an overlay's stream: its `event` name and its `data` (JSON); `id` resumes it. */
const OverlayStreamEvent = z
  .discriminatedUnion('event', [
    z.object({ event: z.literal('ready'), data: z.object({}), id: z.string().describe('The resume point') }),
    z.object({ event: z.literal('state'), data: OverlayState }),
    z.object({ event: z.literal('alert'), data: OverlayAlert, id: z.string() }),
    z.object({ event: z.literal('skip'), data: z.object({}), id: z.string().describe('A gift shown no alert') }),
    z.object({ event: z.literal('heartbeat'), data: z.object({}) }),
  ])
  .meta({ id: 'OverlayStreamEvent', description: 'An event of a stream overlay (decision 031)' });

export const overlayEventsRoute = createRoute({
  operationId: 'overlayEvents',
  method: 'get',
  path: '/overlay/{secret}/events',
  summary: "A creator's stream overlay as Server-Sent Events, by its secret (a browser source in OBS)",
  request: {
    params: z.object({ secret: z.string().min(1).max(128) }),
    query: z.object({ after: z.string().max(32).optional().describe('Resume after this event id') }),
    headers: z.object({ 'last-event-id': z.string().max(32).optional() }),
  },
  responses: {
    200: {
      description: 'An endless event stream: `ready`, then `state`, `alert` and `skip` as gifts arrive',
      content: { 'text/event-stream': { schema: OverlayStreamEvent } },
    },
    404: errorResponse('No overlay has this secret (it was replaced)'),
  },
});
