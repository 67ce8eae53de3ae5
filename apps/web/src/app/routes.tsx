import type { RouteObject } from 'react-router';
import { RouteErrorBoundary, RouterFallbackBoundary } from '../components/lazy-error-screens';
import { AppLayout } from './app-layout';

/**
 * Every route of spec section 2. Screens are code-split: each `lazy` loads only that screen's code.
 * Routes whose screens later issues build show the not-found page until then.
 */
const SCREENS: RouteObject[] = [
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

const notFoundScreen = () => import('../components/not-found-screen').then((m) => ({ Component: m.NotFoundScreen }));

/** Registered now so the router knows them; each gets its screen from the issue that builds it. */
export const UPCOMING_PATHS = [
  'sign-in/:affiliate?',
  'sign-up/:affiliate?',
  'join/:affiliate?',
  'email/:affiliate?',
  'email-link-sent',
  'complete-profile',
  'unsafe',
  'home',
  'search',
  'conversations',
  'conversations/:conversationId',
  'purchases',
  'received',
  'received/item/:purchaseId',
  'create',
  'edit',
  'x/:productId',
  'success',
  'cs',
  'stripe/cs',
  'tokens/stripe/success',
  'balance',
  'settings',
  'profile',
  'profile/display-name',
  'profile/handle',
  'profile/photo',
  'profile/banner',
  'profile/description',
  'profile/links',
  'test',
  ':handle',
  ':handle/tip',
] as const;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    errorElement: <RouterFallbackBoundary />,
    children: [
      {
        // A pathless layer so a crashing screen is caught inside the layout.
        errorElement: <RouteErrorBoundary />,
        children: [
          ...SCREENS,
          ...UPCOMING_PATHS.map((path) => ({ path, lazy: notFoundScreen })),
          { path: '*', lazy: notFoundScreen },
        ],
      },
    ],
  },
];
