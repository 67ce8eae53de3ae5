import { PRICE_MESSAGES, WishFields } from '@sweetwish/shared/wishes';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSchemaForm } from '../../../lib/schema-form';
import { NEW_WISH_VALUES } from '../lib/wish-form';
import { WishTextFields } from './wish-text-fields';

function Harness() {
  const form = useSchemaForm(WishFields, NEW_WISH_VALUES);
  return <WishTextFields control={form.control} />;
}

afterEach(cleanup);

describe('WishTextFields', () => {
  it('keeps only digits and commas in the price and shows the shared schema’s price rules as one types', async () => {
    render(<Harness />);
    const price = screen.getByRole('textbox', { name: /Price/ });
    fireEvent.input(price, { target: { value: '1x9' } });
    expect(price).toHaveProperty('value', '19');
    // A refused character leaves the kept text unchanged; the field must still not show it.
    fireEvent.input(price, { target: { value: '19a' } });
    expect(price).toHaveProperty('value', '19');
    expect(await screen.findByText(PRICE_MESSAGES.tooLow)).toBeDefined();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(price, { target: { value: '2,000' } });
    expect(price).toHaveProperty('value', '2,000');
    await waitFor(() => expect(screen.queryByText(PRICE_MESSAGES.tooLow)).toBeNull());
  });

  it('says a wish needs a name once the name is cleared', async () => {
    render(<Harness />);
    const name = screen.getByRole('textbox', { name: /Wish Name/ });
    fireEvent.input(name, { target: { value: 'Lens' } });
    fireEvent.input(name, { target: { value: '  ' } });
    expect(await screen.findByText('Wish Name is required')).toBeDefined();
  });

  it('offers a 0.00 placeholder for the price', () => {
    render(<Harness />);
    expect(screen.getByPlaceholderText('0.00')).toBeDefined();
  });
});
