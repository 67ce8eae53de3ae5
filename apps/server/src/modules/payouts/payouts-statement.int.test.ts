import type { StatementPage } from '@sweetwish/shared/payouts';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { usePayoutsSandbox } from './payouts-fixtures';

/**
 * The wallet statement and its CSV export on a real server with the local card sandbox.
 */
describe.skipIf(!databaseKinds().includes('postgres'))('payouts through the card sandbox: statement', () => {
  const { call, newUser, expectReconciled } = usePayoutsSandbox();

  it('exports the statement of a date range as CSV, with received gifts’ gross, fees and net', async () => {
    const creator = await newUser();
    const fan = await newUser(200);
    const wish = (await (
      await call(creator, 'POST', '/wishes', { name: '=HYPERLINK("http://evil")', cost: 100 })
    ).json()) as { id: string };
    expect((await call(fan, 'POST', '/purchases', { productId: wish.id, sellerId: creator.id })).status).toBe(201);
    const message = '=1+1 "great" stream';
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 10, message })).status).toBe(201);

    const page = (await (await call(creator, 'GET', '/wallet/statement?limit=1')).json()) as StatementPage;
    expect(page.lines).toEqual([
      expect.objectContaining({ kind: 'tip_received', grossCents: 1000, feesCents: 200, amountCents: 800, message }),
    ]);
    const next = (await (
      await call(creator, 'GET', `/wallet/statement?limit=1&before=${page.nextCursor}`)
    ).json()) as StatementPage;
    expect(next.lines).toEqual([
      expect.objectContaining({ kind: 'gift_received', grossCents: 10_000, feesCents: 2_000, amountCents: 8_000 }),
    ]);
    expect(next.nextCursor).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    const csv = await call(creator, 'GET', `/wallet/statement.csv?from=${today}&to=${today}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('Date,Type,Description,Gross,Fees,Net,Message');
    // The fan's message is a quoted text cell, never a formula (decision 100).
    expect(rows[1]).toMatch(/,"Tip received","Tip from Payout Person",10\.00,2\.00,8\.00,"'=1\+1 ""great"" stream"$/);
    // A wish's name never becomes a formula in a spreadsheet.
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://evil"") from Payout Person",100.00,20.00,80.00,`);
    const fanCsv = await (await call(fan, 'GET', `/wallet/statement.csv?from=${today}&to=${today}`)).text();
    expect(fanCsv).toContain('-100.00');
    expect((await call(creator, 'GET', '/wallet/statement.csv?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const empty = await (await call(creator, 'GET', `/wallet/statement.csv?from=${yesterday}&to=${yesterday}`)).text();
    expect(empty.trim()).toBe('Date,Type,Description,Gross,Fees,Net,Message');
    await expectReconciled();
  });
});
