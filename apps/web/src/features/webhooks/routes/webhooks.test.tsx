import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderSignedIn } from '../../../test-support/render-signed-in';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { ENDPOINT_FORM_TEXT } from '../components/endpoint-form';
import { WebhooksPage } from './webhooks';

const endpoint = {
  id: 'we_1',
  url: 'https://hooks.example.com/sweetwish',
  events: ['tip.received'],
  status: 'active',
  failingSince: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};

/** The server: a list of endpoints, and `create` answering a POST; a local test server takes http too. */
function stubServer(
  create: (body: unknown) => Response,
  { endpoints = [] as unknown[], acceptsLocalHttp = false } = {},
) {
  return stubFetch((url, sent: SentRequest) => {
    if (url === `/api/webhooks/endpoints/${endpoint.id}/test` && sent.method === 'POST') {
      return Response.json({ eventId: 'evt_1' }, { status: 202 });
    }
    if (url === `/api/webhooks/endpoints/${endpoint.id}/attempts`) return Response.json({ attempts: [] });
    if (url === '/api/webhooks/endpoints' && sent.method === 'POST') {
      const answer = create(JSON.parse(String(sent.body)));
      if (answer.status === 201) endpoints.push(endpoint);
      return answer;
    }
    if (url === '/api/webhooks/endpoints') return Response.json({ endpoints, acceptsLocalHttp });
    return new Response(null, { status: 404 });
  });
}

const urlField = () => screen.getByRole('textbox', { name: ENDPOINT_FORM_TEXT.url });
const checkbox = (type: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`\\(${type.replace('.', '\\.')}\\)`) });
const posts = (calls: SentRequest[]) => calls.filter((c) => c.method === 'POST');

describe('the webhooks screen’s endpoint form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the address and the events with the shared schema as one types, and sends nothing while they are wrong', async () => {
    const calls = stubServer(() => Response.json(endpoint, { status: 201 }));
    renderSignedIn(WebhooksPage, { path: '/settings/webhooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    fireEvent.input(urlField(), { target: { value: 'ftp://files.example.com' } });
    expect(await screen.findByText('The address must start with https://')).toBeTruthy();
    fireEvent.input(urlField(), { target: { value: 'https://me:pw@hooks.example.com' } });
    expect(await screen.findByText('The address must not contain a user name or password')).toBeTruthy();
    fireEvent.click(checkbox('gift.received'));
    fireEvent.click(checkbox('tip.received'));
    expect(await screen.findByText('Pick at least one event')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add endpoint' }).hasAttribute('disabled')).toBe(false),
    );
    expect(posts(calls)).toEqual([]);
  });

  it('adds an endpoint with the chosen events and lists it', async () => {
    const calls = stubServer(() => Response.json(endpoint, { status: 201 }));
    renderSignedIn(WebhooksPage, { path: '/settings/webhooks' });
    expect(await screen.findByText('No endpoints yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    fireEvent.input(urlField(), { target: { value: endpoint.url } });
    fireEvent.click(checkbox('gift.received'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(endpoint.url)).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(posts(calls).map((c) => JSON.parse(String(c.body)))).toEqual([
      { url: endpoint.url, events: ['tip.received'] },
    ]);
  });

  it('shows the server’s refusal of the address under the field', async () => {
    const refusal = 'The address must be a public address on the internet.';
    stubServer(() => apiError(400, 'VALIDATION', refusal, { url: refusal }));
    renderSignedIn(WebhooksPage, { path: '/settings/webhooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    fireEvent.input(urlField(), { target: { value: 'https://10.0.0.1/hook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
  });

  it('says what addresses the server takes: https only, or local http too on a test server', async () => {
    stubServer(() => Response.json(endpoint, { status: 201 }));
    renderSignedIn(WebhooksPage, { path: '/settings/webhooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText(ENDPOINT_FORM_TEXT.urlHelp)).toBeTruthy();
    cleanup();
    stubServer(() => Response.json(endpoint, { status: 201 }), { acceptsLocalHttp: true });
    renderSignedIn(WebhooksPage, { path: '/settings/webhooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText(`${ENDPOINT_FORM_TEXT.urlHelp} ${ENDPOINT_FORM_TEXT.localHttpHelp}`)).toBeTruthy();
  });
});

describe('an endpoint', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a test event to itself and opens its delivery log', async () => {
    const calls = stubServer(() => new Response(null, { status: 500 }), { endpoints: [endpoint] });
    renderSignedIn(WebhooksPage, { path: '/settings/webhooks' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delivery log' }).getAttribute('aria-expanded')).toBe('true'),
    );
    expect(posts(calls).map((c) => c.url)).toEqual([`/api/webhooks/endpoints/${endpoint.id}/test`]);
  });
});
