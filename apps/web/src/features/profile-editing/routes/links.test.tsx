import { LINK_MESSAGES } from '@sweetwish/shared/links';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { apiError, renderSignedIn, testProfile } from '../../../test-support/render-signed-in';
import { stubFetch } from '../../../test-support/stub-fetch';
import { LinksPage } from './links';

const link = (n: number) => screen.getByRole('textbox', { name: `Link ${n}` });
const save = () => screen.getByRole('button', { name: 'Save' });
const type = (n: number, text: string) => fireEvent.input(link(n), { target: { value: text } });
const addLink = () => fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));

describe('the links screen', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the shared rule on the entry as the user types, and saves nothing', async () => {
    const calls = stubFetch(() => new Response('null'));
    renderSignedIn(LinksPage);
    type(1, 'javascript:alert(1)');
    expect(await screen.findByText(LINK_MESSAGES.scheme)).toBeTruthy();
    expect(link(1).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(save());
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('puts the server’s problem with a link on the entry it came from, empty entries not counted', async () => {
    stubFetch((_url, sent) =>
      sent.method === 'PATCH'
        ? apiError(400, 'VALIDATION', 'links.1: Not this one', { 'links.1': 'Not this one' })
        : new Response('null'),
    );
    renderSignedIn(LinksPage);
    addLink();
    addLink();
    type(1, 'example.com');
    type(3, 'example.org');
    fireEvent.click(save());
    expect(await screen.findByText('Not this one')).toBeTruthy();
    expect(link(3).getAttribute('aria-invalid')).toBe('true');
    expect(link(1).getAttribute('aria-invalid')).toBe('false');
    expect(currentNotifications()).toHaveLength(0);
  });

  it('disables the entries and Save while saving, sends the normalised links and shows them', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch((_url, sent) =>
      sent.method === 'PATCH' ? new Promise<Response>((resolve) => (answer = resolve)) : new Response('null'),
    );
    renderSignedIn(LinksPage);
    addLink();
    type(2, 'example.com/me');
    fireEvent.click(save());
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(true));
    expect(link(2).hasAttribute('disabled')).toBe(true);
    answer(new Response(JSON.stringify({ ...testProfile, links: ['https://example.com/me'] })));
    await waitFor(() => expect(link(1)).toHaveProperty('value', 'https://example.com/me'));
    expect(screen.queryByRole('textbox', { name: 'Link 2' })).toBeNull();
    const saves = calls.filter((call) => call.method === 'PATCH');
    expect(saves.map((call) => call.body)).toEqual([JSON.stringify({ links: ['https://example.com/me'] })]);
  });

  it('keeps the entries as typed and says "Error adding link..." when the save fails', async () => {
    stubFetch((_url, sent) =>
      sent.method === 'PATCH' ? apiError(500, 'INTERNAL', 'Something went wrong.') : new Response('null'),
    );
    renderSignedIn(LinksPage);
    type(1, 'example.org');
    fireEvent.click(save());
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Error adding link...']));
    expect(link(1)).toHaveProperty('value', 'example.org');
  });
});
