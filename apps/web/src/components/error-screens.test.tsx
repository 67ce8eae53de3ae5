import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, data } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test-support/stub-fetch';
import { Notifications } from './notifications';
import { RouteErrorScreen } from './route-error-screen';
import { RouterFallback } from './router-fallback';

function Nothing() {
  return null;
}

function renderFailingRoute(errorElement: React.ReactNode, loader: () => never) {
  const router = createMemoryRouter([{ path: '/', loader, Component: Nothing, errorElement }]);
  render(
    <>
      <RouterProvider router={router} />
      <Notifications />
    </>,
  );
}

describe('the error screens', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('show the router fallback with the status and text of a route response', async () => {
    renderFailingRoute(<RouterFallback />, () => {
      throw data(null, { status: 503, statusText: 'Service Unavailable' });
    });
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('503 Service Unavailable')).toBeTruthy();
  });

  it('show the router fallback with the message of a thrown error', async () => {
    renderFailingRoute(<RouterFallback />, () => {
      throw new Error('chunk failed');
    });
    expect(await screen.findByText('chunk failed')).toBeTruthy();
  });

  it('show "Something Broke.", the toast and report a crash to the server', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    renderFailingRoute(<RouteErrorScreen />, () => {
      throw new Error('screen exploded');
    });
    expect(await screen.findByText('Something Broke.')).toBeTruthy();
    expect(await screen.findByText('An error occurred.')).toBeTruthy();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/client-errors');
    expect(JSON.parse(String(calls[0]?.body))).toMatchObject({ message: 'screen exploded' });
  });
});
