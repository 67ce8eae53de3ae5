// The ledger's interface for other modules (architecture.md section 3): checkout, gifts, group gifts,
// subscriptions, payouts and the wallet post and read through these, never through the ledger's tables.
export {
  earnedAccountId,
  PLATFORM_ACCOUNTS,
  pendingAccountId,
  spendAccountId,
  userAccountIds,
  walletAccountId,
} from './accounts';
export {
  findNewestPendingAt,
  findSpendHolds,
  findUserBalances,
  findUserEntriesOf,
  listPendingByDay,
  listWalletEntries,
  sumAccountEntries,
  type UserBalances,
} from './balances';
export {
  type ClawbackPart,
  findDisputeClawbackIds,
  insertClawback,
  lockClawback,
  markClawbackRestored,
  takeFromLots,
} from './clawbacks';
export {
  clearDueEarnings,
  clearsAt,
  clearUserEarnings,
  createClearingWorker,
  listUsersWithDueEarnings,
  secondsUntilNextClearing,
} from './clearing';
export { lockBoughtLot, lockEarnedLots, lockLotSpends, moveLotSpends, restoreSpentLots } from './lots';
export {
  changeSpendHolds,
  ensureUserAccounts,
  findTransferByExternalRef,
  isClosedWallet,
  isInsufficientBalance,
  isOnHold,
  type LedgerEntry,
  type LedgerTransfer,
  lockUsersAccounts,
  postTransfer,
} from './postings';
export { type Discrepancy, findDiscrepancies } from './reconciliation';
export { closeEmptyWallet, forfeitBalances } from './wallet-closing';
