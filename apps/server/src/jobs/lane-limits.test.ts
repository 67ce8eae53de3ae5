import { describe, expect, it } from 'vitest';
import { createLaneAccounting } from './lane-limits';

describe('a lane’s limits', () => {
  const job = (groupKey: string | null, tenantKey: string | null) => ({ groupKey, tenantKey });

  it('skips a group while it has its jobs under way, and lets it run again when one ends', () => {
    const lane = createLaneAccounting({ perGroup: 2 });
    lane.started(job('endpoint-a', 'creator-1'));
    expect(lane.excluded().groups).toEqual([]);
    lane.started(job('endpoint-a', 'creator-1'));
    lane.started(job(null, null));
    expect(lane.excluded()).toEqual({ groups: ['endpoint-a'], tenants: [] });
    lane.finished(job('endpoint-a', 'creator-1'), 10);
    expect(lane.excluded().groups).toEqual([]);
  });

  it('skips a tenant that used its time budget until its window ends, and says when that is', () => {
    let now = 1_000_000;
    const lane = createLaneAccounting({ tenantBudget: { ms: 20_000, windowMs: 60_000 } }, () => now);
    for (let i = 0; i < 3; i++) lane.finished(job(`endpoint-${i}`, 'creator-1'), 5_000);
    lane.finished(job('endpoint-9', 'creator-2'), 30);
    expect(lane.excluded().tenants).toEqual([]);
    expect(lane.msUntilBudgetFrees()).toBeUndefined();
    now += 10_000;
    lane.finished(job('endpoint-4', 'creator-1'), 5_000);
    expect(lane.excluded()).toEqual({ groups: [], tenants: ['creator-1'] });
    expect(lane.msUntilBudgetFrees()).toBe(50_000);
    now += 50_000;
    expect(lane.excluded().tenants).toEqual([]);
    expect(lane.msUntilBudgetFrees()).toBeUndefined();
  });

  it('limits nothing without limits', () => {
    const lane = createLaneAccounting({});
    for (let i = 0; i < 100; i++) lane.started(job('endpoint-a', 'creator-1'));
    lane.finished(job('endpoint-a', 'creator-1'), 1_000_000);
    expect(lane.excluded()).toEqual({ groups: [], tenants: [] });
  });
});
