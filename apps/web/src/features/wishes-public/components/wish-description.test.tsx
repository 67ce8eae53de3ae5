import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WishDescription } from './wish-description';

describe("a wish's description on its page", () => {
  afterEach(cleanup);

  it('offers "Read more" for a long text, and "Show less" once it is open', () => {
    render(<WishDescription description={'A vintage telescope, '.repeat(12)} />);
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a short text, or "Thank you!" for none, without the button', () => {
    render(<WishDescription description="" />);
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
