// The kill test's client (kill-test.mjs): JSON requests through the balancer as one user.

/** Requests through the balancer, each user from an address of their own; counts what was sent. */
export function createApi(baseUrl) {
  const api = {
    sent: 0,
    async call(method, pathname, user, body) {
      api.sent++;
      const res = await fetch(`${baseUrl}${pathname}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Origin: baseUrl,
          Cookie: user.cookie,
          'X-Forwarded-For': user.address,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (!res.ok)
        throw Object.assign(new Error(`${method} ${pathname}: ${res.status} ${text}`), { status: res.status });
      return text ? JSON.parse(text) : undefined;
    },
    get: (pathname, user) => api.call('GET', pathname, user),
    post: (pathname, user, body) => api.call('POST', pathname, user, body),
  };
  return api;
}
