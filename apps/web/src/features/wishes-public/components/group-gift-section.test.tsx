import type { GroupGiftProgress } from '@sweetwish/shared/group-gifts';
import type { WishPage } from '@sweetwish/shared/wishes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { groupGiftQueryKey } from '../api/group-gift-calls';
import { GroupGiftSection } from './group-gift-section';

const page: WishPage = {
  wish: {
    id: 'wish-1',
    sellerId: 'creator-1',
    type: 'standard',
    name: 'Studio Mic',
    cost: 300,
    image: null,
    blurhash: null,
    description: '',
    pinned: false,
    archived: false,
    purchased: false,
    allowRepeatPurchases: false,
    isGroupGift: true,
    groupGiftFundedCents: 12_000,
    allowTakeBack: true,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  seller: { id: 'creator-1', handle: 'creator', displayName: 'Creator', photoUrl: null },
};

function progress(overrides: Partial<GroupGiftProgress> = {}): GroupGiftProgress {
  return {
    wishId: 'wish-1',
    costCents: 30_000,
    fundedCents: 12_000,
    isFunded: false,
    allowTakeBack: true,
    contributorCount: 2,
    contributors: [
      { displayName: 'Fan One', handle: 'fan_one', amountCents: 10_000 },
      { displayName: null, handle: null, amountCents: 2000 },
    ],
    own: [{ id: 'c1', amountCents: 10_000, status: 'held', isAnonymous: false, canTakeBack: true }],
    earnings: null,
    ...overrides,
  };
}

function renderSection(data: GroupGiftProgress, viewerId = 'fan-1') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: viewerId, handle: 'viewer', displayName: 'Viewer', isProfileComplete: true });
  client.setQueryData(groupGiftQueryKey('wish-1'), data);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GroupGiftSection page={page} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a group gift on its wish page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows progress, the contributors (Anonymous where chosen) and Contribute instead of Buy', () => {
    renderSection(progress());
    expect(screen.getByText('$120 of $300 funded')).toBeTruthy();
    expect(screen.getByText('2 contributors')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Contributors' });
    expect(within(list).getByText('Fan One: $100')).toBeTruthy();
    expect(within(list).getByText('Anonymous: $20')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Contribute' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('takes one’s own contribution back', async () => {
    const after = progress({
      fundedCents: 2000,
      own: [{ ...progress().own[0], status: 'taken_back', canTakeBack: false }],
    } as Partial<GroupGiftProgress>);
    const calls = stubFetch((url) =>
      url === '/api/contributions/c1/take-back'
        ? new Response(JSON.stringify({ contributionId: 'c1' }))
        : url === '/api/wishes/wish-1/group-gift'
          ? new Response(JSON.stringify(after))
          : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'x' } }), { status: 404 }),
    );
    renderSection(progress());
    fireEvent.click(screen.getByRole('button', { name: 'Take Back' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/contributions/c1/take-back')?.method).toBe('POST'));
  });

  it('offers no take-back when the creator turned it off, and no Contribute to the creator or once funded', () => {
    renderSection(
      progress({ own: [{ id: 'c1', amountCents: 100, status: 'held', isAnonymous: false, canTakeBack: false }] }),
    );
    expect(screen.queryByRole('button', { name: 'Take Back' })).toBeNull();
    cleanup();
    renderSection(progress(), 'creator-1');
    expect((screen.getByRole('button', { name: 'Contribute' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderSection(progress({ isFunded: true, fundedCents: 30_000 }));
    expect(screen.queryByRole('button', { name: 'Contribute' })).toBeNull();
    expect(screen.getByText('This group gift is already fully funded!')).toBeTruthy();
  });
});
