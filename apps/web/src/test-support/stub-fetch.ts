import { vi } from 'vitest';

/** What one request sent: its path and query (the api client sends absolute addresses), method and body. */
export type SentRequest = { url: string; method: string; body: string | FormData | undefined };

/**
 * Stands in for the server: stubs fetch so each request is recorded and answered by `answer`. The api client
 * hands fetch a Request; a plain `fetch(url, init)` call is read the same way.
 */
export function stubFetch(answer: (url: string, sent: SentRequest) => Response | Promise<Response>): SentRequest[] {
  const calls: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const sent = await sentOf(input, init);
      calls.push(sent);
      return answer(sent.url, sent);
    }),
  );
  return calls;
}

async function sentOf(input: Request | string, init?: RequestInit): Promise<SentRequest> {
  if (typeof input === 'string') {
    return { url: input, method: init?.method ?? 'GET', body: init?.body as string | FormData | undefined };
  }
  const { pathname, search } = new URL(input.url);
  const isForm = input.headers.get('Content-Type')?.startsWith('multipart/form-data') ?? false;
  const body = input.body === null ? undefined : isForm ? await input.formData() : await input.text();
  return { url: pathname + search, method: input.method, body };
}
