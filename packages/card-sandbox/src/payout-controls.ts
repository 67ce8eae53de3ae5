import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { balanceObject } from './balance-object';
import { PAYOUT_FAILURES, payOutHeldTransfers, setPayoutsEnabled } from './connect-payouts';
import { addAvailableFunds, drawAvailableFunds } from './platform-balance';
import type { SandboxCore } from './sandbox-core';
import { invalidParam, noSuchObject, StripeApiError } from './stripe-error';

const JSON_BODY = { body: 'json' } as const;

/**
 * Test controls for the payout side: a connected account's payouts disabled or enabled (`account.updated`),
 * its payouts made to fail (`payout.failed` instead of `payout.paid`), held (`hold: true`: its transfers
 * wait) and released (`hold: false`: what waited goes out in one payout), and funds added to the platform's
 * available balance.
 */
export function registerPayoutControls(app: Hono, core: SandboxCore): void {
  app.post(
    '/sandbox/control/accounts/:id/payouts',
    apiEndpoint(
      core,
      ({ params, path }) => {
        const enabled = params.boolean('enabled');
        const fail = params.boolean('fail');
        const hold = params.boolean('hold');
        const failureCode = params.oneOf('failure_code', Object.keys(PAYOUT_FAILURES)) ?? 'account_closed';
        if (enabled === undefined && fail === undefined && hold === undefined) {
          throw new StripeApiError(400, {
            type: 'invalid_request_error',
            message: 'Give enabled, fail or hold (each true or false), or several.',
            param: 'enabled',
          });
        }
        const record = core.state.accounts[path('id')];
        if (!record) throw noSuchObject('account', path('id'));
        return () => {
          if (enabled !== undefined) setPayoutsEnabled(core, record, enabled);
          if (fail !== undefined) record.payoutFailureCode = fail ? failureCode : null;
          // Released after the other settings, so a payout made to fail fails.
          const released = hold === false ? payOutHeldTransfers(core, record) : null;
          if (hold === true) record.heldTransfers ??= [];
          return {
            object: 'sandbox.payout_setting',
            account: record.account.id,
            payouts_enabled: record.account.payouts_enabled,
            payout_failure_code: record.payoutFailureCode ?? null,
            payouts_held: Boolean(record.heldTransfers),
            released_payout: released?.payout.id ?? null,
          };
        };
      },
      JSON_BODY,
    ),
  );

  app.post(
    '/sandbox/control/balance',
    apiEndpoint(
      core,
      ({ params }) => {
        // Negative: taken out of what is available (the platform paid out to its bank), to try a short balance.
        const amount = params.integer('amount', { required: true, min: -99_999_999_999, max: 99_999_999_999 });
        if (amount === 0) throw invalidParam('amount', 'This value must not be 0.');
        return () => {
          if (amount > 0) addAvailableFunds(core, amount);
          else drawAvailableFunds(core, -amount);
          return balanceObject(core.state.balance);
        };
      },
      JSON_BODY,
    ),
  );
}
