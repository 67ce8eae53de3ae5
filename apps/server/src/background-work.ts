import type { Messaging } from './adapters/messaging';
import type { CardPayments } from './adapters/payments/card-payments';
import { createWebhookSender, type WebhookSender } from './adapters/webhooks/webhook-sender';
import type { ChangeFeed } from './changes/change-feed';
import type { Database } from './db/client';
import type { AnyJobType } from './jobs/job-type';
import { createJobRunner } from './jobs/runner';
import type { Logger } from './logger';
import { topSupportersJob } from './modules/insights/top-supporters';
import { withdrawalJob } from './modules/payouts/worker';
import type { PushDelivery } from './modules/push/service';
import { subscriptionRenewalJob } from './modules/subscriptions/renewal';
import { webhookDeliveryJob } from './modules/webhooks/worker';
import { notificationJob } from './use-cases/notification-job';

export type BackgroundWorkDeps = {
  db: Database;
  changes: ChangeFeed;
  logger: Logger;
  messaging: Pick<Messaging, 'sms' | 'email'>;
  push?: PushDelivery;
  payments: CardPayments | undefined;
  publicOrigin: string;
  /** http and local addresses for webhooks only on a developer's machine (decision 032). */
  allowLocalWebhooks: boolean;
  /** Tests: a sender of their own (a resolver, shorter deadlines). */
  webhookSender?: WebhookSender;
};

/**
 * The lanes of background work (decision 055): each kind of job has its own runner, so notifications,
 * withdrawal retries, renewals and the insights' kept lists (decision 142) never wait behind a creator's
 * webhook deliveries. Deliveries run on a bounded pool of their own: one at a time per endpoint, and a
 * creator whose deliveries used their time budget waits for the next window while other creators' go on.
 */
export const LANES = {
  notifications: { concurrency: 2 },
  withdrawals: { concurrency: 1 },
  renewals: { concurrency: 1 },
  insights: { concurrency: 1 },
  webhooks: { concurrency: 8, limits: { perGroup: 1, tenantBudget: { ms: 20_000, windowMs: 60_000 } } },
} as const;

export function createBackgroundWork(deps: BackgroundWorkDeps) {
  const { db, changes, logger, publicOrigin } = deps;
  const lane = (name: keyof typeof LANES, type: AnyJobType) =>
    createJobRunner({ db, changes, logger, name, types: [type], ...LANES[name] });
  const runners = [
    lane('notifications', notificationJob({ db, messaging: deps.messaging, push: deps.push, logger, publicOrigin })),
    lane('withdrawals', withdrawalJob({ db, payments: deps.payments, logger, publicOrigin })),
    lane('renewals', subscriptionRenewalJob({ db, logger })),
    lane('insights', topSupportersJob({ db })),
    lane(
      'webhooks',
      webhookDeliveryJob({
        db,
        sender: deps.webhookSender ?? createWebhookSender({ allowLocal: deps.allowLocalWebhooks }),
        logger,
      }),
    ),
  ];
  return {
    start: () => {
      for (const runner of runners) runner.start();
    },
    /** Each lane claims nothing more and lets its jobs under way finish. */
    stop: async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
