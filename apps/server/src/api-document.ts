import { OpenAPIHono } from '@hono/zod-openapi';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import {
  CARD_PROVIDER_SCHEME,
  CARD_PROVIDER_SECURITY_SCHEME,
  SESSION_SCHEME,
  SESSION_SECURITY_SCHEME,
  withStandardResponses,
} from './http/api-contract';
import * as signIn from './modules/accounts/auth-contract';
import * as accounts from './modules/accounts/contract';
import * as terms from './modules/accounts/terms-contract';
import * as activity from './modules/activity/contract';
import * as checkout from './modules/checkout/contract';
import * as cardWebhooks from './modules/checkout/webhook-contract';
import * as clientErrors from './modules/client-errors/contract';
import * as conversations from './modules/conversations/contract';
import * as fans from './modules/fans/contract';
import * as gifts from './modules/gifts/contract';
import * as giftMessages from './modules/gifts/message-contract';
import * as groupGifts from './modules/group-gifts/contract';
import * as health from './modules/health/contract';
import * as inbox from './modules/inbox/contract';
import * as affiliate from './modules/insights/affiliate-contract';
import * as insights from './modules/insights/contract';
import * as live from './modules/live/contract';
import * as media from './modules/media/contract';
import * as outbox from './modules/outbox/contract';
import * as overlay from './modules/overlay/contract';
import * as overlayStream from './modules/overlay/stream-contract';
import * as payouts from './modules/payouts/contract';
import * as profiles from './modules/profiles/contract';
import * as push from './modules/push/contract';
import * as safety from './modules/safety/contract';
import * as settings from './modules/settings/contract';
import * as subscriptions from './modules/subscriptions/contract';
import * as wallet from './modules/wallet/contract';
import * as webhooks from './modules/webhooks/contract';
import { CREATOR_WEBHOOKS } from './modules/webhooks/events-contract';
import * as wishImport from './modules/wish-import/contract';
import * as wishes from './modules/wishes/contract';

// The API's OpenAPI document, built from the modules' contracts alone: no database, no server, no handler.
// The server answers it at /api/openapi.json and the web app's client is generated from it.

type Route = Parameters<OpenAPIHono['openAPIRegistry']['registerPath']>[0];
type Module = { tag: string; description: string; contracts: Record<string, unknown>[] };

/** Every module's contracts, under the tag its operations carry in the document. */
const MODULES: Module[] = [
  { tag: 'Health', description: 'Liveness and readiness checks', contracts: [health] },
  { tag: 'Sign-in', description: "Sign-in and sign-out (better-auth's endpoints the app calls)", contracts: [signIn] },
  { tag: 'Accounts', description: 'The signed-in user, sign-in methods and the terms', contracts: [accounts, terms] },
  { tag: 'Live', description: "The signed-in user's live updates (Server-Sent Events)", contracts: [live] },
  { tag: 'Profiles', description: 'Public profiles, handles, search and affiliate links', contracts: [profiles] },
  { tag: 'Wishes', description: 'Wishlists and wishes', contracts: [wishes] },
  { tag: 'Wish imports', description: "A store's product page read for the Create wish form", contracts: [wishImport] },
  { tag: 'Wallet', description: 'Token balance and statement', contracts: [wallet] },
  { tag: 'Checkout', description: 'Buying tokens with a card', contracts: [checkout, cardWebhooks] },
  { tag: 'Gifts', description: 'Buying wishes, tips, and gifts received', contracts: [gifts] },
  {
    tag: 'Gift messages',
    description: "Fans' messages: the creator's settings, the stream's control page, the supporters wall",
    contracts: [giftMessages],
  },
  { tag: 'Group gifts', description: 'Contributions to a wish funded together', contracts: [groupGifts] },
  { tag: 'Subscriptions', description: 'Monthly subscriptions to a creator', contracts: [subscriptions] },
  { tag: 'Fans', description: "A creator's fan base", contracts: [fans] },
  { tag: 'Conversations', description: 'Messages between a fan and a creator', contracts: [conversations] },
  { tag: 'Activity', description: "The signed-in user's activity feed", contracts: [activity] },
  { tag: 'Inbox', description: 'What happened to the signed-in user, and what they have read', contracts: [inbox] },
  {
    tag: 'Affiliate',
    description: 'The creators a user invited and what they earned from them',
    contracts: [affiliate],
  },
  {
    tag: 'Insights',
    description: "A creator's home and insights: earnings, supporters, visits",
    contracts: [insights],
  },
  { tag: 'Payouts', description: "Withdrawing a creator's earnings", contracts: [payouts] },
  { tag: 'Safety', description: 'Blocks, reports and moderation', contracts: [safety] },
  { tag: 'Settings', description: 'Account settings, sign-out everywhere, account deletion', contracts: [settings] },
  {
    tag: 'Overlay',
    description: "A streamer's overlay: settings and public state",
    contracts: [overlay, overlayStream],
  },
  { tag: 'Push', description: 'Browser push subscriptions', contracts: [push] },
  { tag: 'Media', description: 'Image uploads', contracts: [media] },
  { tag: 'Webhooks', description: "A creator's webhook endpoints and deliveries", contracts: [webhooks] },
  { tag: 'Client errors', description: 'Errors the web app reports', contracts: [clientErrors] },
  {
    tag: 'Development',
    description: 'Local development only (the outbox): absent on a public host',
    contracts: [outbox],
  },
];

const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** The routes a contract module exports. */
export function routesOf(contract: Record<string, unknown>): Route[] {
  return Object.values(contract).filter(isRoute);
}

/** Every route of the API with its tag, paths as mounted (under /api). */
export function apiRoutes(): (Route & { tags: string[] })[] {
  // A contract that declares no security is public: the document says so (an empty list), not by omission.
  return MODULES.flatMap(({ tag, contracts }) =>
    contracts.flatMap(routesOf).map((route) => ({ security: [], ...route, path: `/api${route.path}`, tags: [tag] })),
  );
}

type Operation = Parameters<typeof withStandardResponses>[1];
type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

let built: Document | undefined;

/** The OpenAPI 3.1 document of the whole API (built once: contracts do not change while running). */
export function apiDocument(): Document {
  if (built) return built;
  const registry = new OpenAPIHono();
  for (const route of apiRoutes()) registry.openAPIRegistry.registerPath(route);
  for (const webhook of CREATOR_WEBHOOKS) registry.openAPIRegistry.registerWebhook({ ...webhook, tags: ['Webhooks'] });
  registry.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, SESSION_SECURITY_SCHEME);
  registry.openAPIRegistry.registerComponent('securitySchemes', CARD_PROVIDER_SCHEME, CARD_PROVIDER_SECURITY_SCHEME);
  const document = registry.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1',
      description: `The HTTP API of ${PRODUCT_NAME}: the web app's and integrators'. Reference: /api/docs.`,
      license: { name: 'Proprietary', url: '/terms-of-service' },
    },
    servers: [{ url: '/', description: 'This site' }],
    tags: MODULES.map(({ tag, description }) => ({ name: tag, description })),
  });
  for (const methods of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      if (typeof operation === 'object' && operation && 'responses' in operation) {
        withStandardResponses(method, operation as Operation);
      }
    }
  }
  built = document;
  return document;
}
