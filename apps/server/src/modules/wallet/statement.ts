import { ANONYMOUS_NAME } from '@sweetwish/shared/conversation-rules';
import type { StatementLine, StatementPage } from '@sweetwish/shared/payouts';
import { STATEMENT_KIND_LABELS, type StatementKind } from '@sweetwish/shared/payouts-rules';
import type { Database } from '../../db/client';
import { type PurchaseOfTransfer, purchasesOfTransfers } from '../gifts/service';
import { listWalletEntries } from '../ledger/service';

/**
 * The earnings statement (issue: payouts): every line of a user's wallet in the ledger, newest first, with
 * what it was: top-ups, gifts and tips sent and received (received ones with gross, fees and net),
 * affiliate shares, withdrawals, disputes and their reversals. A creator's records for taxes.
 */

type Entry = Awaited<ReturnType<typeof listWalletEntries>>[number];

const KIND_OF_TRANSFER: Partial<Record<Entry['kind'], StatementKind>> = {
  top_up: 'top_up',
  withdrawal: 'withdrawal',
  withdrawal_reversal: 'withdrawal_reversal',
  dispute: 'dispute',
  dispute_reversal: 'dispute_reversal',
  refund: 'refund',
  refund_reversal: 'refund_reversal',
  forfeit: 'forfeit',
  // Group gifts (decision 033): tokens held until the wish is funded, or given back.
  group_gift_contribution: 'group_gift_contribution',
  group_gift_return: 'group_gift_return',
  // Balances held before two kinds of token moved between the user's own accounts: they sum to zero.
};

function giftLine(entry: Entry, purchase: PurchaseOfTransfer | undefined, userId: string) {
  const isTip = entry.kind === 'tip';
  // A subscription's later months say so (decision 034): the first reads as the wish bought.
  const what = isTip ? 'Tip' : `${purchase?.productName ?? 'Gift'}${purchase?.isRenewal ? ' (renewal)' : ''}`;
  const buyer = purchase && !purchase.isAnonymous ? (purchase.buyerName ?? ANONYMOUS_NAME) : ANONYMOUS_NAME;
  const seller = purchase?.sellerName ?? ANONYMOUS_NAME;
  // The sign tells the sides apart: a buyer who is also the creator's affiliate has one of each.
  if (entry.amountCents < 0) {
    return { kind: isTip ? 'tip_sent' : 'gift_sent', description: `${what} to ${seller}`, gross: null, fees: null };
  }
  if (purchase?.sellerId === userId) {
    return {
      kind: isTip ? 'tip_received' : 'gift_received',
      description: `${what} from ${buyer}`,
      gross: purchase.costCents,
      fees: purchase.costCents - purchase.recipientCents,
    };
  }
  return {
    kind: 'affiliate_share',
    description: `Your share of a ${isTip ? 'tip' : purchase?.isRenewal ? 'subscription renewal' : 'gift'} to ${seller}`,
    gross: purchase?.costCents ?? null,
    fees: null,
  };
}

function toLine(entry: Entry, purchase: PurchaseOfTransfer | undefined, userId: string): StatementLine {
  const isGift = entry.kind === 'purchase' || entry.kind === 'tip';
  const gift = isGift ? giftLine(entry, purchase, userId) : undefined;
  const kind = (gift?.kind ?? KIND_OF_TRANSFER[entry.kind] ?? 'top_up') as StatementKind;
  return {
    id: String(entry.id),
    date: entry.createdAt.toISOString(),
    kind,
    description: gift?.description ?? STATEMENT_KIND_LABELS[kind],
    grossCents: gift?.gross ?? null,
    feesCents: gift?.fees ?? null,
    amountCents: entry.amountCents,
    // The fan's own words, for the fan and the creator; an affiliate's share is not theirs to read.
    message: gift && gift.kind !== 'affiliate_share' ? (purchase?.message ?? null) : null,
  };
}

async function linesOf(db: Database, userId: string, entries: Entry[]): Promise<StatementLine[]> {
  const gifts = entries.filter((e) => e.kind === 'purchase' || e.kind === 'tip').map((e) => e.transferId);
  const purchases = await purchasesOfTransfers(db, [...new Set(gifts)]);
  return entries.map((entry) => toLine(entry, purchases.get(entry.transferId), userId));
}

/** A page of the statement, newest first; `before` is the previous page's cursor. */
export async function getStatementPage(
  db: Database,
  userId: string,
  page: { before?: string | undefined; limit: number },
): Promise<StatementPage> {
  const entries = await listWalletEntries(db, userId, {
    beforeId: page.before === undefined ? undefined : Number(page.before),
    limit: page.limit + 1,
  });
  const shown = entries.slice(0, page.limit);
  return {
    lines: await linesOf(db, userId, shown),
    nextCursor: entries.length > page.limit ? String(shown.at(-1)?.id) : null,
  };
}

const EXPORT_BATCH = 500;

/** Every line from the start of `from` to the end of `to` (whole days, UTC), newest first. */
export async function statementBetween(db: Database, userId: string, from: string, to: string) {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 24 * 60 * 60 * 1000);
  const lines: StatementLine[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const entries = await listWalletEntries(db, userId, {
      beforeId,
      from: start,
      until: end,
      limit: EXPORT_BATCH,
    });
    lines.push(...(await linesOf(db, userId, entries)));
    if (entries.length < EXPORT_BATCH) return lines;
    beforeId = entries.at(-1)?.id;
  }
}

const CSV_HEADER = ['Date', 'Type', 'Description', 'Gross', 'Fees', 'Net', 'Message'];

/** Dollars with two decimals, as a spreadsheet reads them ("-50.00"). */
function dollars(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/**
 * A text cell: quoted, and never read as a formula (a wish's name is anyone's text, and a spreadsheet runs
 * a cell that starts with =, +, - or @).
 */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The statement as CSV (RFC 4180, CRLF line ends), one row per line. */
export function statementCsv(lines: StatementLine[]): string {
  const rows = lines.map((line) =>
    [
      line.date,
      textCell(STATEMENT_KIND_LABELS[line.kind]),
      textCell(line.description),
      dollars(line.grossCents),
      dollars(line.feesCents),
      dollars(line.amountCents),
      line.message === null ? '' : textCell(line.message),
    ].join(','),
  );
  return `${[CSV_HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
