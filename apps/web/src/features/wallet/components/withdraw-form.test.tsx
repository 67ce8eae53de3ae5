import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALLET_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { ME_QUERY_KEY } from '../../../lib/session';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { WithdrawForm } from './withdraw-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The form for a creator with `availableCents` cleared in the wallet. */
function renderForm(availableCents = 8000) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator' });
  client.setQueryData(WALLET_QUERY_KEY, { balanceCents: availableCents, availableCents });
  render(
    <QueryClientProvider client={client}>
      <WithdrawForm />
    </QueryClientProvider>,
  );
}

const amount = () => screen.getByRole('textbox', { name: 'Withdrawal amount' });
const type = (value: string) => fireEvent.input(amount(), { target: { value } });
const withdraw = () => screen.getByRole('button', { name: 'Withdraw' });
const messages = () => currentNotifications().map((n) => n.message);
const withdrawals = (calls: SentRequest[]) =>
  calls.filter((call) => call.url === '/api/payouts/withdrawals' && call.method === 'POST');

describe('the withdraw form', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('words a refused amount with the shared schema as one types, and again as a toast on Withdraw', async () => {
    const calls = stubFetch(() => json({}));
    renderForm(8000);
    expect(withdraw().hasAttribute('disabled')).toBe(true);
    type('4a9');
    expect(amount()).toHaveProperty('value', '49');
    expect(await screen.findByText('Minimum withdrawal amount is $50')).toBeTruthy();
    type('81');
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    fireEvent.click(withdraw());
    await waitFor(() => expect(messages()).toEqual(['Insufficient balance']));
    expect(withdrawals(calls)).toHaveLength(0);
  });

  it('withdraws once, disabled meanwhile, with an Idempotency-Key, and empties the field', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch((url) =>
      url === '/api/payouts/withdrawals' ? new Promise<Response>((resolve) => (answer = resolve)) : json({}),
    );
    renderForm(8000);
    type('50');
    fireEvent.click(withdraw());
    await waitFor(() => expect(withdrawals(calls)).toHaveLength(1));
    expect(withdraw().hasAttribute('disabled')).toBe(true);
    expect(amount().hasAttribute('disabled')).toBe(true);
    const request = vi
      .mocked(fetch)
      .mock.calls.find(([input]) => String((input as Request).url).endsWith('/withdrawals'));
    expect((request?.[0] as Request | undefined)?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(withdrawals(calls)[0]?.body))).toEqual({ amount: 50 });
    answer(json({ id: 'wd1' }, 201));
    await waitFor(() => expect(messages()).toEqual(['Withdrawal submitted successfully']));
    expect(amount()).toHaveProperty('value', '');
  });

  it('puts the server’s problem with the amount on the field', async () => {
    stubFetch((url) =>
      url === '/api/payouts/withdrawals'
        ? json({ error: { code: 'VALIDATION', message: 'amount: Too many', fields: { amount: 'Too many' } } }, 400)
        : json({}),
    );
    renderForm(8000);
    type('60');
    fireEvent.click(withdraw());
    expect(await screen.findByText('Too many')).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(messages()).toEqual([]);
  });

  it('says "Insufficient balance" when the wallet changed meanwhile, "Failed to submit withdrawal" otherwise', async () => {
    let status = 422;
    stubFetch((url) =>
      url === '/api/payouts/withdrawals'
        ? json({ error: { code: status === 422 ? 'INSUFFICIENT_BALANCE' : 'INTERNAL', message: 'no' } }, status)
        : json({}),
    );
    renderForm(8000);
    type('60');
    fireEvent.click(withdraw());
    await waitFor(() => expect(messages()).toEqual(['Insufficient balance']));
    status = 500;
    await waitFor(() => expect(withdraw().hasAttribute('disabled')).toBe(false));
    fireEvent.click(withdraw());
    await waitFor(() => expect(messages()).toContain('Failed to submit withdrawal'));
  });
});
