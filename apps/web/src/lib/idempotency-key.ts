import { useMemo, useRef } from 'react';
import { ApiError } from './api-client';

/**
 * The Idempotency-Key of one user action (decision 019): the same while the action is retried with the
 * same body after an unclear outcome (a double tap, a network error, a 5xx), so the server does it once;
 * a fresh one after a clear answer (done, or refused: a retry is then a new attempt) or when the body
 * changed, since that is a new action.
 */
export function useIdempotencyKey() {
  const last = useRef<{ key: string; body: string } | undefined>(undefined);
  return useMemo(
    () => ({
      for(body: unknown): string {
        const text = JSON.stringify(body);
        if (last.current?.body !== text) last.current = { key: crypto.randomUUID(), body: text };
        return last.current.key;
      },
      /** Call when the request ended: with no error (done) or the error it ended with. */
      settle(error?: unknown): void {
        const isUnclear = error !== undefined && !(error instanceof ApiError && error.status < 500);
        if (!isUnclear) last.current = undefined;
      },
    }),
    [],
  );
}
