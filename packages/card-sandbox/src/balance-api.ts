import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { balanceObject } from './balance-object';
import { payoutBalanceTransactions } from './connect-payouts';
import { listPage, readPaging } from './list-pages';
import type { SandboxCore } from './sandbox-core';
import { noSuchObject, StripeApiError } from './stripe-error';

/** The platform's balance, and a connected account's payouts and the balance transactions they carried. */
export function registerBalanceApi(app: Hono, core: SandboxCore): void {
  app.get(
    '/v1/balance',
    apiEndpoint(core, () => () => balanceObject(core.state.balance)),
  );

  app.get(
    '/v1/payouts/:id',
    apiEndpoint(
      core,
      ({ path, stripeAccount }) => {
        const record = core.state.payouts[path('id')];
        if (!record || record.account !== stripeAccount) throw noSuchObject('payout', path('id'));
        return () => record.payout;
      },
      { body: 'form', allowsStripeAccount: true },
    ),
  );

  app.get(
    '/v1/balance_transactions',
    apiEndpoint(
      core,
      ({ params, stripeAccount }) => {
        const payoutId = params.string('payout', { required: true });
        params.string('type');
        const paging = readPaging(params);
        if (!stripeAccount) {
          throw new StripeApiError(400, {
            type: 'invalid_request_error',
            message:
              "The card sandbox lists balance transactions of a connected account's payouts only: send Stripe-Account.",
          });
        }
        const record = core.state.payouts[payoutId];
        if (!record || record.account !== stripeAccount) throw noSuchObject('payout', payoutId, 'payout');
        const page = listPage({
          newestFirst: payoutBalanceTransactions(core, record),
          isWanted: () => true,
          paging,
          objectName: 'balance_transaction',
          url: '/v1/balance_transactions',
        });
        return () => page;
      },
      { body: 'form', allowsStripeAccount: true },
    ),
  );
}
