import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { listPage, readCreatedFilter, readPaging } from './list-pages';
import type { SandboxCore } from './sandbox-core';
import type { StripeEvent } from './sandbox-state';
import { invalidParam, noSuchObject } from './stripe-error';

/** Stripe's event type filter: an exact type, or a `*` wildcard such as `checkout.session.*`. */
function typeMatcher(pattern: string): (type: string) => boolean {
  if (!pattern.includes('*')) return (type) => type === pattern;
  const expression = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return (type) => expression.test(type);
}

/** Retrieve an event, and list them newest first with `limit`, `starting_after`, `ending_before`, `type`, `types`. */
export function registerEventsApi(app: Hono, core: SandboxCore): void {
  app.get(
    '/v1/events/:id',
    apiEndpoint(core, ({ path }) => {
      const id = path('id');
      const event = core.state.events.find((e) => e.id === id);
      if (!event) throw noSuchObject('event', id);
      return () => event;
    }),
  );

  app.get(
    '/v1/events',
    apiEndpoint(core, ({ params }) => {
      const paging = readPaging(params);
      const type = params.string('type');
      const types = params.stringList('types');
      if (type && types.length > 0) {
        throw invalidParam('types', 'You may only specify one of these parameters: type, types.');
      }
      const isInCreatedRange = readCreatedFilter(params);
      const matchers = (type ? [type] : types).map(typeMatcher);
      const isWanted = (e: StripeEvent) =>
        isInCreatedRange(e.created) && (matchers.length === 0 || matchers.some((matches) => matches(e.type)));
      const page = listPage({
        newestFirst: [...core.state.events].reverse(),
        isWanted,
        paging,
        objectName: 'event',
        url: '/v1/events',
      });
      return () => page;
    }),
  );
}
