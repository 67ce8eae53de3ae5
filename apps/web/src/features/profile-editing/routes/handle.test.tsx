import { HANDLE_MESSAGES } from '@sweetwish/shared/handle';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { apiError, renderSignedIn, testMe } from '../../../test-support/render-signed-in';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { HandlePage } from './handle';

const field = () => screen.getByRole('textbox', { name: 'Handle' });
const save = () => screen.getByRole('button', { name: 'Save' });
const type = (text: string) => fireEvent.input(field(), { target: { value: text } });

/** The server: every handle is free; the save is answered by `answerSave`. */
function stubServer(answerSave: () => Response | Promise<Response>): SentRequest[] {
  return stubFetch((url, sent) => {
    if (url.startsWith('/api/handles/availability')) {
      return new Response(JSON.stringify({ handle: 'x', isAvailable: true }));
    }
    return sent.method === 'PUT' ? answerSave() : new Response('null');
  });
}

describe('the handle screen', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the server’s rule on the field as the user types, before any check', async () => {
    const calls = stubServer(() => new Response('{}'));
    renderSignedIn(HandlePage);
    type('ann!');
    expect(await screen.findByText(HANDLE_MESSAGES.invalid)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(save().hasAttribute('disabled')).toBe(true);
    expect(calls.filter((call) => call.url.startsWith('/api/handles'))).toEqual([]);
  });

  it('puts "Handle taken, try another" from the save on the field, not in a notification', async () => {
    stubServer(() => apiError(409, 'CONFLICT', HANDLE_MESSAGES.taken, { handle: HANDLE_MESSAGES.taken }));
    renderSignedIn(HandlePage);
    type('ann_moved');
    await screen.findByText('Available');
    fireEvent.click(save());
    expect(await screen.findByText(HANDLE_MESSAGES.taken)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(save().hasAttribute('disabled')).toBe(true);
    expect(currentNotifications()).toHaveLength(0);
  });

  it('disables Save while saving, then says "Handle Updated!"', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderSignedIn(HandlePage);
    type(' ann_moved ');
    await screen.findByText('Available');
    fireEvent.click(save());
    await waitFor(() => expect(field().hasAttribute('disabled')).toBe(true));
    expect(save().hasAttribute('disabled')).toBe(true);
    answer(new Response(JSON.stringify({ ...testMe, handle: 'ann_moved' })));
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Handle Updated!']));
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves.map((call) => call.body)).toEqual([JSON.stringify({ handle: 'ann_moved' })]);
  });
});
