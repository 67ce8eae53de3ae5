import { ABOUT_ME_MESSAGES } from '@sweetwish/shared/profiles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { apiError, renderSignedIn, testProfile } from '../../../test-support/render-signed-in';
import { stubFetch } from '../../../test-support/stub-fetch';
import { DescriptionPage } from './description';

const about = () => screen.getByRole('textbox', { name: 'About Me' });
const save = () => screen.getByRole('button', { name: 'Save' });
const type = (text: string) => fireEvent.input(about(), { target: { value: text } });

describe('About Me', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the server’s rule on the field as the user types', async () => {
    stubFetch(() => new Response('{}'));
    renderSignedIn(DescriptionPage);
    type('Tabs\tare not allowed');
    expect(await screen.findByText(ABOUT_ME_MESSAGES.control)).toBeTruthy();
    expect(about().getAttribute('aria-invalid')).toBe('true');
    expect(save().hasAttribute('disabled')).toBe(true);
  });

  it('puts the server’s problem with the description on the field', async () => {
    stubFetch(() => apiError(400, 'VALIDATION', 'description: Not this', { description: 'Not this' }));
    renderSignedIn(DescriptionPage);
    type('I make things.');
    fireEvent.click(save());
    expect(await screen.findByText('Not this')).toBeTruthy();
    expect(currentNotifications()).toHaveLength(0);
  });

  it('disables Save while saving, then says "Description updated!"', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch((_url, sent) =>
      sent.method === 'PATCH' ? new Promise<Response>((resolve) => (answer = resolve)) : new Response('null'),
    );
    renderSignedIn(DescriptionPage);
    type('I make things.\n');
    fireEvent.click(save());
    await waitFor(() => expect(about().hasAttribute('disabled')).toBe(true));
    expect(save().hasAttribute('disabled')).toBe(true);
    answer(new Response(JSON.stringify({ ...testProfile, description: 'I make things.' })));
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Description updated!']));
    const saves = calls.filter((call) => call.method === 'PATCH');
    expect(saves.map((call) => call.body)).toEqual([JSON.stringify({ description: 'I make things.' })]);
  });

  it('tells any other failure with "Error updating user..."', async () => {
    stubFetch(() => apiError(500, 'INTERNAL', 'Something went wrong.'));
    renderSignedIn(DescriptionPage);
    type('I make things.');
    fireEvent.click(save());
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Error updating user...']));
    expect(about()).toHaveProperty('value', 'I make things.');
  });
});
