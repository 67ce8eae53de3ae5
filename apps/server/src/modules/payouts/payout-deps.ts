import type { CardPayments } from '../../adapters/payments/card-payments';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';

export type PayoutDeps = {
  db: Database;
  /** Undefined on a public host without Stripe settings: payouts then fail with product.md's messages. */
  payments: CardPayments | undefined;
  logger: Logger;
  publicOrigin: string;
  /** The clock for idempotency-key ages (tests drive it); the system clock by default. */
  now?: () => Date;
};
