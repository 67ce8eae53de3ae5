import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '../../../components/notifications';
import { WALLET_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { TipDialog } from './tip-dialog';

const recipient = { id: 'creator-1', handle: 'sweet_creator', displayName: 'Sweet Creator', photoUrl: null };

/** The dialog for a signed-in fan holding `balanceCents`, with the notifications beside it. */
function renderDialog(balanceCents: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(ME_QUERY_KEY, { id: 'fan-1', handle: 'fan_one', displayName: 'Fan One' });
  queryClient.setQueryData(WALLET_QUERY_KEY, { balanceCents });
  const onClose = vi.fn();
  const onGetTokens = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <TipDialog recipient={recipient} isOpen onClose={onClose} onGetTokens={onGetTokens} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { onClose, onGetTokens };
}

const amountField = () => screen.getByRole('textbox', { name: 'Tip amount in tokens' }) as HTMLInputElement;
const type = (text: string) => fireEvent.input(amountField(), { target: { value: text } });

describe('the tip dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    for (const item of currentNotifications()) dismiss(item.id);
  });

  it('strips commas, steps by 10 and never goes below 0', () => {
    renderDialog(500_000);
    expect(amountField().value).toBe('10');
    type('1,250');
    expect(amountField().value).toBe('1250');
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(amountField().value).toBe('1260');
    type('15');
    fireEvent.click(screen.getByRole('button', { name: 'Less' }));
    fireEvent.click(screen.getByRole('button', { name: 'Less' }));
    expect(amountField().value).toBe('0');
    expect((screen.getByRole('button', { name: 'Less' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers "Get Tokens" instead of "Submit" when the tip is above the balance', () => {
    const { onGetTokens } = renderDialog(2500);
    type('25');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByText("Not enough tokens. You'll be redirected to purchase more.")).toBeNull();
    type('26');
    expect(screen.getByText("Not enough tokens. You'll be redirected to purchase more.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get Tokens' }));
    expect(onGetTokens).toHaveBeenCalledTimes(1);
  });

  it('offers the fan base after a tip that lets the fan join, and joins it', async () => {
    let isMember = false;
    const calls = stubFetch((url, sent) => {
      if (url === '/api/creators/creator-1/fan-membership') {
        if (sent.method === 'PUT') isMember = true;
        return new Response(JSON.stringify({ canJoin: true, isMember }), { status: 200 });
      }
      return new Response(JSON.stringify({ tipId: 't1' }), { status: 201 });
    });
    const { onClose } = renderDialog(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: "Join Sweet Creator's fan base?" })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Tip sent successfully!');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Join Fan Base' }));
    expect(await screen.findByText("You joined Sweet Creator's fan base.")).toBeTruthy();
    expect(calls.filter(({ method }) => method === 'PUT').map(({ url }) => url)).toEqual([
      '/api/creators/creator-1/fan-membership',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the tip, anonymously when asked, and says so', async () => {
    const calls = stubFetch(() => new Response(JSON.stringify({ tipId: 't1' }), { status: 201 }));
    const { onClose } = renderDialog(10_000);
    type('40');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send anonymously' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Tip sent successfully!')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const tip = calls.find(({ url }) => url === '/api/tips');
    expect(tip?.method).toBe('POST');
    expect(JSON.parse(String(tip?.body))).toEqual({ recipientId: 'creator-1', amount: 40, isAnonymous: true });
  });

  it('sends the fan’s message, trimmed, and refuses one over 200 characters', async () => {
    const calls = stubFetch(() => new Response(JSON.stringify({ tipId: 't1' }), { status: 201 }));
    renderDialog(10_000);
    const field = screen.getByRole('textbox', { name: 'Message (optional)' });
    fireEvent.change(field, { target: { value: `  ${'a'.repeat(201)}  ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('A message can have at most 200 characters')).toBeTruthy();
    fireEvent.change(field, { target: { value: '  Great stream!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Tip sent successfully!')).toBeTruthy();
    const tip = calls.find(({ url }) => url === '/api/tips');
    expect(JSON.parse(String(tip?.body))).toMatchObject({ message: 'Great stream!' });
  });

  it('says "Error sending tip." when the server refuses, and stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' } }), {
            status: 422,
          }),
      ),
    );
    const { onClose } = renderDialog(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error sending tip.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a fan whose gifts the creator refuses the server\'s reason, not "Error sending tip.", and closes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: SAFETY_MESSAGES.giftsRefused } }), {
            status: 403,
          }),
      ),
    );
    const { onClose } = renderDialog(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This creator is not accepting gifts from you.')).toBeTruthy();
    expect(screen.queryByText('Error sending tip.')).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });

  it('words an amount sendTip would refuse with the shared schema, under the field, as one types', async () => {
    renderDialog(500_000);
    type('0');
    expect(await screen.findByText(WALLET_MESSAGES.tipAmount)).toBeTruthy();
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    type('5');
    await waitFor(() => expect(screen.queryByText(WALLET_MESSAGES.tipAmount)).toBeNull());
  });

  it('sends once with an Idempotency-Key, Submit disabled while it runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch((url) =>
      url === '/api/tips'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : new Response(JSON.stringify({ balanceCents: 9000 })),
    );
    renderDialog(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/tips']));
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(amountField().disabled).toBe(true);
    const [request] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect((request as Request | undefined)?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    answer(new Response(JSON.stringify({ tipId: 't1' }), { status: 201 }));
    expect(await screen.findByText('Tip sent successfully!')).toBeTruthy();
  });

  it('puts the server’s problem with the amount on the field, not in a notification', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({
            error: { code: 'VALIDATION', message: 'amount: Not today', fields: { amount: 'Not today' } },
          }),
          { status: 400 },
        ),
    );
    renderDialog(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Not today')).toBeTruthy();
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Error sending tip.')).toBeNull();
  });
});
