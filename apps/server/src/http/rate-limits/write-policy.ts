import type { RateLimit } from './service';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** Uses per minute and per day (UTC) of one kind of write. */
type Allowance = { perMinute: number; perDay: number };

type WriteKindPolicy = {
  /** The writes of this kind, as `METHOD /path` under /api, `{name}` standing for one path segment. */
  routes: string[];
  /** What the message calls them: "Too many {noun}". */
  noun: string;
  perUser: Allowance;
  /** Per client address (an IPv6 /64): many people can share one (an office, a mobile carrier's NAT). */
  perAddress: Allowance;
  /** Over the whole site, for writes whose cost lands on the operator rather than on one account. */
  sitewidePerMinute?: number;
};

/**
 * How many writes of each kind one user and one address may make: far above what a person does, far
 * below what a script does (the numbers and their reasons: docs/decisions/012-write-limits.md). A
 * signed-in request counts against its user and its address, a signed-out one against its address.
 * Every write under /api not listed here is an "other" write, except the exempt ones below.
 */
export const WRITE_POLICY = {
  message: {
    routes: ['POST /conversations/{id}/messages'],
    noun: 'messages',
    perUser: { perMinute: 60, perDay: 2_000 },
    perAddress: { perMinute: 600, perDay: 20_000 },
  },
  conversation: {
    routes: ['POST /conversations'],
    noun: 'new conversations',
    perUser: { perMinute: 30, perDay: 500 },
    perAddress: { perMinute: 300, perDay: 5_000 },
  },
  wish: {
    routes: ['POST /wishes', 'PATCH /wishes/{id}'],
    noun: 'wish changes',
    perUser: { perMinute: 60, perDay: 1_000 },
    perAddress: { perMinute: 600, perDay: 10_000 },
  },
  profile: {
    routes: ['PATCH /profile', 'POST /profile/complete', 'PATCH /settings'],
    noun: 'profile changes',
    perUser: { perMinute: 30, perDay: 300 },
    perAddress: { perMinute: 300, perDay: 3_000 },
  },
  // Apart from other profile changes: each change keeps the old handle reserved for 30 days.
  handle: {
    routes: ['PUT /profile/handle'],
    noun: 'handle changes',
    perUser: { perMinute: 5, perDay: 20 },
    perAddress: { perMinute: 50, perDay: 200 },
  },
  upload: {
    routes: ['POST /media/images', 'POST /conversations/{id}/images'],
    noun: 'image uploads',
    perUser: { perMinute: 20, perDay: 300 },
    perAddress: { perMinute: 200, perDay: 3_000 },
  },
  gift: {
    routes: ['POST /tips', 'POST /purchases', 'POST /wishes/{id}/contributions', 'POST /contributions/{id}/take-back'],
    noun: 'tips and purchases',
    perUser: { perMinute: 60, perDay: 1_000 },
    perAddress: { perMinute: 600, perDay: 10_000 },
  },
  // Each subscribe charges the wallet and queues a renewal job (decision 034).
  subscription: {
    routes: ['POST /subscriptions', 'POST /subscriptions/{id}/cancel'],
    noun: 'subscription changes',
    perUser: { perMinute: 30, perDay: 300 },
    perAddress: { perMinute: 300, perDay: 3_000 },
  },
  payment: {
    routes: ['POST /checkout/top-ups', 'POST /payouts/withdrawals', 'POST /payouts/onboarding-link'],
    noun: 'payment requests',
    perUser: { perMinute: 30, perDay: 200 },
    perAddress: { perMinute: 300, perDay: 2_000 },
  },
  // Per address only twice a person's: 12 accounts on one address filed 100 reports a minute (decision 028).
  report: {
    routes: ['POST /reports'],
    noun: 'reports',
    perUser: { perMinute: 10, perDay: 50 },
    perAddress: { perMinute: 20, perDay: 100 },
  },
  // Each registration is a row and, later, a request to a push service per notification (decision 029).
  push: {
    routes: ['POST /push/subscriptions', 'DELETE /push/subscriptions'],
    noun: 'push notification changes',
    perUser: { perMinute: 10, perDay: 100 },
    perAddress: { perMinute: 100, perDay: 1_000 },
  },
  // A person sets up a few endpoints once; each resend is a request to their server (decision 032).
  webhook: {
    routes: [
      'POST /webhooks/endpoints',
      'PATCH /webhooks/endpoints/{id}',
      'DELETE /webhooks/endpoints/{id}',
      'POST /webhooks/endpoints/{id}/secret/roll',
    ],
    noun: 'webhook changes',
    perUser: { perMinute: 20, perDay: 200 },
    perAddress: { perMinute: 200, perDay: 2_000 },
  },
  webhookResend: {
    routes: ['POST /webhooks/endpoints/{id}/deliveries/{deliveryId}/resend'],
    noun: 'webhook resends',
    perUser: { perMinute: 10, perDay: 100 },
    perAddress: { perMinute: 100, perDay: 1_000 },
  },
  // Each test event is a request to the creator's server, retried if it fails: a few while setting one up.
  webhookTest: {
    routes: ['POST /webhooks/endpoints/{id}/test'],
    noun: 'test events',
    perUser: { perMinute: 5, perDay: 50 },
    perAddress: { perMinute: 50, perDay: 500 },
  },
  // Each read of a store link is up to two requests to another site and an image job (decision 110).
  wishImport: {
    routes: ['POST /wish-imports'],
    noun: 'links read',
    perUser: { perMinute: 10, perDay: 200 },
    perAddress: { perMinute: 30, perDay: 1_000 },
  },
  // The stream overlay's settings (decision 031): a creator tweaks them a few times before going live.
  overlay: {
    routes: [
      'PATCH /overlay/settings',
      'POST /overlay/goal',
      'DELETE /overlay/goal',
      'POST /overlay/secret',
      'POST /overlay/test-alert',
    ],
    noun: 'overlay changes',
    perUser: { perMinute: 30, perDay: 500 },
    perAddress: { perMinute: 300, perDay: 5_000 },
  },
  // Fans' messages (decision 100): the creator's settings, and the control page and overlay by their secret,
  // which act for nobody signed in: a busy stream approves and shows a few alerts a minute.
  giftMessages: {
    routes: [
      'PATCH /gift-messages/settings',
      'POST /gift-messages/control-secret',
      'POST /gift-messages/{id}/hide',
      'POST /overlay-control/{secret}',
      'POST /overlay/{secret}/shown',
    ],
    noun: 'alert actions',
    perUser: { perMinute: 60, perDay: 2_000 },
    perAddress: { perMinute: 300, perDay: 20_000 },
  },
  clientError: {
    routes: ['POST /client-errors'],
    noun: 'error reports',
    perUser: { perMinute: 10, perDay: 100 },
    perAddress: { perMinute: 10, perDay: 100 },
    sitewidePerMinute: 120,
  },
  other: {
    routes: [],
    noun: 'requests',
    perUser: { perMinute: 120, perDay: 10_000 },
    perAddress: { perMinute: 1_200, perDay: 100_000 },
  },
} satisfies Record<string, WriteKindPolicy>;

export type WriteKind = keyof typeof WRITE_POLICY;
/** The allowances of every kind of write (tests that must reach the routes themselves raise them). */
export type WritePolicy = Record<WriteKind, WriteKindPolicy>;

/** Writes with limits of their own: the card provider's signed webhooks (platform and Connect), and sign-in code and link sends. */
export const EXEMPT_WRITES = [
  'POST /payments/webhook',
  'POST /payments/connect-webhook',
  'POST /auth/phone-number/send-otp',
  'POST /auth/sign-in/magic-link',
];

function routePattern(route: string): { method: string; path: RegExp } {
  const [method = '', path = ''] = route.split(' ');
  const segments = path.replace(/\{[^}]+\}/g, '[^/]+');
  return { method, path: new RegExp(`^/api${segments}$`) };
}

const EXEMPT_PATTERNS = EXEMPT_WRITES.map(routePattern);
const KIND_PATTERNS = Object.entries(WRITE_POLICY).flatMap(([kind, policy]) =>
  policy.routes.map((route) => ({ kind: kind as WriteKind, ...routePattern(route) })),
);

/** The kind of a write (a method other than GET, HEAD or OPTIONS) to a path under /api, or 'exempt'. */
export function writeKindOf(method: string, path: string): WriteKind | 'exempt' {
  const matches = (p: { method: string; path: RegExp }) => p.method === method && p.path.test(path);
  if (EXEMPT_PATTERNS.some(matches)) return 'exempt';
  return KIND_PATTERNS.find(matches)?.kind ?? 'other';
}

/** The limits one write of a kind must fit in, by whom it is made. */
export function writeLimitsFor(
  kind: WriteKind,
  who: { userId: string | undefined; address: string },
  writePolicy: WritePolicy = WRITE_POLICY,
): RateLimit[] {
  const policy = writePolicy[kind];
  const allowance = (subject: string, { perMinute, perDay }: Allowance): RateLimit[] => [
    {
      key: `write:${kind}:${subject}`,
      limit: perMinute,
      windowMs: MINUTE,
      message: `Too many ${policy.noun}. Please wait a minute and try again.`,
    },
    {
      key: `write:${kind}:${subject}`,
      limit: perDay,
      windowMs: DAY,
      message: `Too many ${policy.noun} today. Please try again tomorrow.`,
    },
  ];
  return [
    ...(who.userId ? allowance(`user:${who.userId}`, policy.perUser) : []),
    ...allowance(`ip:${who.address}`, policy.perAddress),
    ...(policy.sitewidePerMinute
      ? [
          {
            key: `write:${kind}:all`,
            limit: policy.sitewidePerMinute,
            windowMs: MINUTE,
            message: `Too many ${policy.noun} right now. Please try again in a minute.`,
          },
        ]
      : []),
  ];
}
