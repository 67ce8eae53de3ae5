import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYOUT_ACCOUNT_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { RequestWithdrawalCard } from './request-withdrawal-card';

function renderCard() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator' });
  client.setQueryData(PAYOUT_ACCOUNT_QUERY_KEY, { account: null });
  render(
    <QueryClientProvider client={client}>
      <RequestWithdrawalCard />
    </QueryClientProvider>,
  );
}

const setUp = () => screen.getByRole('button', { name: 'Set Up Payouts' });

describe('the payout account offer', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the onboarding link back to /balance, busy meanwhile, and says "Failed to update account" if it fails', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderCard();
    fireEvent.click(setUp());
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/payouts/onboarding-link']));
    expect(setUp().hasAttribute('disabled')).toBe(true);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ location: '/balance' });
    answer(new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'no' } }), { status: 500 }));
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Failed to update account']));
    expect(setUp().hasAttribute('disabled')).toBe(false);
  });
});
