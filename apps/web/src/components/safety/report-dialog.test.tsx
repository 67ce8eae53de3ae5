import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications } from '../../lib/notification-store';
import { stubFetch } from '../../test-support/stub-fetch';
import { ReportDialog } from './report-dialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReportDialog
        open
        onClose={onClose}
        target={{ kind: 'message', targetId: 'm1', conversationId: 'c1' }}
        title="Report Sam's latest message"
      />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('the report dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('needs a reason, sends it with the note, and confirms with the server\u2019s message', async () => {
    const calls = stubFetch(() => json({ reportId: 'r1', message: 'Thanks for your report.' }, 201));
    const onClose = renderDialog();
    const send = screen.getByRole('button', { name: 'Send Report' });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Harassment' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Note (optional)' }), { target: { value: '  rude  ' } });
    fireEvent.click(send);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: '/api/reports',
        method: 'POST',
        body: JSON.stringify({
          kind: 'message',
          targetId: 'm1',
          conversationId: 'c1',
          reason: 'harassment',
          note: 'rude',
        }),
      },
    ]);
    expect(currentNotifications().map((n) => [n.message, n.severity])).toContainEqual([
      'Thanks for your report.',
      'success',
    ]);
  });

  it('says what the server refused, and stays open', async () => {
    stubFetch(() =>
      json(
        { error: { code: 'CONFLICT', message: 'You have already reported this. Our moderators will review it.' } },
        409,
      ),
    );
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Report' }));
    await waitFor(() =>
      expect(currentNotifications().map((n) => n.message)).toContain(
        'You have already reported this. Our moderators will review it.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
