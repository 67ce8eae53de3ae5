import type { Me } from '@sweetwish/shared/accounts';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { testMe } from '../../../test-support/render-signed-in';
import { stubFetch } from '../../../test-support/stub-fetch';
import { ModerationPage } from './moderation';
import { SuspendedPage } from './suspended';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function SignInStandIn() {
  return <h1>Sign In</h1>;
}

const suspended = { suspension: { reason: 'Explicit photos', suspendedAt: '2026-12-05T10:00:00.000Z' } };

/** The app's screens a suspended person meets: a protected one, the suspended screen, and sign-in. */
function renderAt(path: string, me: Me | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, me);
  const router = createMemoryRouter(
    [
      { path: '/moderation', Component: ModerationPage },
      { path: '/suspended', Component: SuspendedPage },
      { path: '/sign-in', Component: SignInStandIn },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the suspended screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes a browser whose session a suspension ended to a screen that says why, not to sign in', async () => {
    const calls = stubFetch((url) => (url === '/api/suspension' ? json(suspended) : json({}, 404)));
    const router = renderAt('/moderation', null);
    expect(await screen.findByRole('heading', { name: SAFETY_MESSAGES.suspendedTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/suspended');
    expect(screen.getByText('Explicit photos')).toBeTruthy();
    expect(screen.getByText('Suspended by a moderator on Dec 5th, 2026.')).toBeTruthy();
    expect(screen.getByText(SAFETY_MESSAGES.suspendedDetail)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
    expect(screen.getByRole('link', { name: 'Sign In With Another Account' }).getAttribute('href')).toBe('/sign-in');
    // The protected screen asked nothing of its own: a visitor may not read the moderation queue.
    expect(calls.map((c) => c.url)).toEqual(['/api/suspension']);
  });

  it('says the account is suspended, and where the reason went, to a browser that cannot know why', async () => {
    stubFetch(() => json({ suspension: null }));
    renderAt('/suspended', null);
    expect(await screen.findByRole('heading', { name: SAFETY_MESSAGES.suspended })).toBeTruthy();
    expect(screen.getByText(SAFETY_MESSAGES.suspendedReasonUnknown)).toBeTruthy();
  });

  it('tells a signed-in user whose account is not suspended so, with a way home', async () => {
    stubFetch(() => json({ suspension: null }));
    renderAt('/suspended', testMe);
    expect(await screen.findByRole('heading', { name: 'Your account is not suspended.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/home');
  });
});
