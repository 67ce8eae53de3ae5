import type { Wish } from '@sweetwish/shared/wishes';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHydrated } from '../../../test-support/render-hydrated';
import { SERVER_DRAWN_WISHES, WishGrid } from './wish-grid';
import { WISH_PLACEHOLDER_COUNT, WishGridPlaceholder } from './wish-grid-frame';

function buildWish(overrides: Partial<Wish> = {}): Wish {
  return {
    id: 'w1',
    sellerId: 'u1',
    type: 'standard',
    name: 'Vintage Telescope',
    cost: 1250,
    image: null,
    blurhash: null,
    description: '',
    pinned: false,
    archived: false,
    purchased: false,
    allowRepeatPurchases: true,
    isGroupGift: false,
    groupGiftFundedCents: 0,
    allowTakeBack: true,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const wishes = [buildWish(), buildWish({ id: 'w2', name: 'Tea Set', cost: 45, purchased: true })];

describe('the wishlist grid', () => {
  afterEach(cleanup);

  it('shows 8 placeholders while loading', () => {
    render(<WishGridPlaceholder />);
    expect(screen.getAllByTestId('wish-placeholder')).toHaveLength(WISH_PLACEHOLDER_COUNT);
    expect(WISH_PLACEHOLDER_COUNT).toBe(8);
  });

  it('leads a visitor to each wish page, with the price and the "Purchased" ribbon', () => {
    render(
      <MemoryRouter>
        <WishGrid wishes={wishes} isOwner={false} onOpenWish={vi.fn()} />
      </MemoryRouter>,
    );
    const telescope = screen.getByRole('link', { name: /Vintage Telescope/ });
    expect(telescope.getAttribute('href')).toBe('/x/w1');
    expect(within(telescope).getByText('$1,250')).toBeTruthy();
    expect(within(telescope).queryByText('Purchased')).toBeNull();
    const teaSet = screen.getByRole('link', { name: /Tea Set/ });
    expect(within(teaSet).getByText('Purchased')).toBeTruthy();
    expect(within(teaSet).getByText('$45')).toBeTruthy();
  });

  it("shows a group gift's progress on its card until it is funded (decision 033)", () => {
    render(
      <MemoryRouter>
        <WishGrid
          wishes={[
            buildWish({ id: 'g1', name: 'Studio Mic', cost: 300, isGroupGift: true, groupGiftFundedCents: 12_000 }),
            buildWish({
              id: 'g2',
              name: 'Synth',
              cost: 500,
              isGroupGift: true,
              groupGiftFundedCents: 0,
              purchased: true,
            }),
          ]}
          isOwner={false}
          onOpenWish={vi.fn()}
        />
      </MemoryRouter>,
    );
    const mic = screen.getByRole('link', { name: /Studio Mic/ });
    expect(within(mic).getByText('$120 of $300 funded')).toBeTruthy();
    expect(within(mic).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(screen.getByRole('link', { name: /Synth/ })).queryByRole('progressbar')).toBeNull();
  });

  it('opens the wish menu for the owner instead', () => {
    const onOpenWish = vi.fn();
    render(
      <MemoryRouter>
        <WishGrid wishes={wishes} isOwner onOpenWish={onOpenWish} />
      </MemoryRouter>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /Tea Set/ }));
    expect(onOpenWish).toHaveBeenCalledWith(wishes[1]);
  });

  it('hydrates the 60 wishes the server drew, then draws the rest', async () => {
    const long = Array.from({ length: 75 }, (_, n) => buildWish({ id: `w${n}`, name: `Wish ${n + 1}` }));
    const { container, hydrationErrors } = renderHydrated(
      <MemoryRouter>
        <WishGrid wishes={long} isOwner={false} onOpenWish={() => {}} />
      </MemoryRouter>,
      {},
    );
    expect(SERVER_DRAWN_WISHES).toBe(60);
    await waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(75));
    expect(hydrationErrors).toEqual([]);
  });

  it('draws a whole wishlist at once when the app renders it itself', () => {
    const long = Array.from({ length: 75 }, (_, n) => buildWish({ id: `w${n}`, name: `Wish ${n + 1}` }));
    render(
      <MemoryRouter>
        <WishGrid wishes={long} isOwner={false} onOpenWish={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(75);
  });
});
