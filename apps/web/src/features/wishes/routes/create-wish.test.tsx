import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { ME_QUERY_KEY } from '../../../lib/session';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { CreateWishPage } from './create-wish';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderCreate() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator', isProfileComplete: true });
  const router = createMemoryRouter(
    [
      { path: '/create', Component: CreateWishPage },
      { path: '/:handle', element: <p>Profile page</p> },
    ],
    { initialEntries: ['/create'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.input(field(name), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Submit' });
const postsOf = (calls: SentRequest[]) => calls.filter((call) => call.url === '/api/wishes' && call.method === 'POST');

describe('Create Your Wish', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('waits for a name and a valid price, then sends the price as cost, disabled while it saves', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch((url, sent) =>
      url === '/api/wishes' && sent.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404),
    );
    renderCreate();
    type(/Wish Name/, 'Film Camera');
    type(/Price/, '19');
    expect(await screen.findByText('Price must be at least $20')).toBeTruthy();
    expect(submit().hasAttribute('disabled')).toBe(true);
    type(/Price/, '1,250');
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(postsOf(calls)).toHaveLength(1));
    expect(submit().hasAttribute('disabled')).toBe(true);
    expect(field(/Wish Name/).hasAttribute('disabled')).toBe(true);
    expect(JSON.parse(String(postsOf(calls)[0]?.body))).toEqual({
      name: 'Film Camera',
      cost: 1250,
      description: '',
      allowRepeatPurchases: true,
      type: 'standard',
      pinned: false,
      isGroupGift: false,
    });
    answer(json({ id: 'w1' }, 201));
    expect(await screen.findByText('Profile page')).toBeTruthy();
  });

  it('"Group Gift" makes a group gift (decision 033): no repeated purchases to choose', async () => {
    const calls = stubFetch(() => json({ id: 'w1' }, 201));
    renderCreate();
    type(/Wish Name/, 'Studio Microphone');
    type(/Price/, '300');
    expect(screen.getByLabelText('Repeated Purchases')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Group Gift'));
    expect(screen.getByText(/This cannot be changed later/)).toBeTruthy();
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(postsOf(calls)).toHaveLength(1));
    expect(JSON.parse(String(postsOf(calls)[0]?.body))).toMatchObject({ name: 'Studio Microphone', isGroupGift: true });
  });

  it('creates a subscription wish when Subscription is chosen, explaining the monthly charge and repeats', async () => {
    const calls = stubFetch((url, sent) =>
      url === '/api/wishes' && sent.method === 'POST'
        ? json({ id: 'w2' }, 201)
        : json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404),
    );
    renderCreate();
    type(/Wish Name/, 'Monthly sketch');
    type(/Price/, '25');
    expect(screen.getByRole('button', { name: 'Single Wish' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Subscription' }));
    expect(screen.getByText(/charged every month/)).toBeTruthy();
    expect(screen.getByText('Multiple people can subscribe to this item at the same time.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Repeated Purchases' }));
    expect(screen.getByText('Only one person is allowed to subscribe to this wish at a time.')).toBeTruthy();
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(postsOf(calls)).toHaveLength(1));
    expect(JSON.parse(String(postsOf(calls)[0]?.body))).toMatchObject({
      type: 'subscription',
      cost: 25,
      allowRepeatPurchases: false,
    });
    expect(await screen.findByText('Profile page')).toBeTruthy();
  });

  it('shows the server’s problem with cost on the Price field, not in a notification', async () => {
    stubFetch((url) =>
      url === '/api/wishes'
        ? json(
            {
              error: {
                code: 'VALIDATION',
                message: 'cost: Price must be at most $999,999',
                fields: { cost: 'Price must be at most $999,999' },
              },
            },
            400,
          )
        : json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404),
    );
    renderCreate();
    type(/Wish Name/, 'Film Camera');
    type(/Price/, '250');
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit());
    expect(await screen.findByText('Price must be at most $999,999')).toBeTruthy();
    expect(field(/Price/).getAttribute('aria-invalid')).toBe('true');
    expect(currentNotifications()).toHaveLength(0);
  });

  it('says "Failed to create product..." for any other failure and keeps the form', async () => {
    stubFetch(() => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    renderCreate();
    type(/Wish Name/, 'Headphones');
    type(/Price/, '250');
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Failed to create product...']));
    expect(field(/Wish Name/)).toHaveProperty('value', 'Headphones');
  });
});
