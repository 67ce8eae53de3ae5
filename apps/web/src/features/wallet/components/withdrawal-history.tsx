import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import { PAYOUT_MESSAGES, type WithdrawalStatus, withdrawalStatusLabel } from '@sweetwish/shared/payouts-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { LoadMore } from '../../../components/load-more';
import { formatShortUsDate } from '../../../lib/dates';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { useWithdrawals } from '../api/payout-calls';
import { BalanceSection } from './balance-section';

const isFailure = (status: WithdrawalStatus) => status === 'failed' || status === 'payout_failed';

/**
 * "Withdrawal History" (product.md section 2): Amount, Status, Date, newest first, kept current live. A payout
 * the bank refused says what failed and what to do under its status.
 */
export function WithdrawalHistory() {
  const withdrawals = useWithdrawals();
  const rows = itemsOf(withdrawals.data);
  return (
    <BalanceSection title="Withdrawal History">
      {withdrawals.isPending ? (
        <Typography color="text.secondary">{PAYOUT_MESSAGES.loadingHistory}</Typography>
      ) : hasListFailed(withdrawals) ? (
        <Typography color="error">{WALLET_MESSAGES.somethingWrong}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{PAYOUT_MESSAGES.noHistory}</Typography>
      ) : (
        <>
          <Table size="small" aria-label="Withdrawal History">
            <TableHead>
              <TableRow>
                <TableCell>Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Date</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((withdrawal) => (
                <TableRow key={withdrawal.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{formatDollars(withdrawal.amountCents)}</TableCell>
                  <TableCell sx={{ color: isFailure(withdrawal.status) ? 'error.main' : undefined }}>
                    {withdrawalStatusLabel(withdrawal.status)}
                    {withdrawal.failureMessage && (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 360 }}>
                        {withdrawal.failureMessage}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatShortUsDate(withdrawal.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <LoadMore list={withdrawals} label="Loading more withdrawals" />
        </>
      )}
    </BalanceSection>
  );
}
