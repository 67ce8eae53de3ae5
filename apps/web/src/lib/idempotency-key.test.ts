import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useIdempotencyKey } from './idempotency-key';

describe('useIdempotencyKey', () => {
  it('keeps one key while the same action is retried after an unclear outcome', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.for({ amount: 10 });
    result.current.settle(new TypeError('Failed to fetch'));
    rerender();
    expect(result.current.for({ amount: 10 })).toBe(first);
    result.current.settle(new ApiError(500, { code: 'INTERNAL', message: 'Something went wrong.' }));
    expect(result.current.for({ amount: 10 })).toBe(first);
  });

  it('takes a fresh key after a clear answer or a changed body', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.for({ amount: 10 });
    const changed = result.current.for({ amount: 20 });
    expect(changed).not.toBe(first);
    result.current.settle();
    const afterSuccess = result.current.for({ amount: 20 });
    expect(afterSuccess).not.toBe(changed);
    result.current.settle(new ApiError(422, { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' }));
    expect(result.current.for({ amount: 20 })).not.toBe(afterSuccess);
  });
});
