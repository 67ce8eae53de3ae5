import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WishFormValues } from '../lib/wish-form';
import { WishTextFields } from './wish-text-fields';

function Harness() {
  const [values, setValues] = useState<WishFormValues>({
    name: '',
    price: '',
    description: '',
    allowRepeatPurchases: true,
  });
  return <WishTextFields values={values} onChange={(changes) => setValues((v) => ({ ...v, ...changes }))} />;
}

afterEach(cleanup);

describe('WishTextFields', () => {
  it('keeps only digits and commas in the price and shows the price rules', () => {
    render(<Harness />);
    const price = screen.getByRole('textbox', { name: /Price/ });
    fireEvent.change(price, { target: { value: '1x9' } });
    expect(price).toHaveProperty('value', '19');
    expect(screen.getByText('Price must be at least $20')).toBeDefined();
    fireEvent.change(price, { target: { value: '2,000' } });
    expect(price).toHaveProperty('value', '2,000');
    expect(screen.queryByText('Price must be at least $20')).toBeNull();
  });

  it('offers a 0.00 placeholder for the price', () => {
    render(<Harness />);
    expect(screen.getByPlaceholderText('0.00')).toBeDefined();
  });
});
