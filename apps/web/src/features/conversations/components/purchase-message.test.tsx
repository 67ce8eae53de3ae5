import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PurchaseMessage } from './purchase-message';

const AT = new Date(2025, 10, 20, 9, 30).toISOString();

describe('the purchase message that opens a conversation', () => {
  afterEach(cleanup);

  it('says nothing of a reversal while the fan’s payment stands', () => {
    render(
      <PurchaseMessage
        purchase={{ type: 'tip', costCents: 2000, reversedCents: 0, product: null, message: null, boughtAt: AT }}
      />,
    );
    expect(screen.getByText('Tip')).toBeTruthy();
    expect(screen.queryByText(/reversed/i)).toBeNull();
  });

  it('reads "Reversed" or "Partly reversed" once a refund or dispute took the gift back', () => {
    const gift = { id: 'w1', name: 'Roses', image: null };
    render(
      <PurchaseMessage
        purchase={{
          type: 'standard',
          costCents: 5000,
          reversedCents: 5000,
          product: gift,
          message: null,
          boughtAt: AT,
        }}
      />,
    );
    expect(screen.getByText('Reversed')).toBeTruthy();
    cleanup();
    render(
      <PurchaseMessage
        purchase={{ type: 'tip', costCents: 5000, reversedCents: 1000, product: null, message: null, boughtAt: AT }}
      />,
    );
    expect(screen.getByText('Partly reversed')).toBeTruthy();
  });

  it('starts with the fan’s message, as text: markup in it is never drawn as HTML', () => {
    const message = 'Love the stream <b>bold</b>';
    render(
      <PurchaseMessage
        purchase={{ type: 'tip', costCents: 500, reversedCents: 0, product: null, message, boughtAt: AT }}
      />,
    );
    expect(screen.getByText(message)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
  });
});
