import { z } from 'zod';

export const HealthResponse = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/ready: whether the instance takes new work (503 `stopping` while it shuts down). */
export const ReadyResponse = z.object({ status: z.enum(['ready', 'stopping']) }).meta({ id: 'Ready' });
export type ReadyResponse = z.infer<typeof ReadyResponse>;
