import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { EmailLinkPage } from './email-link';

/** /email with a link's token, in a browser that does not remember the address. */
async function renderLinkPage() {
  const router = createMemoryRouter([{ path: '/email', Component: EmailLinkPage }], {
    initialEntries: ['/email?token=link-token'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Confirm Email Address' });
}

const field = () => screen.getByRole('textbox', { name: 'Email Address' });
const login = () => screen.getByRole('button', { name: 'Login' });
const type = (text: string) => fireEvent.input(field(), { target: { value: text } });
const verifications = (calls: SentRequest[]) => calls.filter((call) => call.url.endsWith('/magic-link/verify'));

describe('Confirm Email Address', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says "Email is required" on the field when the address is emptied, with Login off', async () => {
    stubFetch(() => new Response('null'));
    await renderLinkPage();
    expect(login().hasAttribute('disabled')).toBe(true);
    type('a');
    await waitFor(() => expect(login().hasAttribute('disabled')).toBe(false));
    type(' ');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(login().hasAttribute('disabled')).toBe(true);
  });

  it('disables Login while the link is checked, and keeps the form with the address and a toast when refused', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch((url) =>
      url.endsWith('/magic-link/verify')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : new Response('null'),
    );
    await renderLinkPage();
    type(' ann@example.com ');
    await waitFor(() => expect(login().hasAttribute('disabled')).toBe(false));
    fireEvent.click(login());
    await waitFor(() => expect(login().hasAttribute('disabled')).toBe(true));
    expect(field().hasAttribute('disabled')).toBe(true);
    expect(verifications(calls).map((call) => call.body)).toEqual([
      JSON.stringify({ token: 'link-token', email: 'ann@example.com' }),
    ]);
    answer(new Response(JSON.stringify({ error: { code: 'VALIDATION', message: 'x' } }), { status: 400 }));
    await waitFor(() =>
      expect(currentNotifications().map((n) => [n.message, n.placement])).toEqual([
        ['Error signing in with email link', 'toast'],
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Confirm Email Address' })).toBeTruthy();
    expect(field()).toHaveProperty('value', 'ann@example.com');
    expect(login().hasAttribute('disabled')).toBe(false);
  });
});

describe('a used or made-up link', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says "Link expired or invalid." at once, without asking for the address or spending anything', async () => {
    localStorage.setItem('emailForSignIn', 'ann@example.com');
    const calls = stubFetch((url) =>
      url.endsWith('/magic-link/check') ? new Response(JSON.stringify({ isValid: false })) : new Response('null'),
    );
    const router = createMemoryRouter([{ path: '/email', Component: EmailLinkPage }], {
      initialEntries: ['/email?token=used-token&return=%2Fx%2Fabc'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Link expired or invalid.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm Email Address' })).toBeNull();
    expect(verifications(calls)).toEqual([]);
    // A new link still brings the fan back to where they were.
    expect(screen.getByRole('link', { name: 'Get a New Link' }).getAttribute('href')).toBe(
      '/sign-in?return=%2Fx%2Fabc',
    );
  });
});
