/** Share links (product.md section 5, Share link): a handle is needed, and one of three types. */
export const SHARE_LINK_TYPES = ['tip', 'profile', 'invite'] as const;
export type ShareLinkType = (typeof SHARE_LINK_TYPES)[number];

export const SHARE_LINK_MESSAGES = {
  noHandle: 'Handle required for link',
  invalidType: 'Invalid type',
} as const;

/** The title and address to share, or product.md's message. Invite links use the /join route. */
export function buildShareLink(
  type: string,
  handle: string | null | undefined,
  origin: string,
): { title: string; url: string } | { error: string } {
  if (!handle) return { error: SHARE_LINK_MESSAGES.noHandle };
  const path = encodeURIComponent(handle);
  switch (type) {
    case 'profile':
      return { title: `@${handle} on Sweetwish`, url: `${origin}/${path}` };
    case 'tip':
      return { title: `Send @${handle} a tip`, url: `${origin}/${path}/tip` };
    case 'invite':
      return { title: `Join @${handle} on Sweetwish`, url: `${origin}/join/${path}` };
    default:
      return { error: SHARE_LINK_MESSAGES.invalidType };
  }
}
