import { DISPLAY_NAME_MESSAGES, HANDLE_MESSAGES } from '@sweetwish/shared/handle';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { apiError, renderSignedIn, testMe } from '../../../test-support/render-signed-in';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { CompleteProfilePage } from './complete-profile';

const newUser = { ...testMe, handle: null, displayName: null, isProfileComplete: false };
const nameField = () => screen.getByRole('textbox', { name: 'Display Name' });
const handleField = () => screen.getByRole('textbox', { name: 'Unique Handle' });
const complete = () => screen.getByRole('button', { name: 'Complete' });
const type = (field: HTMLElement, text: string) => fireEvent.input(field, { target: { value: text } });

/** The server: every handle is free; completing is answered by `answerComplete`. */
function stubServer(answerComplete: () => Response | Promise<Response>): SentRequest[] {
  return stubFetch((url) => {
    if (url.startsWith('/api/handles/availability')) {
      return new Response(JSON.stringify({ handle: 'x', isAvailable: true }));
    }
    return url === '/api/profile/complete' ? answerComplete() : new Response('null');
  });
}

async function fillIn() {
  type(nameField(), 'Ann Maker');
  type(handleField(), 'ann_maker');
  await screen.findByText('Available');
}

describe('Complete Account Profile', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the server’s rules on the fields as the user types', async () => {
    stubServer(() => new Response('{}'));
    renderSignedIn(CompleteProfilePage, { me: newUser });
    type(nameField(), 'Ann!');
    type(handleField(), 'ab');
    expect(await screen.findByText(DISPLAY_NAME_MESSAGES.invalid)).toBeTruthy();
    expect(screen.getByText(HANDLE_MESSAGES.short)).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(handleField().getAttribute('aria-invalid')).toBe('true');
    expect(complete().hasAttribute('disabled')).toBe(true);
  });

  it('puts a handle taken meanwhile on the handle field, not in a toast', async () => {
    stubServer(() => apiError(409, 'CONFLICT', HANDLE_MESSAGES.taken, { handle: HANDLE_MESSAGES.taken }));
    renderSignedIn(CompleteProfilePage, { me: newUser });
    await fillIn();
    fireEvent.click(complete());
    expect(await screen.findByText(HANDLE_MESSAGES.taken)).toBeTruthy();
    expect(handleField().getAttribute('aria-invalid')).toBe('true');
    expect(complete().hasAttribute('disabled')).toBe(true);
    expect(currentNotifications()).toHaveLength(0);
  });

  it('tells any other failure with the toast "Error updating user"', async () => {
    stubServer(() => apiError(500, 'INTERNAL', 'Something went wrong.'));
    renderSignedIn(CompleteProfilePage, { me: newUser });
    await fillIn();
    fireEvent.click(complete());
    await waitFor(() =>
      expect(currentNotifications().map((n) => [n.message, n.placement])).toEqual([['Error updating user', 'toast']]),
    );
    expect(complete().hasAttribute('disabled')).toBe(false);
  });

  it('disables the fields and Complete while saving, and sends handle and display name', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderSignedIn(CompleteProfilePage, { me: newUser });
    await fillIn();
    fireEvent.click(complete());
    await waitFor(() => expect(complete().hasAttribute('disabled')).toBe(true));
    expect(handleField().hasAttribute('disabled')).toBe(true);
    expect(nameField().hasAttribute('disabled')).toBe(true);
    const sent = calls.filter((call) => call.url === '/api/profile/complete');
    expect(sent.map((call) => call.body)).toEqual([JSON.stringify({ handle: 'ann_maker', displayName: 'Ann Maker' })]);
    answer(apiError(500, 'INTERNAL', 'Something went wrong.'));
    await waitFor(() => expect(complete().hasAttribute('disabled')).toBe(false));
  });
});
