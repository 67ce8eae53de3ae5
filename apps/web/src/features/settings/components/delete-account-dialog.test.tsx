import type { Wallet } from '@sweetwish/shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WALLET_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { DeleteAccountDialog } from './delete-account-dialog';

const EMPTY: Wallet = { balanceCents: 0, boughtCents: 0, availableCents: 0, pendingCents: 0, pending: [] };

function renderDialog(wallet: Wallet) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(ME_QUERY_KEY, { id: 'user-1', handle: 'user_one', displayName: 'User One' });
  queryClient.setQueryData(WALLET_QUERY_KEY, wallet);
  render(
    <QueryClientProvider client={queryClient}>
      <DeleteAccountDialog isOpen onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the delete account dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the account was deleted once the server deleted it, before leaving', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    renderDialog(EMPTY);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('dialog', { name: 'Your account was deleted' })).toBeTruthy();
    expect(screen.getByText(/Records of payments are kept/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/account/delete', JSON.stringify({ isConfirmed: true })],
    ]);
  });

  it('tells of tokens that would be given up before the irreversible press, which then gives them up', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    renderDialog({ ...EMPTY, balanceCents: 50_00, boughtCents: 50_00 });
    expect(
      screen.getByText(
        'You still have 50 tokens that cannot be withdrawn. Confirm that you give them up to delete your account.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Give Up and Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Your account was deleted' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toBe(
      JSON.stringify({ isConfirmed: true, forfeitCents: 50_00 }),
    );
  });
});
