import { z } from 'zod';

/** An uncaught error in the web app, reported by the error screen so it lands in the server's log. */
export const ClientErrorReport = z
  .object({
    message: z.string().min(1).max(2000),
    stack: z.string().max(10_000).optional(),
    url: z.string().max(2000),
  })
  .meta({ id: 'ClientErrorReport' });
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
