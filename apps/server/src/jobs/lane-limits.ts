/** What one lane of the job runner allows a group and a tenant on this instance (decision 055). */
export type LaneLimits = {
  /** Jobs of one group (a webhook endpoint) under way at once. */
  perGroup?: number;
  /** Milliseconds of handler time one tenant (a creator) may use per window; past it, its jobs wait. */
  tenantBudget?: { ms: number; windowMs: number };
};

/** A claimed job's keys (jobs.group_key, jobs.tenant_key). */
export type JobKeys = { groupKey: string | null; tenantKey: string | null };

/** The groups and tenants whose jobs a claim must skip now. */
export type Excluded = { groups: string[]; tenants: string[] };

/**
 * Counts, per instance, the jobs under way per group and the time each tenant's jobs took in its current
 * window, and answers whom the next claim must skip. In memory: a limit holds per instance (with N
 * instances, N times it), which bounds what one tenant costs each of them without a shared counter.
 */
export function createLaneAccounting(limits: LaneLimits, clock: () => number = Date.now) {
  const inFlight = new Map<string, number>();
  const budgets = new Map<string, { windowStart: number; usedMs: number }>();

  /** The tenant's window, or nothing once it has ended (forgotten then, so the map stays small). */
  function windowOf(tenant: string) {
    const window = budgets.get(tenant);
    const windowMs = limits.tenantBudget?.windowMs ?? 0;
    if (window && clock() - window.windowStart >= windowMs) {
      budgets.delete(tenant);
      return undefined;
    }
    return window;
  }

  function overBudget(): string[] {
    const budgetMs = limits.tenantBudget?.ms ?? Number.POSITIVE_INFINITY;
    return [...budgets.keys()].filter((tenant) => (windowOf(tenant)?.usedMs ?? 0) >= budgetMs);
  }

  return {
    started(job: JobKeys) {
      if (job.groupKey !== null) inFlight.set(job.groupKey, (inFlight.get(job.groupKey) ?? 0) + 1);
    },
    finished(job: JobKeys, tookMs: number) {
      if (job.groupKey !== null) {
        const left = (inFlight.get(job.groupKey) ?? 1) - 1;
        if (left > 0) inFlight.set(job.groupKey, left);
        else inFlight.delete(job.groupKey);
      }
      if (job.tenantKey === null || !limits.tenantBudget) return;
      const window = windowOf(job.tenantKey);
      if (window) window.usedMs += tookMs;
      else budgets.set(job.tenantKey, { windowStart: clock(), usedMs: tookMs });
    },
    excluded(): Excluded {
      const perGroup = limits.perGroup ?? Number.POSITIVE_INFINITY;
      const groups = [...inFlight].filter(([, n]) => n >= perGroup).map(([group]) => group);
      return { groups, tenants: overBudget() };
    },
    /** Milliseconds until the first tenant over its budget may run again; undefined when none is over. */
    msUntilBudgetFrees(): number | undefined {
      const windowMs = limits.tenantBudget?.windowMs ?? 0;
      const ends = overBudget().map((tenant) => (budgets.get(tenant)?.windowStart ?? 0) + windowMs - clock());
      return ends.length === 0 ? undefined : Math.max(0, Math.min(...ends));
    },
  };
}

export type LaneAccounting = ReturnType<typeof createLaneAccounting>;
