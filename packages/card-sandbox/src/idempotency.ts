import type { ParamObject } from './form-params';
import type { IdempotencyRecord, SandboxState } from './sandbox-state';
import { StripeApiError } from './stripe-error';

/** Stripe forgets an idempotency key 24 hours after its first use. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Parameters as JSON with sorted keys, so the same parameters in another order compare equal. */
export function canonicalParams(params: ParamObject): string {
  const sort = (value: ParamObject | string): unknown =>
    typeof value === 'string'
      ? value
      : Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sort(value[key] ?? '')]),
        );
  return JSON.stringify(sort(params));
}

export type IdempotentRequest = { key: string; method: string; path: string; params: string };

/**
 * The stored answer for a key used before, or null for a new key. The same key with other
 * parameters, or on another endpoint, is refused with Stripe's `idempotency_error`.
 */
export function findStoredAnswer(
  state: SandboxState,
  request: IdempotentRequest,
  nowMs: number,
): IdempotencyRecord | null {
  forgetOldKeys(state, nowMs);
  const stored = state.idempotency[request.key];
  if (!stored) return null;
  if (stored.method !== request.method || stored.path !== request.path) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${request.method} ${request.path}'). Try using a key other than '${request.key}' if you meant to execute a different request.`,
    });
  }
  if (stored.params !== request.params) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.key}' if you meant to execute a different request.`,
    });
  }
  return stored;
}

export function storeAnswer(
  state: SandboxState,
  request: IdempotentRequest,
  answer: { status: number; body: unknown; requestId: string; replaysToDrop?: number },
  nowMs: number,
): void {
  state.idempotency[request.key] = {
    method: request.method,
    path: request.path,
    params: request.params,
    status: answer.status,
    body: answer.body,
    requestId: answer.requestId,
    createdAt: nowMs,
    ...(answer.replaysToDrop ? { replaysToDrop: answer.replaysToDrop } : {}),
  };
}

function forgetOldKeys(state: SandboxState, nowMs: number): void {
  for (const [key, record] of Object.entries(state.idempotency)) {
    if (record.createdAt + KEY_LIFETIME_MS <= nowMs) delete state.idempotency[key];
  }
}
