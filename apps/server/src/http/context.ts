import type { Logger } from '../logger';

/** What every request carries through Hono's context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by requireUser on routes that need a signed-in user. */
    userId: string;
    /** Set by idempotentRequest when the request carries an Idempotency-Key. */
    idempotencyKey?: string;
  };
};
