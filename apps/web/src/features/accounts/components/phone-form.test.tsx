import { INVALID_PHONE_MESSAGE } from '@sweetwish/shared/accounts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';

const client = vi.hoisted(() => ({ $fetch: vi.fn(), phoneNumber: { verify: vi.fn() } }));
vi.mock('../../../components/accounts/auth-client', () => ({ authClient: client }));
const { PhoneForm } = await import('./phone-form');

/** The sign-in screen around the form: it holds "busy" for every sign-in method. */
function Screen({ onSignedIn = async () => undefined }: { onSignedIn?: () => Promise<void> }) {
  return <PhoneForm busy={false} onBusyChange={() => undefined} onSignedIn={onSignedIn} />;
}

const numberField = () => screen.getByRole('textbox', { name: 'Phone Number' });
const codeField = () => screen.getByRole('textbox', { name: 'SMS Code' });
const type = (field: HTMLElement, text: string) => fireEvent.input(field, { target: { value: text } });
const toasts = () => currentNotifications().map((n) => [n.message, n.placement]);

async function sendCode() {
  client.$fetch.mockResolvedValue({ data: { message: 'ok' }, error: null });
  type(numberField(), '2025550123');
  fireEvent.click(screen.getByRole('button', { name: 'Continue with Phone' }));
  return screen.findByRole('textbox', { name: 'SMS Code' });
}

describe('phone sign-in', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('says "Invalid phone number" on the field as the user types, and as a toast on Continue, sending nothing', async () => {
    render(<Screen />);
    type(numberField(), '123-555-0123');
    expect(await screen.findByText(INVALID_PHONE_MESSAGE)).toBeTruthy();
    expect(numberField().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Phone' }));
    await waitFor(() => expect(toasts()).toEqual([[INVALID_PHONE_MESSAGE, 'toast']]));
    expect(client.$fetch).not.toHaveBeenCalled();
  });

  it('masks the number and sends it in +1 form, then locks it and asks for the code', async () => {
    render(<Screen />);
    type(numberField(), '(202) 555 0123');
    expect(numberField()).toHaveProperty('value', '202-555-0123');
    await sendCode();
    expect(client.$fetch).toHaveBeenCalledWith('/phone-number/send-otp', {
      method: 'POST',
      body: { phoneNumber: '+12025550123' },
    });
    expect(numberField().hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Continue with Phone' })).toBeNull();
  });

  it('keeps the server’s words for a refused send (a limit), as a toast', async () => {
    render(<Screen />);
    client.$fetch.mockResolvedValue({
      data: null,
      error: { status: 429, error: { code: 'RATE_LIMITED', message: 'Too many sign-in codes for this number.' } },
    });
    type(numberField(), '2025550123');
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Phone' }));
    await waitFor(() => expect(toasts()).toEqual([['Too many sign-in codes for this number.', 'toast']]));
    expect(screen.queryByRole('textbox', { name: 'SMS Code' })).toBeNull();
  });

  it('enables Submit for 6 characters after trimming, with the shared rule’s message before', async () => {
    render(<Screen />);
    await sendCode();
    const submit = screen.getByRole('button', { name: 'Submit' });
    type(codeField(), '12345');
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    type(codeField(), ' 123456 ');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
  });

  it('disables the code and Submit while checking, and says "Error validating code" for a wrong one', async () => {
    render(<Screen />);
    await sendCode();
    let answer: (result: unknown) => void = () => undefined;
    client.phoneNumber.verify.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    type(codeField(), ' 123456 ');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(codeField().hasAttribute('disabled')).toBe(true));
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(client.phoneNumber.verify).toHaveBeenCalledWith({ phoneNumber: '+12025550123', code: '123456' });
    await act(async () => answer({ data: null, error: { status: 400, message: 'Invalid OTP' } }));
    await waitFor(() => expect(toasts()).toEqual([['Error validating code', 'toast']]));
    expect(codeField().hasAttribute('disabled')).toBe(false);
  });
});
