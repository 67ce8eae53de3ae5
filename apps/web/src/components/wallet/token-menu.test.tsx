import { topUpPrice } from '@sweetwish/shared/money';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceSummary, TokenPackageList } from './token-menu';

describe('the token packages', () => {
  afterEach(cleanup);

  const rows = () => screen.getAllByRole('radio');
  const row = (quantity: string) => screen.getByRole('radio', { name: new RegExp(`^${quantity} Tokens`) });

  it('lists the five packages, priced as product.md section 9 says', () => {
    render(<TokenPackageList selected={50} onSelect={vi.fn()} />);
    expect(rows().map((r) => r.textContent)).toEqual([
      '50 Tokens$50',
      '100 Tokens$100',
      '200 Tokens$200',
      '500 Tokens10% off$500$450',
      '1,000 Tokens15% off$1,000$850',
    ]);
  });

  it('strikes through the original price of a discounted package only', () => {
    render(<TokenPackageList selected={50} onSelect={vi.fn()} />);
    expect(row('500').querySelector('s')?.textContent).toBe('$500');
    expect(row('1,000').querySelector('s')?.textContent).toBe('$1,000');
    for (const quantity of ['50', '100', '200']) expect(row(quantity).querySelector('s')).toBeNull();
  });

  it('marks the chosen package and reports a new choice', () => {
    const onSelect = vi.fn();
    render(<TokenPackageList selected={100} onSelect={onSelect} />);
    expect(row('100').getAttribute('aria-checked')).toBe('true');
    expect(row('50').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(row('500'));
    expect(onSelect).toHaveBeenCalledWith(500);
  });
});

describe('the price shown before paying', () => {
  afterEach(cleanup);

  const amountOf = (label: RegExp) => {
    const term = within(screen.getByLabelText('Price')).getByText(label);
    return term.nextElementSibling?.textContent;
  };

  it('adds the 2% service fee to the package price', () => {
    render(<PriceSummary price={topUpPrice(100)} />);
    expect(amountOf(/^100 tokens$/)).toBe('$100');
    expect(amountOf(/^Service fee/)).toBe('$2');
    expect(amountOf(/^Total$/)).toBe('$102');
  });

  it('caps the fee at $5 and charges the discounted price', () => {
    render(<PriceSummary price={topUpPrice(1000)} />);
    expect(amountOf(/^1,000 tokens$/)).toBe('$850');
    expect(amountOf(/^Service fee \(2%, at most \$5\)$/)).toBe('$5');
    expect(amountOf(/^Total$/)).toBe('$855');
  });

  it('shows cents for a custom quantity', () => {
    render(<PriceSummary price={topUpPrice(37)} />);
    expect(amountOf(/^Service fee/)).toBe('$0.74');
    expect(amountOf(/^Total$/)).toBe('$37.74');
  });
});
