import type { GroupGiftProgress } from '@sweetwish/shared/group-gifts';
import type { listCounted } from './repo';

type Counted = Awaited<ReturnType<typeof listCounted>>[number];

/**
 * Who a group gift's public progress names (decision 033): one line per fan who contributed under their
 * name, with their named contributions summed, oldest first; then one "Anonymous" line (null names) for every
 * anonymous contribution together, and those of accounts without a public face (deleted). The count is the
 * number of lines. So the list and the count read the same whether an anonymous contribution came from a
 * named fan or from anyone else: no arithmetic on them names an anonymous contributor.
 */
export function publicContributors(counted: Counted[]): Pick<GroupGiftProgress, 'contributorCount' | 'contributors'> {
  const named = new Map<string, GroupGiftProgress['contributors'][number]>();
  let anonymousCents = 0;
  for (const c of counted) {
    if (c.isAnonymous || c.deletedAt || c.handle === null || c.displayName === null) {
      anonymousCents += c.amountCents;
      continue;
    }
    const line = named.get(c.fanId) ?? { displayName: c.displayName, handle: c.handle, amountCents: 0 };
    line.amountCents += c.amountCents;
    named.set(c.fanId, line);
  }
  const contributors = [...named.values()];
  if (anonymousCents > 0) contributors.push({ displayName: null, handle: null, amountCents: anonymousCents });
  return { contributorCount: contributors.length, contributors };
}
