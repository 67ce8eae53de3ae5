import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

// Spec section 2's route list, one real address for each, and the pattern it must reach.
const SPEC_ROUTES: [url: string, pattern: string][] = [
  ['/', 'index'],
  ['/sign-in', 'sign-in/:affiliate?'],
  ['/sign-in/friend1', 'sign-in/:affiliate?'],
  ['/sign-up/friend1', 'sign-up/:affiliate?'],
  ['/join/friend1', 'join/:affiliate?'],
  ['/email/friend1', 'email/:affiliate?'],
  ['/email-link-sent', 'email-link-sent'],
  ['/complete-profile', 'complete-profile'],
  ['/unsafe', 'unsafe'],
  ['/home', 'home'],
  ['/search', 'search'],
  ['/conversations', 'conversations'],
  ['/conversations/c1', 'conversations/:conversationId'],
  ['/purchases', 'purchases'],
  ['/received', 'received'],
  ['/received/item/p1', 'received/item/:purchaseId'],
  ['/create', 'create'],
  ['/edit', 'edit'],
  ['/x/w1', 'x/:productId'],
  ['/success', 'success'],
  ['/cs', 'cs'],
  ['/stripe/cs', 'stripe/cs'],
  ['/tokens/stripe/success', 'tokens/stripe/success'],
  ['/balance', 'balance'],
  ['/settings', 'settings'],
  ['/fans', 'fans'],
  ['/profile', 'profile'],
  ['/profile/display-name', 'profile/display-name'],
  ['/profile/handle', 'profile/handle'],
  ['/profile/photo', 'profile/photo'],
  ['/profile/banner', 'profile/banner'],
  ['/profile/description', 'profile/description'],
  ['/profile/links', 'profile/links'],
  ['/dev/outbox', 'dev/outbox'],
  ['/why', 'why'],
  ['/support', 'support'],
  ['/terms-of-service', 'terms-of-service'],
  ['/privacy', 'privacy'],
  ['/test', 'test'],
  ['/sweet_creator', ':handle'],
  ['/sweet_creator/tip', ':handle/tip'],
];

function leaves(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => (route.children ? leaves(route.children) : [route]));
}

function matchedPattern(url: string) {
  const leaf = matchRoutes(routes, url)?.at(-1)?.route;
  return leaf?.index ? 'index' : leaf?.path;
}

describe('the route table', () => {
  it.each(SPEC_ROUTES)('sends %s to %s', (url, pattern) => {
    expect(matchedPattern(url)).toBe(pattern);
  });

  it('sends anything else to the not-found page', () => {
    expect(matchedPattern('/a/b/c')).toBe('*');
  });

  it('loads each screen lazily, so a page loads only its own code', () => {
    const screens = leaves(routes[0]?.children?.[0]?.children ?? []);
    expect(screens.length).toBeGreaterThan(SPEC_ROUTES.length - 5);
    for (const screen of screens) expect(screen.lazy, String(screen.path ?? 'index')).toBeTypeOf('function');
  });

  it('puts the app screens inside the lazily loaded app shell, and the landing page outside it', () => {
    const isInShell = (url: string) =>
      (matchRoutes(routes, url) ?? []).some((match) => match.route.lazy && match.route.children && !match.route.path);
    expect(isInShell('/')).toBe(false);
    expect(isInShell('/why')).toBe(false);
    expect(isInShell('/sign-in')).toBe(true);
    expect(isInShell('/home')).toBe(true);
    expect(isInShell('/sweet_creator')).toBe(true);
  });

  it.each([
    ['/sweet_creator', 'PublicProfilePage'],
    ['/sweet_creator/tip', 'PublicProfileTipPage'],
    ['/x/w1', 'PublicWishPage'],
    ['/balance', 'BalancePage'],
    ['/tokens/stripe/success', 'TopUpReturnPage'],
    ['/success', 'PurchaseSuccessPage'],
    ['/cs', 'CheckoutReturnPage'],
    ['/stripe/cs', 'CheckoutReturnPage'],
    ['/purchases', 'PurchasesPage'],
    ['/received', 'ReceivedPage'],
    ['/received/item/p1', 'ReceivedItemPage'],
    ['/conversations', 'ConversationsPage'],
    ['/conversations/c1', 'ConversationPage'],
    ['/settings', 'SettingsPage'],
    ['/fans', 'FansPage'],
  ])('gives %s its own screen (%s), not the not-found page', async (url, screen) => {
    const leaf = matchRoutes(routes, url)?.at(-1)?.route;
    const loaded = await (leaf?.lazy as (() => Promise<{ Component: { name: string } }>) | undefined)?.();
    expect(loaded?.Component.name).toBe(screen);
  });
});
