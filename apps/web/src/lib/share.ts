import { buildShareLink, type ShareLinkType } from '@sweetwish/shared/share-links';
import { notify } from './notification-store';

/** The sharing messages of product.md section 8. */
export const SHARE_MESSAGES = {
  copied: 'Link Copied!',
  noClipboard: 'Clipboard not available',
  failed: 'Could not share link',
} as const;

/** How long "Link Copied!" stays on screen (product.md section 8). */
export const LINK_COPIED_MS = 1000;

export type ShareTarget = { title: string; url: string };
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'no-clipboard' | 'failed';

/** The parts of `navigator` sharing uses, so tests can hand in their own. */
export type ShareNavigator = {
  share?: (data: { title?: string; url?: string }) => Promise<void>;
  clipboard?: { writeText?: (text: string) => Promise<void> };
};

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/**
 * Shares a link (product.md sections 7 and 8): the device's share sheet when there is one, else the clipboard
 * with "Link Copied!". A share the user cancels (AbortError) is ignored silently; any other failure shows
 * "Could not share link", and a browser without a clipboard "Clipboard not available".
 */
export async function shareLink(
  target: ShareTarget,
  nav: ShareNavigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): Promise<ShareOutcome> {
  try {
    if (typeof nav?.share === 'function') {
      await nav.share({ title: target.title, url: target.url });
      return 'shared';
    }
    if (typeof nav?.clipboard?.writeText !== 'function') {
      notify(SHARE_MESSAGES.noClipboard, { placement: 'toast' });
      return 'no-clipboard';
    }
    await nav.clipboard.writeText(target.url);
    notify(SHARE_MESSAGES.copied, { severity: 'success', placement: 'toast', durationMs: LINK_COPIED_MS });
    return 'copied';
  } catch (error) {
    if (isAbort(error)) return 'cancelled';
    notify(SHARE_MESSAGES.failed, { placement: 'toast' });
    return 'failed';
  }
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Shares a user's profile, direct-tip or invite link (product.md section 5, Share link); a missing handle says so. */
export async function shareUserLink(
  type: ShareLinkType,
  handle: string | null | undefined,
  nav?: ShareNavigator,
): Promise<ShareOutcome> {
  const link = buildShareLink(type, handle, currentOrigin());
  if ('error' in link) {
    notify(link.error, { placement: 'toast' });
    return 'failed';
  }
  return shareLink(link, nav);
}

/** The public page of a wish (/x/{id}) with its name as the title. */
export function wishShareTarget(wish: { id: string; name: string }, origin = currentOrigin()): ShareTarget {
  return { title: wish.name, url: `${origin}/x/${encodeURIComponent(wish.id)}` };
}
