import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { RouteErrorBoundary, RouterFallbackBoundary } from '../components/lazy-error-screens';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import type { ScreenHandle } from '../lib/page-title';
import { AppLayout } from './app-layout';

/**
 * A screen's code, loaded when its route is first visited: `component` and `loader` name the module's
 * exports (checked by the compiler), and the loader starts every query the screen needs (decision 025).
 */
function screen<Module>(
  load: () => Promise<Module>,
  component: { [K in keyof Module]: Module[K] extends ComponentType ? K : never }[keyof Module],
  loader?: { [K in keyof Module]: Module[K] extends LoaderFunction ? K : never }[keyof Module],
): () => Promise<Pick<RouteObject, 'Component' | 'loader' | 'ErrorBoundary'>> {
  return () =>
    load().then((m) => ({
      Component: m[component] as ComponentType,
      loader: loader === undefined ? undefined : (m[loader] as LoaderFunction),
    }));
}

/** One row of the table below: the addresses of a screen, its title, and its code. */
type Row = [
  paths: string | string[],
  title: string | null,
  lazy: () => Promise<Pick<RouteObject, 'Component' | 'loader' | 'ErrorBoundary'>>,
];

const toRoutes = (rows: Row[]): RouteObject[] =>
  rows.flatMap(([paths, title, lazy]) =>
    (Array.isArray(paths) ? paths : [paths]).map((path) => ({
      ...(path === '' ? { index: true } : { path }),
      handle: (title === null ? {} : { title }) satisfies ScreenHandle,
      lazy,
    })),
  );

/** The landing, marketing and legal pages: they need no server state. */
const PAGES: Row[] = [
  ['', null, screen(() => import('../features/marketing/routes/landing'), 'LandingPage')],
  ['why', 'Why Sweetwish', screen(() => import('../features/marketing/routes/why'), 'WhyPage')],
  ['support', 'Support', screen(() => import('../features/legal/routes/support'), 'SupportPage')],
  [
    'terms-of-service',
    'Terms of Service',
    screen(() => import('../features/legal/routes/terms-of-service'), 'TermsOfServicePage'),
  ],
  ['privacy', 'Privacy Policy', screen(() => import('../features/legal/routes/privacy'), 'PrivacyPage')],
];

/** Every route of product.md section 2, and the screens beyond it; they read server state through the app shell. */
const APP_SCREENS: Row[] = [
  [
    ['sign-in/:affiliate?', 'sign-up/:affiliate?', 'join/:affiliate?'],
    'Sign In',
    screen(() => import('../features/accounts/routes/sign-in'), 'SignInPage', 'signInLoader'),
  ],
  [
    'email/:affiliate?',
    'Sign In',
    screen(() => import('../features/accounts/routes/email-link'), 'EmailLinkPage', 'emailLinkLoader'),
  ],
  [
    'email-link-sent',
    'Check Your E-mail',
    screen(() => import('../features/accounts/routes/email-link-sent'), 'EmailLinkSentPage', 'emailLinkSentLoader'),
  ],
  [
    'complete-profile',
    'Complete Your Profile',
    screen(
      () => import('../features/accounts/routes/complete-profile'),
      'CompleteProfilePage',
      'completeProfileLoader',
    ),
  ],
  [
    'unsafe',
    'Unsafe Browser',
    screen(() => import('../features/accounts/routes/unsafe'), 'UnsafeBrowserPage', 'unsafeBrowserLoader'),
  ],
  ['home', 'Home', screen(() => import('../features/home/routes/home'), 'HomePage', 'homeLoader')],
  ['search', 'Search', screen(() => import('../features/search/routes/search'), 'SearchPage', 'searchLoader')],
  [
    'insights',
    'Insights',
    screen(() => import('../features/insights/routes/insights'), 'InsightsPage', 'insightsLoader'),
  ],
  [
    'create',
    'Create Wish',
    screen(() => import('../features/wishes/routes/create-wish'), 'CreateWishPage', 'createWishLoader'),
  ],
  ['edit', 'Edit Wish', screen(() => import('../features/wishes/routes/edit-wish'), 'EditWishPage', 'editWishLoader')],
  [
    'profile',
    'Profile',
    screen(() => import('../features/profile-editing/routes/profile-menu'), 'ProfileMenuPage', 'profileMenuLoader'),
  ],
  [
    'profile/display-name',
    'Display Name',
    screen(() => import('../features/profile-editing/routes/display-name'), 'DisplayNamePage', 'displayNameLoader'),
  ],
  [
    'profile/handle',
    'Handle',
    screen(() => import('../features/profile-editing/routes/handle'), 'HandlePage', 'handleLoader'),
  ],
  [
    'profile/photo',
    'Photo',
    screen(() => import('../features/profile-editing/routes/profile-image'), 'PhotoPage', 'profileImageLoader'),
  ],
  [
    'profile/banner',
    'Banner',
    screen(() => import('../features/profile-editing/routes/profile-image'), 'BannerPage', 'profileImageLoader'),
  ],
  [
    'profile/description',
    'About',
    screen(() => import('../features/profile-editing/routes/description'), 'DescriptionPage', 'descriptionLoader'),
  ],
  [
    'profile/links',
    'Links',
    screen(() => import('../features/profile-editing/routes/links'), 'LinksPage', 'linksLoader'),
  ],
  [
    'success',
    'Purchase Complete',
    () =>
      import('../features/gifts/routes/purchase-success').then((m) => ({
        Component: m.PurchaseSuccessPage,
        loader: m.purchaseSuccessLoader,
        ErrorBoundary: m.PurchaseSuccessError,
      })),
  ],
  [
    ['cs', 'stripe/cs'],
    'Payment',
    screen(() => import('../features/gifts/routes/checkout-return'), 'CheckoutReturnPage', 'checkoutReturnLoader'),
  ],
  [
    'conversations',
    'Conversations',
    screen(() => import('../features/conversations/routes/conversations'), 'ConversationsPage', 'conversationsLoader'),
  ],
  [
    'conversations/:conversationId',
    'Conversation',
    screen(() => import('../features/conversations/routes/conversation'), 'ConversationPage', 'conversationLoader'),
  ],
  [
    'settings',
    'Settings',
    screen(() => import('../features/settings/routes/settings'), 'SettingsPage', 'settingsLoader'),
  ],
  [
    'settings/webhooks',
    'Webhooks',
    screen(() => import('../features/webhooks/routes/webhooks'), 'WebhooksPage', 'webhooksLoader'),
  ],
  [
    'settings/overlay',
    'Stream Overlay',
    screen(() => import('../features/overlay/routes/overlay-settings'), 'OverlaySettingsPage', 'overlaySettingsLoader'),
  ],
  ['fans', 'Fans', screen(() => import('../features/fans/routes/fans'), 'FansPage', 'fansLoader')],
  [
    'purchases',
    'Purchases',
    screen(() => import('../features/gifts/routes/purchases'), 'PurchasesPage', 'purchasesLoader'),
  ],
  [
    'subscriptions',
    'Subscriptions',
    screen(() => import('../features/subscriptions/routes/subscriptions'), 'SubscriptionsPage', 'subscriptionsLoader'),
  ],
  [
    'affiliate',
    'Affiliate',
    screen(() => import('../features/affiliate/routes/affiliate'), 'AffiliatePage', 'affiliateLoader'),
  ],
  ['inbox', 'Inbox', screen(() => import('../features/inbox/routes/inbox'), 'InboxPage', 'inboxLoader')],
  ['received', 'Received', screen(() => import('../features/gifts/routes/received'), 'ReceivedPage', 'receivedLoader')],
  [
    'received/item/:purchaseId',
    'Received Gift',
    screen(() => import('../features/gifts/routes/received-item'), 'ReceivedItemPage', 'receivedItemLoader'),
  ],
  [
    'x/:productId',
    null,
    screen(() => import('../features/wishes-public/routes/wish-page'), 'PublicWishPage', 'publicWishLoader'),
  ],
  [
    ':handle',
    null,
    screen(() => import('../features/profiles/routes/public-profile'), 'PublicProfilePage', 'publicProfileLoader'),
  ],
  [
    ':handle/tip',
    null,
    screen(() => import('../features/profiles/routes/public-profile'), 'PublicProfileTipPage', 'publicProfileLoader'),
  ],
  ['balance', 'Balance', screen(() => import('../features/wallet/routes/balance'), 'BalancePage', 'balanceLoader')],
  [
    'test',
    'Payout Test',
    screen(() => import('../features/wallet/routes/payout-test'), 'PayoutTestPage', 'payoutTestLoader'),
  ],
  [
    'tokens/stripe/success',
    'Tokens',
    screen(() => import('../features/wallet/routes/top-up-return'), 'TopUpReturnPage', 'topUpReturnLoader'),
  ],
  [
    'moderation',
    'Moderation',
    screen(() => import('../features/safety/routes/moderation'), 'ModerationPage', 'moderationLoader'),
  ],
  [
    'moderation/audit',
    'Audit Log',
    screen(() => import('../features/safety/routes/audit-log'), 'AuditLogPage', 'auditLogLoader'),
  ],
  [
    'suspended',
    'Account Suspended',
    screen(() => import('../features/safety/routes/suspended'), 'SuspendedPage', 'suspendedLoader'),
  ],
  ['dev/outbox', 'Outbox', screen(() => import('../features/dev/routes/outbox'), 'OutboxPage', 'outboxLoader')],
];

/** The stream overlay draws nothing until its code has loaded: it sits transparent over a stream. */
function NothingYet() {
  return null;
}

export const routes: RouteObject[] = [
  // The stream overlay (decision 031): outside the app's layout and shell, so it has no top bar, no padding
  // and no query cache, and its code loads only here.
  {
    path: '/overlay/:secret',
    HydrateFallback: NothingYet,
    lazy: screen(() => import('../features/overlay/routes/overlay-page'), 'OverlayPage', 'overlayLoader'),
  },
  // The overlay's control page (decision 100): an OBS custom dock at its own secret address, outside the app too.
  {
    path: '/overlay-control/:secret',
    HydrateFallback: NothingYet,
    lazy: screen(() => import('../features/overlay-control/routes/control-page'), 'ControlPage'),
  },
  {
    path: '/',
    Component: AppLayout,
    // What shows until the first screen's code and data have loaded, also drawn by the server (decision 052).
    HydrateFallback: ScreenPlaceholder,
    errorElement: <RouterFallbackBoundary />,
    children: [
      {
        // A pathless layer so a crashing screen is caught inside the layout.
        errorElement: <RouteErrorBoundary />,
        children: [
          ...toRoutes(PAGES),
          { lazy: screen(() => import('./app-shell'), 'AppShell'), children: toRoutes(APP_SCREENS) },
          {
            path: '*',
            handle: { title: 'Not Found' } satisfies ScreenHandle,
            lazy: screen(() => import('../components/not-found-screen'), 'NotFoundScreen'),
          },
        ],
      },
    ],
  },
];
