import type { ParamReader } from './form-params';
import { invalidParam, noSuchObject } from './stripe-error';

/** Stripe's list object: one page, newest first. */
export type ListPage<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };

/** Stripe's paging parameters: `limit` (1 to 100, 10 by default) and one cursor at most. */
export type Paging = { limit: number; startingAfter: string | undefined; endingBefore: string | undefined };

export function readPaging(params: ParamReader): Paging {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  if (startingAfter && endingBefore) {
    throw invalidParam('ending_before', 'You may only specify one of these parameters: ending_before, starting_after.');
  }
  return { limit, startingAfter, endingBefore };
}

/** Stripe's `created` filter: an exact time, or bounds `created[gt]`, `[gte]`, `[lt]`, `[lte]`. */
export function readCreatedFilter(params: ParamReader): (created: number) => boolean {
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

/**
 * One page of `newestFirst`, as Stripe pages: after `starting_after` (older objects) or before
 * `ending_before` (newer ones, the page still newest first). The cursor is any object of the list,
 * wanted or not; the filter applies to what lies beyond it. An unknown cursor is a 404 naming it.
 */
export function listPage<T extends { id: string }>(input: {
  newestFirst: T[];
  isWanted: (item: T) => boolean;
  paging: Paging;
  objectName: string;
  url: string;
}): ListPage<T> {
  const { newestFirst, isWanted, paging, objectName, url } = input;
  const { limit, startingAfter, endingBefore } = paging;
  const indexOf = (id: string, param: string) => {
    const index = newestFirst.findIndex((item) => item.id === id);
    if (index < 0) throw noSuchObject(objectName, id, param);
    return index;
  };
  if (endingBefore) {
    const before = newestFirst.slice(0, indexOf(endingBefore, 'ending_before')).filter(isWanted);
    return {
      object: 'list',
      data: before.slice(Math.max(0, before.length - limit)),
      has_more: before.length > limit,
      url,
    };
  }
  const start = startingAfter ? indexOf(startingAfter, 'starting_after') + 1 : 0;
  const after = newestFirst.slice(start).filter(isWanted);
  return { object: 'list', data: after.slice(0, limit), has_more: after.length > limit, url };
}
