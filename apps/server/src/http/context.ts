import type { Logger } from '../logger';

/** What every request carries through Hono's context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by requireUser on routes that need a signed-in user. */
    userId: string;
  };
};
