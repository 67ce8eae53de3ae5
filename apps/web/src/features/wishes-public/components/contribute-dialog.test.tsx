import { GROUP_GIFT_MESSAGES } from '@sweetwish/shared/group-gifts';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '../../../components/notifications';
import { WALLET_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { ContributeDialog, parseContribution } from './contribute-dialog';

/** The dialog for a signed-in fan holding `balanceCents`, on a group gift with `remaining` tokens left. */
function renderDialog(balanceCents: number, remaining = 80) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(ME_QUERY_KEY, { id: 'fan-1', handle: 'fan_one', displayName: 'Fan One' });
  queryClient.setQueryData(WALLET_QUERY_KEY, { balanceCents });
  const onClose = vi.fn();
  const onGetTokens = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ContributeDialog
        wishId="wish-1"
        sellerId="creator-1"
        remainingTokens={remaining}
        isOpen
        onClose={onClose}
        onGetTokens={onGetTokens}
      />
      <Notifications />
    </QueryClientProvider>,
  );
  return { onClose, onGetTokens };
}

const amountField = () => screen.getByRole('textbox', { name: 'Contribution in tokens' }) as HTMLInputElement;
const type = (text: string) => fireEvent.input(amountField(), { target: { value: text } });
const submitButton = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;

describe('the contribute dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    for (const item of currentNotifications()) dismiss(item.id);
  });

  it('reads whole numbers only, commas ignored', () => {
    expect(parseContribution('1,250')).toBe(1250);
    expect(parseContribution('1.5')).toBeNaN();
    expect(parseContribution('')).toBeNaN();
  });

  it('refuses 0, fractions and more than remains with the server’s words, as one types', async () => {
    renderDialog(500_000, 30);
    type('0');
    expect(await screen.findByText(GROUP_GIFT_MESSAGES.tooSmall)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    type('2.5');
    expect(await screen.findByText(GROUP_GIFT_MESSAGES.amount)).toBeTruthy();
    type('31');
    expect(await screen.findByText(GROUP_GIFT_MESSAGES.tooLarge(30))).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    type('30');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('offers "Get Tokens" above the balance and hands over the amount for the Insufficient Balance dialog', () => {
    const { onGetTokens } = renderDialog(2500);
    type('25');
    expect(submitButton()).toBeTruthy();
    type('40');
    expect(screen.getByText(GROUP_GIFT_MESSAGES.notEnough)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get Tokens' }));
    expect(onGetTokens).toHaveBeenCalledWith(40, 2500, false);
  });

  it('contributes, anonymously when asked, and says so', async () => {
    const calls = stubFetch(
      () => new Response(JSON.stringify({ contributionId: 'c1', isGranted: false }), { status: 201 }),
    );
    const { onClose } = renderDialog(10_000);
    type('12');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Contribute anonymously' }));
    fireEvent.click(submitButton());
    expect(await screen.findByText(GROUP_GIFT_MESSAGES.contributed)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const sent = calls.find(({ url }) => url === '/api/wishes/wish-1/contributions');
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(String(sent?.body))).toEqual({ amount: 12, isAnonymous: true });
  });

  it('a wallet spent meanwhile goes to the top-up path rather than an error', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ error: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' } }), {
          status: 422,
        }),
    );
    const { onGetTokens, onClose } = renderDialog(10_000);
    type('50');
    fireEvent.click(submitButton());
    await waitFor(() => expect(onGetTokens).toHaveBeenCalledWith(50, 10_000, false));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says "Could not contribute" when the server refuses otherwise, and stays open', async () => {
    stubFetch(() => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), { status: 500 }));
    const { onClose } = renderDialog(10_000);
    fireEvent.click(submitButton());
    expect(await screen.findByText(GROUP_GIFT_MESSAGES.contributeFailed)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a fan whose gifts the creator refuses the server’s reason, and closes: retrying cannot help', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: SAFETY_MESSAGES.giftsRefused } }), {
          status: 403,
        }),
    );
    const { onClose } = renderDialog(10_000);
    fireEvent.click(submitButton());
    expect(await screen.findByText('This creator is not accepting gifts from you.')).toBeTruthy();
    expect(screen.queryByText(GROUP_GIFT_MESSAGES.contributeFailed)).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });
});
