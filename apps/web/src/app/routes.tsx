import type { RouteObject } from 'react-router';
import { RouteErrorBoundary, RouterFallbackBoundary } from '../components/lazy-error-screens';
import { AppLayout } from './app-layout';

/**
 * Every route of product.md section 2, and /fans (a creator's fan base). Screens are code-split: each `lazy`
 * loads only that screen's code, and with it the screen's `loader`, which starts every query the screen
 * needs at once (lib/route-loader.ts, decision 025).
 *
 * The landing, marketing and legal pages need no server state; every other screen sits inside the app
 * shell (the query cache), which loads with the first of them.
 */
const PAGES: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/marketing/routes/landing').then((m) => ({ Component: m.LandingPage })),
  },
  { path: 'why', lazy: () => import('../features/marketing/routes/why').then((m) => ({ Component: m.WhyPage })) },
  {
    path: 'support',
    lazy: () => import('../features/legal/routes/support').then((m) => ({ Component: m.SupportPage })),
  },
  {
    path: 'terms-of-service',
    lazy: () => import('../features/legal/routes/terms-of-service').then((m) => ({ Component: m.TermsOfServicePage })),
  },
  {
    path: 'privacy',
    lazy: () => import('../features/legal/routes/privacy').then((m) => ({ Component: m.PrivacyPage })),
  },
];

/** The app's screens: they read server state through the query cache the app shell provides. */
const APP_SCREENS: RouteObject[] = [
  ...['sign-in/:affiliate?', 'sign-up/:affiliate?', 'join/:affiliate?'].map((path) => ({
    path,
    lazy: () =>
      import('../features/auth/routes/sign-in').then((m) => ({ Component: m.SignInPage, loader: m.signInLoader })),
  })),
  {
    path: 'email/:affiliate?',
    lazy: () =>
      import('../features/auth/routes/email-link').then((m) => ({
        Component: m.EmailLinkPage,
        loader: m.emailLinkLoader,
      })),
  },
  {
    path: 'email-link-sent',
    lazy: () =>
      import('../features/auth/routes/email-link-sent').then((m) => ({
        Component: m.EmailLinkSentPage,
        loader: m.emailLinkSentLoader,
      })),
  },
  {
    path: 'complete-profile',
    lazy: () =>
      import('../features/auth/routes/complete-profile').then((m) => ({
        Component: m.CompleteProfilePage,
        loader: m.completeProfileLoader,
      })),
  },
  {
    path: 'unsafe',
    lazy: () =>
      import('../features/auth/routes/unsafe').then((m) => ({
        Component: m.UnsafeBrowserPage,
        loader: m.unsafeBrowserLoader,
      })),
  },
  {
    path: 'home',
    lazy: () => import('../features/home/routes/home').then((m) => ({ Component: m.HomePage, loader: m.homeLoader })),
  },
  {
    path: 'search',
    lazy: () =>
      import('../features/search/routes/search').then((m) => ({ Component: m.SearchPage, loader: m.searchLoader })),
  },
  {
    path: 'create',
    lazy: () =>
      import('../features/wishes/routes/create-wish').then((m) => ({
        Component: m.CreateWishPage,
        loader: m.createWishLoader,
      })),
  },
  {
    path: 'edit',
    lazy: () =>
      import('../features/wishes/routes/edit-wish').then((m) => ({
        Component: m.EditWishPage,
        loader: m.editWishLoader,
      })),
  },
  {
    path: 'profile',
    lazy: () =>
      import('../features/profile-editing/routes/profile-menu').then((m) => ({
        Component: m.ProfileMenuPage,
        loader: m.profileMenuLoader,
      })),
  },
  {
    path: 'profile/display-name',
    lazy: () =>
      import('../features/profile-editing/routes/display-name').then((m) => ({
        Component: m.DisplayNamePage,
        loader: m.displayNameLoader,
      })),
  },
  {
    path: 'profile/handle',
    lazy: () =>
      import('../features/profile-editing/routes/handle').then((m) => ({
        Component: m.HandlePage,
        loader: m.handleLoader,
      })),
  },
  {
    path: 'profile/photo',
    lazy: () =>
      import('../features/profile-editing/routes/profile-image').then((m) => ({
        Component: m.PhotoPage,
        loader: m.profileImageLoader,
      })),
  },
  {
    path: 'profile/banner',
    lazy: () =>
      import('../features/profile-editing/routes/profile-image').then((m) => ({
        Component: m.BannerPage,
        loader: m.profileImageLoader,
      })),
  },
  {
    path: 'profile/description',
    lazy: () =>
      import('../features/profile-editing/routes/description').then((m) => ({
        Component: m.DescriptionPage,
        loader: m.descriptionLoader,
      })),
  },
  {
    path: 'profile/links',
    lazy: () =>
      import('../features/profile-editing/routes/links').then((m) => ({
        Component: m.LinksPage,
        loader: m.linksLoader,
      })),
  },
  {
    path: 'success',
    lazy: () =>
      import('../features/gifts/routes/purchase-success').then((m) => ({
        Component: m.PurchaseSuccessPage,
        loader: m.purchaseSuccessLoader,
        ErrorBoundary: m.PurchaseSuccessError,
      })),
  },
  ...['cs', 'stripe/cs'].map((path) => ({
    path,
    lazy: () =>
      import('../features/gifts/routes/checkout-return').then((m) => ({
        Component: m.CheckoutReturnPage,
        loader: m.checkoutReturnLoader,
      })),
  })),
  {
    path: 'conversations',
    lazy: () =>
      import('../features/conversations/routes/conversations').then((m) => ({
        Component: m.ConversationsPage,
        loader: m.conversationsLoader,
      })),
  },
  {
    path: 'conversations/:conversationId',
    lazy: () =>
      import('../features/conversations/routes/conversation').then((m) => ({
        Component: m.ConversationPage,
        loader: m.conversationLoader,
      })),
  },
  {
    path: 'settings',
    lazy: () =>
      import('../features/settings/routes/settings').then((m) => ({
        Component: m.SettingsPage,
        loader: m.settingsLoader,
      })),
  },
  {
    path: 'settings/webhooks',
    lazy: () =>
      import('../features/webhooks/routes/webhooks').then((m) => ({
        Component: m.WebhooksPage,
        loader: m.webhooksLoader,
      })),
  },
  {
    path: 'settings/overlay',
    lazy: () =>
      import('../features/overlay/routes/overlay-settings').then((m) => ({
        Component: m.OverlaySettingsPage,
        loader: m.overlaySettingsLoader,
      })),
  },
  {
    path: 'fans',
    lazy: () => import('../features/fans/routes/fans').then((m) => ({ Component: m.FansPage, loader: m.fansLoader })),
  },
  {
    path: 'purchases',
    lazy: () =>
      import('../features/gifts/routes/purchases').then((m) => ({
        Component: m.PurchasesPage,
        loader: m.purchasesLoader,
      })),
  },
  {
    path: 'subscriptions',
    lazy: () =>
      import('../features/subscriptions/routes/subscriptions').then((m) => ({
        Component: m.SubscriptionsPage,
        loader: m.subscriptionsLoader,
      })),
  },
  {
    path: 'received',
    lazy: () =>
      import('../features/gifts/routes/received').then((m) => ({
        Component: m.ReceivedPage,
        loader: m.receivedLoader,
      })),
  },
  {
    path: 'received/item/:purchaseId',
    lazy: () =>
      import('../features/gifts/routes/received-item').then((m) => ({
        Component: m.ReceivedItemPage,
        loader: m.receivedItemLoader,
      })),
  },
  {
    path: 'x/:productId',
    lazy: () =>
      import('../features/wishes-public/routes/wish-page').then((m) => ({
        Component: m.PublicWishPage,
        loader: m.publicWishLoader,
      })),
  },
  {
    path: ':handle',
    lazy: () =>
      import('../features/profiles/routes/public-profile').then((m) => ({
        Component: m.PublicProfilePage,
        loader: m.publicProfileLoader,
      })),
  },
  {
    path: ':handle/tip',
    lazy: () =>
      import('../features/profiles/routes/public-profile').then((m) => ({
        Component: m.PublicProfileTipPage,
        loader: m.publicProfileLoader,
      })),
  },
  {
    path: 'balance',
    lazy: () =>
      import('../features/wallet/routes/balance').then((m) => ({ Component: m.BalancePage, loader: m.balanceLoader })),
  },
  {
    path: 'test',
    lazy: () =>
      import('../features/wallet/routes/payout-test').then((m) => ({
        Component: m.PayoutTestPage,
        loader: m.payoutTestLoader,
      })),
  },
  {
    path: 'tokens/stripe/success',
    lazy: () =>
      import('../features/wallet/routes/top-up-return').then((m) => ({
        Component: m.TopUpReturnPage,
        loader: m.topUpReturnLoader,
      })),
  },
  {
    path: 'moderation',
    lazy: () =>
      import('../features/moderation/routes/moderation').then((m) => ({
        Component: m.ModerationPage,
        loader: m.moderationLoader,
      })),
  },
  {
    path: 'dev/outbox',
    lazy: () =>
      import('../features/dev/routes/outbox').then((m) => ({ Component: m.OutboxPage, loader: m.outboxLoader })),
  },
];

const notFoundScreen = () => import('../components/not-found-screen').then((m) => ({ Component: m.NotFoundScreen }));

/**
 * What shows while the first screen's code loads: nothing, as before, but said on purpose (without it
 * React Router warns on every page load that it has no HydrateFallback).
 */
function FirstLoadFallback() {
  return null;
}

export const routes: RouteObject[] = [
  // The stream overlay (decision 031): outside the app's layout and shell, so it has no top bar, no padding
  // and no query cache, and its code loads only here.
  {
    path: '/overlay/:secret',
    HydrateFallback: FirstLoadFallback,
    lazy: () =>
      import('../features/overlay/routes/overlay-page').then((m) => ({
        Component: m.OverlayPage,
        loader: m.overlayLoader,
      })),
  },
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: FirstLoadFallback,
    errorElement: <RouterFallbackBoundary />,
    children: [
      {
        // A pathless layer so a crashing screen is caught inside the layout.
        errorElement: <RouteErrorBoundary />,
        children: [
          ...PAGES,
          {
            lazy: () => import('./app-shell').then((m) => ({ Component: m.AppShell })),
            children: APP_SCREENS,
          },
          { path: '*', lazy: notFoundScreen },
        ],
      },
    ],
  },
];
