import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';

const client = vi.hoisted(() => ({ $fetch: vi.fn() }));
vi.mock('../../../components/accounts/auth-client', () => ({ authClient: client }));
const { EmailForm } = await import('./email-form');

function renderForm() {
  render(
    <MemoryRouter initialEntries={['/sign-in']}>
      <Routes>
        <Route
          path="/sign-in"
          element={
            <EmailForm
              affiliate={null}
              previewEmail="preview@sweetwish.app"
              busy={false}
              onBusyChange={() => undefined}
              onSignedIn={async () => undefined}
            />
          }
        />
        <Route path="/email-link-sent" element={<h1>Sign-In Link Sent!</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = () => screen.getByRole('textbox', { name: 'Email Address' });
const type = (text: string) => fireEvent.input(field(), { target: { value: text } });
const sendButton = () => screen.getByRole('button', { name: 'Send Sign-In Link' });
const toasts = () => currentNotifications().map((n) => [n.message, n.placement]);

describe('e-mail sign-in', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('says "Email is required" on the field when the address is emptied, with the button off', async () => {
    renderForm();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    type('ann@example.com');
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
    type('   ');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
  });

  it('offers the preview account for its address', async () => {
    renderForm();
    type('PREVIEW@sweetwish.app');
    expect(await screen.findByRole('button', { name: 'Sign In to Preview Account' })).toBeTruthy();
  });

  it('disables the button while sending the trimmed address, then shows "Sign-In Link Sent!"', async () => {
    let answer: (result: unknown) => void = () => undefined;
    client.$fetch.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderForm();
    type(' ann@example.com ');
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(true));
    expect(client.$fetch).toHaveBeenCalledWith('/sign-in/magic-link', {
      method: 'POST',
      body: { email: 'ann@example.com', callbackURL: '/email' },
    });
    answer({ data: { status: true }, error: null });
    expect(await screen.findByRole('heading', { name: 'Sign-In Link Sent!' })).toBeTruthy();
  });

  it('keeps the server’s words for a send limit, and "There was a problem signing in." otherwise', async () => {
    renderForm();
    type('ann@example.com');
    client.$fetch.mockResolvedValue({
      data: null,
      error: { status: 429, error: { code: 'RATE_LIMITED', message: 'Too many sign-in links. Try again later.' } },
    });
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(toasts()).toEqual([['Too many sign-in links. Try again later.', 'toast']]));
    client.$fetch.mockResolvedValue({ data: null, error: { status: 500 } });
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(toasts()).toEqual([['There was a problem signing in.', 'toast']]));
  });
});
