import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import type { ParamReader } from './form-params';
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

/** Stripe's `created` filter: an exact time, or bounds `created[gt]`, `[gte]`, `[lt]`, `[lte]`. */
function readCreatedFilter(params: ParamReader): (created: number) => boolean {
  if (!params.has('created')) return () => true;
  if (typeof params.peek('created') === 'string') {
    const at = params.integer('created', { required: true });
    return (created) => created === at;
  }
  const range = params.object('created', { required: true });
  const gt = range.integer('gt');
  const gte = range.integer('gte');
  const lt = range.integer('lt');
  const lte = range.integer('lte');
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
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
      const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
      const startingAfter = params.string('starting_after');
      const endingBefore = params.string('ending_before');
      if (startingAfter && endingBefore) {
        throw invalidParam(
          'ending_before',
          'You may only specify one of these parameters: ending_before, starting_after.',
        );
      }
      const type = params.string('type');
      const types = params.stringList('types');
      if (type && types.length > 0) {
        throw invalidParam('types', 'You may only specify one of these parameters: type, types.');
      }
      const isInCreatedRange = readCreatedFilter(params);
      const matchers = (type ? [type] : types).map(typeMatcher);
      const isWanted = (e: StripeEvent) =>
        isInCreatedRange(e.created) && (matchers.length === 0 || matchers.some((matches) => matches(e.type)));
      // The cursor is any event id; the filters apply to what lies beyond it.
      const newestFirst = [...core.state.events].reverse();
      const indexOf = (id: string, param: string) => {
        const index = newestFirst.findIndex((e) => e.id === id);
        if (index < 0) throw noSuchObject('event', id, param);
        return index;
      };
      let page: StripeEvent[];
      let hasMore: boolean;
      if (endingBefore) {
        const before = newestFirst.slice(0, indexOf(endingBefore, 'ending_before')).filter(isWanted);
        page = before.slice(Math.max(0, before.length - limit));
        hasMore = before.length > limit;
      } else {
        const start = startingAfter ? indexOf(startingAfter, 'starting_after') + 1 : 0;
        const after = newestFirst.slice(start).filter(isWanted);
        page = after.slice(0, limit);
        hasMore = after.length > limit;
      }
      return () => ({ object: 'list', data: page, has_more: hasMore, url: '/v1/events' });
    }),
  );
}
