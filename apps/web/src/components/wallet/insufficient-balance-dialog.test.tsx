import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../lib/notification-store';
import { InsufficientBalanceDialog } from './insufficient-balance-dialog';

const STATE = { 'insufficient-balance-modal': true, productCost: 120, currentBalance: 45, tokensNeeded: 75 };

function renderDialog(state: unknown, onClose = vi.fn()) {
  // In the app shell, where the query cache is (the top-up notes the balance it starts from).
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <InsufficientBalanceDialog isOpen state={state} onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('the Insufficient Balance dialog', () => {
  afterEach(() => {
    cleanup();
    for (const item of currentNotifications()) dismiss(item.id);
  });

  it("shows product.md's texts with the numbers it was given", () => {
    const onClose = renderDialog(STATE);
    const dialog = screen.getByRole('dialog', { name: 'Insufficient Balance' });
    expect(dialog.textContent).toContain('You need 75 more tokens.');
    expect(dialog.textContent).toContain('Product cost: $120 | Current balance: $45');
    expect(dialog.textContent).toContain(
      'This will add 75 tokens to your wallet - the minimum needed to complete your purchase.',
    );
    expect(screen.getByRole('button', { name: 'Add Tokens' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(currentNotifications()).toEqual([]);
  });

  it('speaks of a contribution when the missing tokens are for one', () => {
    renderDialog({ ...STATE, topUpIntent: { action: 'contribute', tokens: 120, isAnonymous: false } });
    const dialog = screen.getByRole('dialog', { name: 'Insufficient Balance' });
    expect(dialog.textContent).toContain('Contribution: $120 | Current balance: $45');
    expect(dialog.textContent).toContain(
      'This will add 75 tokens to your wallet - the minimum needed to complete your contribution.',
    );
    expect(dialog.textContent).not.toContain('purchase');
  });

  it('says "Unable to load balance information" and closes when the data is not numeric', () => {
    const onClose = renderDialog({ ...STATE, currentBalance: 'lots' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(currentNotifications().map((n) => n.message)).toEqual(['Unable to load balance information']);
  });
});
