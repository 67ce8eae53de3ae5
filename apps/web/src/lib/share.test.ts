import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from './notification-store';
import { LINK_COPIED_MS, SHARE_MESSAGES, shareLink, shareUserLink, wishShareTarget } from './share';

const target = { title: 'Pink Guitar', url: 'https://sweetwish.test/x/w1' };

function messages() {
  return currentNotifications().map((n) => ({ message: n.message, severity: n.severity, placement: n.placement }));
}

describe('sharing a link', () => {
  afterEach(() => {
    for (const n of currentNotifications()) dismiss(n.id);
  });

  it('uses the device share sheet when there is one, with title and address, and shows no message', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    expect(await shareLink(target, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Pink Guitar', url: 'https://sweetwish.test/x/w1' });
    expect(writeText).not.toHaveBeenCalled();
    expect(messages()).toEqual([]);
  });

  it('ignores a share the user cancels', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
    expect(await shareLink(target, { share })).toBe('cancelled');
    expect(messages()).toEqual([]);
  });

  it('says "Could not share link" when the share sheet fails', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    expect(await shareLink(target, { share })).toBe('failed');
    expect(messages()).toEqual([{ message: SHARE_MESSAGES.failed, severity: 'error', placement: 'toast' }]);
    expect(SHARE_MESSAGES.failed).toBe('Could not share link');
  });

  it('copies the address without a share sheet and says "Link Copied!" for 1 s', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareLink(target, { clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://sweetwish.test/x/w1');
    expect(messages()).toEqual([{ message: 'Link Copied!', severity: 'success', placement: 'toast' }]);
    // For 1 s once it shows (components/notifications.test.tsx shows a message going after its time).
    expect(currentNotifications().map((n) => n.durationMs)).toEqual([LINK_COPIED_MS]);
    expect(LINK_COPIED_MS).toBe(1000);
  });

  it('says "Clipboard not available" without a share sheet or clipboard', async () => {
    expect(await shareLink(target, {})).toBe('no-clipboard');
    expect(messages()).toEqual([{ message: 'Clipboard not available', severity: 'error', placement: 'toast' }]);
  });

  it('says "Could not share link" when copying fails', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('no focus'));
    expect(await shareLink(target, { clipboard: { writeText } })).toBe('failed');
    expect(messages().map((m) => m.message)).toEqual(['Could not share link']);
  });
});

describe('sharing a user link', () => {
  afterEach(() => {
    for (const n of currentNotifications()) dismiss(n.id);
  });

  it('builds the profile, tip and invite links from the handle on this origin', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    await shareUserLink('profile', 'sweet_creator', { share });
    await shareUserLink('tip', 'sweet_creator', { share });
    await shareUserLink('invite', 'sweet_creator', { share });
    const origin = window.location.origin;
    expect(share.mock.calls.map(([data]) => data.url)).toEqual([
      `${origin}/sweet_creator`,
      `${origin}/sweet_creator/tip`,
      `${origin}/join/sweet_creator`,
    ]);
  });

  it('says "Handle required for link" without a handle and shares nothing', async () => {
    const share = vi.fn();
    expect(await shareUserLink('profile', null, { share })).toBe('failed');
    expect(share).not.toHaveBeenCalled();
    expect(messages().map((m) => m.message)).toEqual(['Handle required for link']);
  });

  it('shares a wish as its name and its public page', () => {
    expect(wishShareTarget({ id: 'w 1', name: 'Pink Guitar' }, 'https://a.test')).toEqual({
      title: 'Pink Guitar',
      url: 'https://a.test/x/w%201',
    });
  });
});
