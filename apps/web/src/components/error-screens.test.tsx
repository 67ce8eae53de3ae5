import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  afterEach(() => vi.restoreAllMocks());

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
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    renderFailingRoute(<RouteErrorScreen />, () => {
      throw new Error('screen exploded');
    });
    expect(await screen.findByText('Something Broke.')).toBeTruthy();
    expect(await screen.findByText('An error occurred.')).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(JSON.parse(String(init.body))).toMatchObject({ message: 'screen exploded' });
  });
});
