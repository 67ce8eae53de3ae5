import type { GiftMessageSettings } from '@sweetwish/shared/gift-messages';
import type { OverlaySettings } from '@sweetwish/shared/overlay';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wallQueryKey } from '../../../components/profiles/wall-query-key';
import { renderSignedIn } from '../../../test-support/render-signed-in';
import { stubFetch } from '../../../test-support/stub-fetch';
import { OverlaySettingsPage } from './overlay-settings';

const SETTINGS: OverlaySettings = {
  secret: 'a'.repeat(43),
  showAlerts: true,
  showGoal: true,
  showLeaderboard: true,
  minTokens: 0,
  isSoundOn: true,
  leaderboardPeriod: 'today',
  goal: null,
};

const MESSAGE_SETTINGS: GiftMessageSettings = {
  blockedWords: ['badword'],
  holdEveryMessage: false,
  isSpeechOn: false,
  speechVoice: null,
  speechVolume: 80,
  speechMinTokens: 0,
  speechMaxSeconds: 15,
  isWallOn: false,
  controlSecret: 'c'.repeat(43),
};

function stubServer() {
  let settings = SETTINGS;
  let messageSettings = MESSAGE_SETTINGS;
  return stubFetch((url, sent) => {
    if (url === '/api/gift-messages/settings') {
      if (sent.method === 'PATCH') messageSettings = { ...messageSettings, ...JSON.parse(String(sent.body)) };
      return Response.json(messageSettings);
    }
    if (url === '/api/overlay/secret' && sent.method === 'POST') settings = { ...settings, secret: 'b'.repeat(43) };
    if (url === '/api/overlay/settings' && sent.method === 'PATCH') {
      settings = { ...settings, ...JSON.parse(String(sent.body)) };
    }
    if (url === '/api/overlay/test-alert') return new Response(null, { status: 204 });
    if (url.startsWith('/api/users/')) return Response.json([]);
    return Response.json(settings);
  });
}

describe('the overlay settings', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the overlay in its preview and replaces the URL after a confirmation', async () => {
    const calls = stubServer();
    renderSignedIn(OverlaySettingsPage, { path: '/settings/overlay' });
    const preview = (await screen.findByTitle('Overlay preview')) as HTMLIFrameElement;
    expect(preview.getAttribute('src')).toBe(`/overlay/${'a'.repeat(43)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate URL' }));
    expect(calls.some((c) => c.url === '/api/overlay/secret')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect(screen.getByTitle('Overlay preview').getAttribute('src')).toBe(`/overlay/${'b'.repeat(43)}`),
    );
    expect(calls.filter((c) => c.url === '/api/overlay/secret' && c.method === 'POST')).toHaveLength(1);
  });

  it('saves a choice, the minimum amount, and sends a test alert', async () => {
    const calls = stubServer();
    renderSignedIn(OverlaySettingsPage, { path: '/settings/overlay' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Leaderboard' }));
    const minimum = screen.getByLabelText('Minimum amount (tokens)');
    fireEvent.input(minimum, { target: { value: '1,000' } });
    // A comma typed after the digits kept is dropped from the field too, not only from the value sent.
    fireEvent.input(minimum, { target: { value: '1000,' } });
    expect((minimum as HTMLInputElement).value).toBe('1000');
    fireEvent.blur(minimum);
    fireEvent.click(screen.getByRole('button', { name: 'Send test alert' }));
    await waitFor(() => expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(3));
    // Sent one after another, recorded as each body was read: compared without their order.
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);
    expect(writes.sort()).toEqual([
      ['PATCH', '/api/overlay/settings', JSON.stringify({ minTokens: 1000 })],
      ['PATCH', '/api/overlay/settings', JSON.stringify({ showLeaderboard: false })],
      ['POST', '/api/overlay/test-alert', undefined],
    ]);
  });

  it('turns on reading messages aloud and shows the control page address', async () => {
    const calls = stubServer();
    renderSignedIn(OverlaySettingsPage, { path: '/settings/overlay' });
    fireEvent.click(await screen.findByRole('switch', { name: "Read fans' messages aloud" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/gift-messages/settings' && c.method === 'PATCH')).toBe(true),
    );
    const control = screen.getByRole('textbox', { name: 'Control page URL' }) as HTMLInputElement;
    expect(control.value).toMatch(/\/overlay-control\/c{43}$/);
  });

  it('turns the supporters wall on, and the wall on the creator’s page is read again', async () => {
    const calls = stubServer();
    const { queryClient } = renderSignedIn(OverlaySettingsPage, { path: '/settings/overlay' });
    queryClient.setQueryData(wallQueryKey('me'), { items: [], nextCursor: null });
    fireEvent.click(await screen.findByRole('switch', { name: 'Supporters wall on my page' }));
    await waitFor(() => expect(queryClient.getQueryState(wallQueryKey('me'))?.isInvalidated).toBe(true));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([JSON.stringify({ isWallOn: true })]);
  });
});
