import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { payOutTransfer } from './connect-payouts';
import { listPage, readCreatedFilter, readPaging } from './list-pages';
import { drawAvailableFunds } from './platform-balance';
import type { SandboxCore } from './sandbox-core';
import type { TransferObject } from './sandbox-state';
import { noSuchObject } from './stripe-error';
import { takeTransferFault } from './transfer-faults';
import {
  createTransfer,
  reversalsOf,
  reverseTransfer,
  transferDestination,
  transferNotAllowed,
  transfersNewestFirst,
  updateTransfer,
} from './transfers';

function findTransfer(core: SandboxCore, id: string): TransferObject {
  const transfer = core.state.transfers[id];
  if (!transfer) throw noSuchObject('transfer', id);
  return transfer;
}

/** Transfers to connected accounts and their reversals, with Stripe's parameters and answers. */
export function registerTransfersApi(app: Hono, core: SandboxCore): void {
  app.post(
    '/v1/transfers',
    apiEndpoint(core, ({ params, request, cutConnection }) => {
      const amount = params.integer('amount', { required: true, min: 1, max: 99_999_999 });
      const currency = params.currency('currency', { required: true });
      const destination = params.string('destination', { required: true });
      const metadata = params.metadata() ?? {};
      const transferGroup = params.string('transfer_group', { maxLength: 5000 }) ?? null;
      const description = params.string('description', { maxLength: 5000 }) ?? null;
      return () => {
        const account = transferDestination(core, destination);
        // Only a transfer the account could receive uses up an armed test fault.
        const fault = takeTransferFault(core, destination);
        if (fault?.kind === 'fail') {
          throw transferNotAllowed('The card sandbox was told to refuse the next transfer (test control fail-next).');
        }
        drawAvailableFunds(core, amount);
        const transfer = createTransfer(
          core,
          { amount, currency, destination, metadata, transferGroup, description },
          request,
        );
        payOutTransfer(core, account, transfer);
        if (fault?.kind === 'drop') cutConnection(fault.replaysToDrop);
        return transfer;
      };
    }),
  );

  app.get(
    '/v1/transfers',
    apiEndpoint(core, ({ params }) => {
      const paging = readPaging(params);
      const destination = params.string('destination');
      const transferGroup = params.string('transfer_group');
      const isInCreatedRange = readCreatedFilter(params);
      const page = listPage({
        newestFirst: transfersNewestFirst(core),
        isWanted: (transfer) =>
          isInCreatedRange(transfer.created) &&
          (destination === undefined || transfer.destination === destination) &&
          (transferGroup === undefined || transfer.transfer_group === transferGroup),
        paging,
        objectName: 'transfer',
        url: '/v1/transfers',
      });
      return () => page;
    }),
  );

  app.get(
    '/v1/transfers/:id',
    apiEndpoint(core, ({ path }) => {
      const transfer = findTransfer(core, path('id'));
      return () => transfer;
    }),
  );

  app.post(
    '/v1/transfers/:id',
    apiEndpoint(core, ({ params, path, request }) => {
      const transfer = findTransfer(core, path('id'));
      // An empty description unsets it, as at Stripe.
      const description = params.has('description')
        ? (params.string('description', { maxLength: 5000 }) ?? null)
        : undefined;
      const metadata = params.metadataUpdate(transfer.metadata);
      return () => updateTransfer(core, transfer, { description, metadata }, request);
    }),
  );

  app.post(
    '/v1/transfers/:id/reversals',
    apiEndpoint(core, ({ params, path, request }) => {
      const transfer = findTransfer(core, path('id'));
      const amount = params.integer('amount', { min: 1, max: 99_999_999 }) ?? null;
      const metadata = params.metadata() ?? {};
      // Accepted as Stripe accepts it, but Stripe's transfer_reversal object has no description to show.
      params.string('description', { maxLength: 5000 });
      return () => reverseTransfer(core, transfer, { amount, metadata }, request);
    }),
  );

  app.get(
    '/v1/transfers/:id/reversals',
    apiEndpoint(core, ({ params, path }) => {
      const transfer = findTransfer(core, path('id'));
      const page = listPage({
        newestFirst: reversalsOf(core, transfer.id),
        isWanted: () => true,
        paging: readPaging(params),
        objectName: 'transfer_reversal',
        url: `/v1/transfers/${transfer.id}/reversals`,
      });
      return () => page;
    }),
  );
}
