import { api, ok } from './api-client';

const reported = new WeakSet<object>();

/** Sends an uncaught error to the server's log, once per error object. Never throws. */
export function reportError(error: unknown) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const err = error instanceof Error ? error : new Error(String(error));
  ok(
    api.POST('/api/client-errors', {
      body: {
        message: err.message.slice(0, 2000) || err.name,
        stack: err.stack?.slice(0, 10_000),
        url: window.location.href.slice(0, 2000),
      },
    }),
  ).catch(() => {});
}
