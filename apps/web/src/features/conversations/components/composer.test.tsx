import { CHAT_MESSAGES, MESSAGE_MAX } from '@sweetwish/shared/conversation-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
// Reading a picture needs a real browser; the hash itself is tested in lib/blurhash.test.ts.
import { stubFetch } from '../../../test-support/stub-fetch';
import { Composer } from './composer';

vi.mock('../../../lib/blurhash', () => ({ blurhashOfFile: async () => 'L'.repeat(36) }));

type Call = { url: string; body: unknown };

/** The API as the composer meets it: each call is recorded; `fail` names the ones that answer 500. */
function stubApi(fail: (call: Call) => boolean = () => false) {
  const calls: Call[] = [];
  let seq = 1;
  stubFetch(async (url, sent) => {
    const body =
      typeof sent.body === 'string' ? JSON.parse(sent.body) : (sent.body?.get('file') as File | undefined)?.name;
    const call = { url, body };
    calls.push(call);
    // Each send waits a moment, as over a network: the composer shows it is busy meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (fail(call))
      return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'no' } }), { status: 500 });
    seq += 1;
    return new Response(JSON.stringify({ id: `m${seq}`, seq, version: seq, isMine: true }), { status: 201 });
  });
  return calls;
}

function renderComposer({ isLoading = false } = {}) {
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Composer conversationId="c1" isLoading={isLoading} />
    </QueryClientProvider>,
  );
  const picker = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (...files: File[]) => fireEvent.change(picker, { target: { files } });
  return { pick };
}

const image = (name: string) => new File(['x'], name, { type: 'image/png' });
const field = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const previews = () => screen.queryByRole('list', { name: 'Attached images' });
const previewNames = () =>
  within(previews() ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const messages = () => currentNotifications().map((n) => n.message);

describe('the composer', () => {
  // jsdom has no object URLs; the previews only need an address.
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
  });
  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    for (const n of currentNotifications()) dismiss(n.id);
    vi.unstubAllGlobals();
  });

  it('waits for text or an image before Send, and while loading', () => {
    stubApi();
    const { pick } = renderComposer();
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.input(field(), { target: { value: '   ' } });
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.input(field(), { target: { value: 'Hi' } });
    expect(sendButton()).toHaveProperty('disabled', false);
    fireEvent.input(field(), { target: { value: '' } });
    pick(image('a.png'));
    expect(sendButton()).toHaveProperty('disabled', false);
    cleanup();
    renderComposer({ isLoading: true });
    fireEvent.input(field(), { target: { value: 'Hi' } });
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('attaches images only, each file name once, and removes one on request', () => {
    stubApi();
    const { pick } = renderComposer();
    pick(image('a.png'), new File(['x'], 'notes.txt', { type: 'text/plain' }), image('b.png'));
    pick(image('a.png'));
    expect(previewNames()).toEqual(['a.png', 'b.png']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(previewNames()).toEqual(['b.png']);
  });

  it('sends the text, then each image in turn, disabled meanwhile, and empties itself', async () => {
    const calls = stubApi();
    const { pick } = renderComposer();
    fireEvent.input(field(), { target: { value: '  Hello there  ' } });
    pick(image('a.png'), image('b.png'));
    fireEvent.click(sendButton());
    expect(field()).toHaveProperty('disabled', true);
    expect(await screen.findByRole('progressbar', { name: 'Uploading a.png' })).toBeTruthy();
    await waitFor(() => expect(previews()).toBeNull());
    expect(calls).toEqual([
      { url: '/api/conversations/c1/messages', body: { type: 'text', content: 'Hello there' } },
      { url: '/api/conversations/c1/images', body: 'a.png' },
      { url: '/api/conversations/c1/images', body: 'b.png' },
    ]);
    expect(field()).toHaveProperty('value', '');
    expect(field()).toHaveProperty('disabled', false);
    expect(messages()).toEqual([]);
  });

  it('sends no text message when there is only whitespace besides the images', async () => {
    const calls = stubApi();
    const { pick } = renderComposer();
    fireEvent.input(field(), { target: { value: ' \n ' } });
    pick(image('a.png'));
    fireEvent.click(sendButton());
    await waitFor(() => expect(previews()).toBeNull());
    expect(calls.map((c) => c.url)).toEqual(['/api/conversations/c1/images']);
  });

  it('keeps text that could not be sent and says "Could not send message"', async () => {
    stubApi((call) => call.url.endsWith('/messages'));
    renderComposer();
    fireEvent.input(field(), { target: { value: 'Hello' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(messages()).toEqual(['Could not send message']));
    await waitFor(() => expect(field()).toHaveProperty('disabled', false));
    expect(field()).toHaveProperty('value', 'Hello');
  });

  it('sends the other images when one fails, keeping the failed one with "Error uploading file"', async () => {
    const calls = stubApi((call) => call.body === 'b.png');
    const { pick } = renderComposer();
    pick(image('a.png'), image('b.png'), image('c.png'));
    fireEvent.click(sendButton());
    await waitFor(() => expect(field()).toHaveProperty('disabled', false));
    expect(calls.map((c) => c.body)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(previewNames()).toEqual(['b.png']);
    expect(messages()).toEqual(['Error uploading file']);
  });

  it('inserts an emoji where the caret is', async () => {
    stubApi();
    renderComposer();
    fireEvent.input(field(), { target: { value: 'Hi there' } });
    (field() as HTMLTextAreaElement).setSelectionRange(2, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Insert emoji' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Insert 🎉' }));
    expect(field()).toHaveProperty('value', 'Hi🎉 there');
  });

  it('words text over the limit with the shared schema under the field as one types, and sends nothing', async () => {
    const calls = stubApi();
    renderComposer();
    fireEvent.input(field(), { target: { value: 'x'.repeat(MESSAGE_MAX + 1) } });
    expect(await screen.findByText(CHAT_MESSAGES.tooLong)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.keyDown(field(), { key: 'Enter' });
    fireEvent.input(field(), { target: { value: 'Hi' } });
    await waitFor(() => expect(screen.queryByText(CHAT_MESSAGES.tooLong)).toBeNull());
    expect(calls).toEqual([]);
  });

  it('puts the server’s problem with the text under the field, keeps the text, and tells no toast', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({
            error: { code: 'VALIDATION', message: 'content: Not that', fields: { content: 'Not that' } },
          }),
          { status: 400 },
        ),
    );
    renderComposer();
    fireEvent.input(field(), { target: { value: 'Hello' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Not that')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field()).toHaveProperty('value', 'Hello');
    expect(messages()).toEqual([]);
  });
});
