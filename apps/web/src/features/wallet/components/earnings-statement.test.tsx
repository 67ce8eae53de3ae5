import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { EarningsStatement } from './earnings-statement';

function renderStatement() {
  stubFetch(() => new Response(JSON.stringify({ lines: [], nextCursor: null })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator' });
  render(
    <QueryClientProvider client={client}>
      <EarningsStatement />
    </QueryClientProvider>,
  );
}

const exportLink = () => screen.getByText('Export CSV').closest('a') as HTMLAnchorElement;
const setDay = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('the statement export', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('links to the CSV of the chosen days, and says so on "To" when the range runs backwards', async () => {
    renderStatement();
    setDay('From', '2026-03-01');
    setDay('To', '2026-03-31');
    expect(exportLink().getAttribute('href')).toBe('/api/wallet/statement.csv?from=2026-03-01&to=2026-03-31');
    setDay('From', '2026-04-02');
    expect(await screen.findByText('The range must start before it ends')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(exportLink().getAttribute('href')).toBeNull();
    expect(exportLink().getAttribute('aria-disabled')).toBe('true');
    setDay('To', '2026-04-30');
    await waitFor(() => expect(screen.queryByText('The range must start before it ends')).toBeNull());
    expect(exportLink().getAttribute('href')).toBe('/api/wallet/statement.csv?from=2026-04-02&to=2026-04-30');
  });
});

describe('the statement of a fan who never earned', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is titled "Statement" and says "Token top-up" once per line', async () => {
    const topUp = {
      id: 'l1',
      date: '2026-12-05T10:00:00.000Z',
      kind: 'top_up',
      description: 'Token top-up',
      amountCents: 5000,
      grossCents: null,
      feesCents: null,
    };
    stubFetch((url) =>
      url.startsWith('/api/wallet/statement')
        ? new Response(JSON.stringify({ lines: [topUp], nextCursor: null }))
        : new Response(
            JSON.stringify({ balanceCents: 5000, boughtCents: 5000, availableCents: 0, pendingCents: 0, pending: [] }),
          ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'fan', displayName: 'Fan' });
    render(
      <QueryClientProvider client={client}>
        <EarningsStatement />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Statement lines' });
    expect(screen.getByRole('heading', { name: 'Statement' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Earnings Statement' })).toBeNull();
    expect(list.textContent?.match(/Token top-up/g)).toHaveLength(1);
  });
});
