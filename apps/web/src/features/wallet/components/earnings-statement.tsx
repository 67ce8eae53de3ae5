import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import { StatementExportQuery, type StatementLine } from '@sweetwish/shared/payouts';
import { STATEMENT_KIND_LABELS, type StatementKind } from '@sweetwish/shared/payouts-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { useEffect } from 'react';
import { FormTextField } from '../../../components/form-text-field';
import { useWallet } from '../../../components/wallet/wallet-queries';
import { formatShortUsDate } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/schema-form';
import { statementCsvUrl, useStatement } from '../api/payout-calls';
import { BalanceSection } from './balance-section';

/**
 * The earnings statement: every line of the wallet, newest first, received gifts and tips with their gross,
 * fees and net; more on request; and a CSV of any range of days, for a creator's records.
 */
export function EarningsStatement() {
  const statement = useStatement();
  const wallet = useWallet();
  const lines = statement.data?.pages.flatMap((page) => page.lines) ?? [];
  // A fan who never earned anything has a statement, not an earnings statement.
  const hasEarnings =
    lines.some((line) => EARNING_KINDS.has(line.kind)) ||
    (wallet.data !== undefined && wallet.data.balanceCents > wallet.data.boughtCents);
  return (
    <BalanceSection title={hasEarnings ? 'Earnings Statement' : 'Statement'}>
      <StatementExport />
      {statement.isPending ? (
        <Typography color="text.secondary">Loading statement...</Typography>
      ) : statement.isError ? (
        <Typography color="error">{WALLET_MESSAGES.somethingWrong}</Typography>
      ) : lines.length === 0 ? (
        <Typography color="text.secondary">Nothing has moved in your wallet yet.</Typography>
      ) : (
        <>
          <List aria-label="Statement lines" dense disablePadding>
            {lines.map((line) => (
              <StatementRow key={line.id} line={line} />
            ))}
          </List>
          {statement.hasNextPage && (
            <Button
              fullWidth
              onClick={() => void statement.fetchNextPage()}
              disabled={statement.isFetchingNextPage}
              sx={{ mt: 1 }}
            >
              {statement.isFetchingNextPage ? 'Loading…' : 'Show older lines'}
            </Button>
          )}
        </>
      )}
    </BalanceSection>
  );
}

/** The lines that show the user earns: what makes the statement an earnings statement. */
const EARNING_KINDS: ReadonlySet<StatementKind> = new Set([
  'gift_received',
  'tip_received',
  'affiliate_share',
  'withdrawal',
]);

function StatementRow({ line }: { line: StatementLine }) {
  const kindLabel = STATEMENT_KIND_LABELS[line.kind];
  // "Token top-up" as the line and as its kind said it twice: the kind shows only when it adds something.
  const kind = kindLabel.toLowerCase() === line.description.toLowerCase() ? '' : ` · ${kindLabel}`;
  const details =
    line.grossCents !== null && line.feesCents !== null
      ? ` · Gross ${formatDollars(line.grossCents)} · Fees ${formatDollars(line.feesCents)}`
      : '';
  const isCredit = line.amountCents > 0;
  return (
    <ListItem divider disableGutters secondaryAction={null}>
      <ListItemText
        primary={line.description}
        secondary={`${formatShortUsDate(line.date)}${kind}${details}`}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Typography
        sx={{ fontWeight: 700, flexShrink: 0, ml: 2, color: isCredit ? 'success.main' : 'text.primary' }}
        aria-label={`${isCredit ? 'Net' : 'Amount'} ${formatDollars(Math.abs(line.amountCents))}`}
      >
        {isCredit ? '+' : '−'}
        {formatDollars(Math.abs(line.amountCents))}
      </Typography>
    </ListItem>
  );
}

/** A day as the date field writes it (YYYY-MM-DD), in UTC like the export. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The CSV export of a range of days, this month so far unless chosen otherwise, checked with the export's
 * own query schema (StatementExportQuery). The link downloads the file: nothing is submitted here.
 */
function StatementExport() {
  const today = new Date();
  const form = useSchemaForm(StatementExportQuery, {
    from: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))),
    to: isoDay(today),
  });
  const { from, to } = form.watch();
  // Checked here as typed, not after an asynchronous check, so the link never offers a wrong range.
  const isValid = StatementExportQuery.safeParse({ from, to }).success;
  // The range's problem belongs to "To": check it again when "From" moves past it.
  useEffect(
    () => form.subscribe({ name: 'from', formState: { values: true }, callback: () => void form.trigger('to') }),
    [form],
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <FormTextField
        control={form.control}
        name="from"
        label="From"
        type="date"
        size="small"
        helperText={null}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormTextField
        control={form.control}
        name="to"
        label="To"
        type="date"
        size="small"
        helperText={null}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ flexGrow: 1 }} />
      <Button
        component="a"
        variant="outlined"
        href={isValid ? statementCsvUrl(from, to) : undefined}
        disabled={!isValid}
        download={`sweetwish-statement-${from}-to-${to}.csv`}
        // Beside the two date fields its label keeps to one line.
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Export CSV
      </Button>
    </Stack>
  );
}
